import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser, testAppForFile } from '../../../test/test-app.ts';
import { deliveries, shares, userSettings } from '../../db/schema.ts';
import { getMonthlyUsage, monthWindowUtc } from './usage-service.ts';

const testApp = testAppForFile();

type NewShare = typeof shares.$inferInsert;

/** Shares, each with one delivery on `channel` (an email to a contact, a Telegram or LinkedIn post). */
async function insertShares(rows: readonly NewShare[], channel: 'email' | 'telegram' | 'linkedin' = 'email') {
  const { db } = testApp.database;
  const inserted = await db
    .insert(shares)
    .values([...rows])
    .returning({ id: shares.id, userId: shares.userId });
  await db
    .insert(deliveries)
    .values(inserted.map((share) => ({ userId: share.userId, shareId: share.id, channel, body: 'News.' })));
}

describe('getMonthlyUsage', () => {
  it('counts the shares sent in the current UTC calendar month against the limit', async () => {
    const { db } = testApp.database;
    const user = await createUser(testApp.app);
    const other = await createUser(testApp.app);
    const now = new Date('2025-03-15T12:00:00Z');
    await insertShares([
      { userId: user.id, status: 'sent', sentAt: new Date('2025-03-01T00:00:00Z') },
      { userId: user.id, status: 'sent', sentAt: new Date('2025-03-31T23:59:59Z') },
      // Not counted: last month, next month, not sent, someone else's.
      { userId: user.id, status: 'sent', sentAt: new Date('2025-02-28T23:59:59Z') },
      { userId: user.id, status: 'sent', sentAt: new Date('2025-04-01T00:00:00Z') },
      { userId: user.id, status: 'generated' },
      { userId: user.id, status: 'failed' },
      { userId: other.id, status: 'sent', sentAt: new Date('2025-03-10T00:00:00Z') },
    ]);
    expect(await getMonthlyUsage({ db, userId: user.id, now })).toEqual({ used: 2, total: 10 });
    await db.update(userSettings).set({ monthlyShareLimit: 25 }).where(eq(userSettings.userId, user.id));
    expect(await getMonthlyUsage({ db, userId: user.id, now })).toEqual({ used: 2, total: 25 });
  });

  it('counts only shares that email contacts: a Telegram-only or LinkedIn-only share leaves the meter', async () => {
    const { db } = testApp.database;
    const user = await createUser(testApp.app);
    const now = new Date('2025-03-15T12:00:00Z');
    const sentAt = new Date('2025-03-10T00:00:00Z');
    expect(await getMonthlyUsage({ db, userId: user.id, now })).toEqual({ used: 0, total: 10 });
    await insertShares([{ userId: user.id, status: 'sent', sentAt }], 'linkedin');
    await insertShares([{ userId: user.id, status: 'sent', sentAt }], 'telegram');
    await db.insert(shares).values({ userId: user.id, status: 'sent', sentAt });
    expect(await getMonthlyUsage({ db, userId: user.id, now })).toEqual({ used: 0, total: 10 });
    await insertShares([{ userId: user.id, status: 'sent', sentAt }], 'email');
    expect(await getMonthlyUsage({ db, userId: user.id, now })).toEqual({ used: 1, total: 10 });
  });

  it('for the send check, counts contact shares going out or scheduled too, except the one being sent', async () => {
    const { db } = testApp.database;
    const user = await createUser(testApp.app);
    const now = new Date('2025-03-15T12:00:00Z');
    await insertShares([{ userId: user.id, status: 'sent', sentAt: new Date('2025-03-10T00:00:00Z') }]);
    await insertShares([{ userId: user.id, status: 'sending' }], 'linkedin');
    await insertShares([
      { userId: user.id, status: 'sending' },
      { userId: user.id, status: 'scheduled' },
    ]);
    const [beingSent] = await db.select({ id: shares.id }).from(shares).where(eq(shares.status, 'scheduled'));
    expect(await getMonthlyUsage({ db, userId: user.id, now })).toEqual({ used: 1, total: 10 });
    expect(await getMonthlyUsage({ db, userId: user.id, now, countsInFlight: true })).toEqual({ used: 3, total: 10 });
    expect(
      await getMonthlyUsage({ db, userId: user.id, now, countsInFlight: true, exceptShareId: beingSent!.id }),
    ).toEqual({ used: 2, total: 10 });
  });

  it('falls back to 10 when the user has no settings row', async () => {
    const user = await createUser(testApp.app);
    await testApp.database.db.delete(userSettings).where(eq(userSettings.userId, user.id));
    expect(await getMonthlyUsage({ db: testApp.database.db, userId: user.id })).toEqual({ used: 0, total: 10 });
  });

  it('takes the month in UTC', () => {
    // 23:30 on 31 January in New York is already February in UTC.
    expect(monthWindowUtc(new Date('2025-02-01T04:30:00Z'))).toEqual({
      start: new Date('2025-02-01T00:00:00Z'),
      end: new Date('2025-03-01T00:00:00Z'),
    });
    expect(monthWindowUtc(new Date('2025-12-31T23:59:59Z')).end).toEqual(new Date('2026-01-01T00:00:00Z'));
  });
});
