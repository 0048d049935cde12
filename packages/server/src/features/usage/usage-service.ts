import { defaultMonthlyShareLimit, type Usage } from '@life-updates/contract/ideas';
import { and, eq, gte, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { shares, userSettings } from '../../db/schema.ts';
import type { UserScope } from '../../db/owned.ts';

/** The calendar month containing `now`, in UTC: [start, end). */
export function monthWindowUtc(now: Date): { start: Date; end: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, end };
}

/**
 * Monthly usage: `used` is the user's shares with
 * status sent whose sent_at falls in the current calendar month (UTC); `total` is the user's
 * monthly_share_limit, 10 when there is no settings row. The email pipeline calls this before
 * any send.
 */
export async function getMonthlyUsage({
  db,
  userId,
  now = new Date(),
}: UserScope<Database> & { now?: Date }): Promise<Usage> {
  const { start, end } = monthWindowUtc(now);
  const [used, [settings]] = await Promise.all([
    db.$count(
      shares,
      and(eq(shares.userId, userId), eq(shares.status, 'sent'), gte(shares.sentAt, start), lt(shares.sentAt, end)),
    ),
    db.select({ total: userSettings.monthlyShareLimit }).from(userSettings).where(eq(userSettings.userId, userId)),
  ]);
  return { used, total: settings?.total ?? defaultMonthlyShareLimit };
}
