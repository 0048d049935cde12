import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { deliveries, shares, userSettings } from '../../db/schema.ts';
import { testAppForFile, createUser, type TestUser } from '../../../test/test-app.ts';
import { getMonthlyUsage, monthWindowUtc } from './usage-service.ts';

const testApp = testAppForFile();
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  alice = await createUser(testApp.app);
  bob = await createUser(testApp.app);
});

describe('monthWindowUtc', () => {
  it('is the calendar month in UTC, whatever the time of day', () => {
    expect(monthWindowUtc(new Date('2025-12-31T23:59:59.999Z'))).toEqual({
      start: new Date('2025-12-01T00:00:00.000Z'),
      end: new Date('2026-01-01T00:00:00.000Z'),
    });
  });
});

describe('monthly usage', () => {
  it("counts this user's shares sent in the current calendar month (UTC)", async () => {
    const db = testApp.database.db;
    const now = new Date();
    const { start } = monthWindowUtc(now);
    const lastMonth = new Date(start.getTime() - 1);
    const inserted = await db
      .insert(shares)
      .values([
        { userId: alice.id, status: 'sent', sentAt: now },
        { userId: alice.id, status: 'sent', sentAt: start },
        { userId: alice.id, status: 'sent', sentAt: lastMonth },
        { userId: alice.id, status: 'generated', sentAt: null },
        { userId: alice.id, status: 'approved', sentAt: now },
        { userId: bob.id, status: 'sent', sentAt: now },
      ])
      .returning({ id: shares.id, userId: shares.userId });
    // Each emails one contact: only contact shares count (usage-service.test.ts shows posts do not).
    await db
      .insert(deliveries)
      .values(inserted.map((share) => ({ userId: share.userId, shareId: share.id, channel: 'email', body: 'News.' })));

    const response = await testApp.app.inject({ method: 'GET', url: '/api/usage', headers: alice.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ used: 2, total: 10 });

    const bobs = await testApp.app.inject({ method: 'GET', url: '/api/usage', headers: bob.headers });
    expect(bobs.json()).toEqual({ used: 1, total: 10 });

    // Seen from last month, only last month's share counts.
    expect(await getMonthlyUsage({ db, userId: alice.id, now: lastMonth })).toEqual({ used: 1, total: 10 });
  });

  it("uses the user's monthly_share_limit, and 10 without a settings row", async () => {
    const db = testApp.database.db;
    await db.update(userSettings).set({ monthlyShareLimit: 25 }).where(eq(userSettings.userId, alice.id));
    const response = await testApp.app.inject({ method: 'GET', url: '/api/usage', headers: alice.headers });
    expect(response.json().total).toBe(25);

    await db.delete(userSettings).where(eq(userSettings.userId, bob.id));
    expect((await getMonthlyUsage({ db, userId: bob.id })).total).toBe(10);
  });

  it('needs a session', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/usage' });
    expect(response.statusCode).toBe(401);
  });
});
