import { translate } from '@life-updates/contract/i18n';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppForFile, createUser, type TestUser } from '../../../test/test-app.ts';
import type { Database } from '../../db/client.ts';
import { shares } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { changeShareStatus, changeSharesStatus } from './share-status.ts';

const testApp = testAppForFile();
let db: Database;
let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  db = testApp.database.db;
  alice = await createUser(testApp.app);
  bob = await createUser(testApp.app);
});

async function insertShare(userId: string, status: string) {
  const [row] = await db
    .insert(shares)
    .values({ userId, status, ideaIds: [], ideas: [], texts: { everyone: 'Hello' }, templateId: null })
    .returning();
  return row!;
}

const rowOf = async (id: string) => (await db.select().from(shares).where(eq(shares.id, id)))[0]!;

describe('changeShareStatus', () => {
  it('refuses a change the lifecycle does not allow with a 409 and leaves the row as it was', async () => {
    const sent = await insertShare(alice.id, 'sent');
    const refused = await changeShareStatus({
      db,
      userId: alice.id,
      shareId: sent.id,
      to: 'approved',
      set: { texts: { everyone: 'Rewritten' } },
    }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(409);
    expect(translate((refused as AppError).message, 'en')).toBe(
      'This share has moved on since you opened it. Reload to see where it is.',
    );
    expect(translate((refused as AppError).message, 'ru')).not.toBe((refused as AppError).message);
    const after = await rowOf(sent.id);
    expect(after.status).toBe('sent');
    expect(after.texts).toEqual({ everyone: 'Hello' });
    expect(after.updatedAt).toEqual(sent.updatedAt);
  });

  it('makes an allowed change, with the other columns asked for', async () => {
    const approved = await insertShare(alice.id, 'approved');
    const sendAt = new Date('2030-01-01T09:00:00Z');
    const row = await changeShareStatus({
      db,
      userId: alice.id,
      shareId: approved.id,
      to: 'scheduled',
      set: { sendAt },
    });
    expect(row.status).toBe('scheduled');
    expect((await rowOf(approved.id)).sendAt).toEqual(sendAt);
  });

  it('lets only one of two racing changes win: the second finds the share moved on', async () => {
    const approved = await insertShare(alice.id, 'approved');
    const claim = () =>
      db.transaction((tx) => changeShareStatus({ db: tx, userId: alice.id, shareId: approved.id, to: 'scheduled' }));
    const results = await Promise.allSettled([claim(), claim()]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect((await rowOf(approved.id)).status).toBe('scheduled');
  });

  it("never changes another user's share", async () => {
    const bobs = await insertShare(bob.id, 'approved');
    await expect(changeShareStatus({ db, userId: alice.id, shareId: bobs.id, to: 'sending' })).rejects.toThrow(
      AppError,
    );
    expect((await rowOf(bobs.id)).status).toBe('approved');
  });

  it('keeps to the statuses a caller narrows it to', async () => {
    const generated = await insertShare(alice.id, 'generated');
    await expect(
      changeShareStatus({ db, userId: alice.id, shareId: generated.id, to: 'approved', from: ['scheduled'] }),
    ).rejects.toThrow(AppError);
    expect((await rowOf(generated.id)).status).toBe('generated');
  });
});

describe('changeSharesStatus', () => {
  it('changes only the shares the lifecycle allows and leaves the others', async () => {
    const sending = await insertShare(alice.id, 'sending');
    const sent = await insertShare(alice.id, 'sent');
    const changed = await changeSharesStatus({
      db,
      where: eq(shares.userId, alice.id),
      to: 'failed',
    });
    expect(changed.map((row) => row.id)).toContain(sending.id);
    expect(changed.map((row) => row.id)).not.toContain(sent.id);
    expect((await rowOf(sent.id)).status).toBe('sent');
    expect((await rowOf(sending.id)).status).toBe('failed');
  });
});

describe('through the API', () => {
  it('"Cancel schedule" on a share that is not scheduled is a 409 and changes nothing', async () => {
    const sent = await insertShare(alice.id, 'sent');
    const response = await testApp.app.inject({
      method: 'POST',
      url: `/api/shares/${sent.id}/unschedule`,
      headers: alice.headers,
    });
    expect(response.statusCode).toBe(409);
    expect((await rowOf(sent.id)).status).toBe('sent');
  });
});
