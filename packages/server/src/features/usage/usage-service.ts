import { and, count, eq, gte, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { pendingShares, userSettings } from '../../db/schema.ts';

export const defaultMonthlyShareLimit = 10;

/** The current calendar month in UTC, as [start, next month's start). */
export function utcMonthRange(now: Date): { start: Date; end: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, end };
}

/**
 * Monthly usage (ARCHITECTURE §4.5): the user's shares sent in the current calendar month (UTC),
 * against their limit (user_settings.monthly_share_limit, 10 when unset, spec §7 Monthly limit).
 */
export async function getMonthlyUsage({
  db,
  userId,
  now = new Date(),
}: {
  db: Database;
  userId: string;
  now?: Date;
}): Promise<{ used: number; total: number }> {
  const { start, end } = utcMonthRange(now);
  const [usage] = await db
    .select({ used: count() })
    .from(pendingShares)
    .where(
      and(
        eq(pendingShares.userId, userId),
        eq(pendingShares.status, 'sent'),
        gte(pendingShares.sentAt, start),
        lt(pendingShares.sentAt, end),
      ),
    );
  const [settings] = await db
    .select({ limit: userSettings.monthlyShareLimit })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  return { used: usage?.used ?? 0, total: settings?.limit ?? defaultMonthlyShareLimit };
}
