import { defaultMonthlyShareLimit, type Usage } from '@life-updates/contract/ideas';
import { and, eq, exists, gte, inArray, lt, ne, or } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { deliveries, shares, userSettings } from '../../db/schema.ts';
import type { UserScope } from '../../db/owned.ts';

/** The calendar month containing `now`, in UTC: [start, end). */
export function monthWindowUtc(now: Date): { start: Date; end: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, end };
}

/**
 * Whether a share counts toward the monthly limit: it emails the user's contacts. Posts to a
 * Telegram chat or LinkedIn are not contact shares (README "Monthly limit", decision 014), so a
 * share that only posts leaves the meter where it was. The one rule the meter and the send check
 * share.
 */
const countsTowardMonthlyLimit = (db: Executor) =>
  exists(
    db
      .select({ id: deliveries.id })
      .from(deliveries)
      .where(and(eq(deliveries.shareId, shares.id), eq(deliveries.channel, 'email'))),
  );

/**
 * Monthly usage, for the meter and for the check before any send: `used` is the user's contact
 * shares (countsTowardMonthlyLimit) sent in the current calendar month (UTC), and, for the send
 * check (`countsInFlight`), those going out or scheduled too, except the share being sent; `total`
 * is the user's monthly_share_limit, 10 when there is no settings row.
 */
export async function getMonthlyUsage({
  db,
  userId,
  now = new Date(),
  countsInFlight = false,
  exceptShareId,
}: UserScope<Database> & {
  now?: Date;
  /** The send check: shares going out or scheduled are used already. */
  countsInFlight?: boolean;
  /** The share being sent, which does not count as in flight. */
  exceptShareId?: string | undefined;
}): Promise<Usage> {
  const { start, end } = monthWindowUtc(now);
  const sentThisMonth = and(eq(shares.status, 'sent'), gte(shares.sentAt, start), lt(shares.sentAt, end));
  const inFlight = and(
    inArray(shares.status, ['sending', 'scheduled']),
    exceptShareId ? ne(shares.id, exceptShareId) : undefined,
  );
  const [used, [settings]] = await Promise.all([
    db.$count(
      shares,
      and(
        eq(shares.userId, userId),
        countsInFlight ? or(sentThisMonth, inFlight) : sentThisMonth,
        countsTowardMonthlyLimit(db),
      ),
    ),
    db.select({ total: userSettings.monthlyShareLimit }).from(userSettings).where(eq(userSettings.userId, userId)),
  ]);
  return { used, total: settings?.total ?? defaultMonthlyShareLimit };
}
