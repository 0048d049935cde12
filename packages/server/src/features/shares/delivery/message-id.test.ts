import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createVerifiedUser,
  insertContacts,
  insertShare,
  startAppWithSmtp,
  waitForDeliveries,
} from '../../../../test/doubles/email-fixtures.ts';
import type { SmtpDouble } from '../../../../test/doubles/smtp.ts';
import type { TestApp } from '../../../../test/test-app.ts';
import { deliveries } from '../../../db/schema.ts';
import { sendShare } from './send.ts';
import { processDeliveries } from './worker.ts';

/*
 * A kill -9 during a send delivered every mail, some twice (the pool's messages whose
 * "accepted" had not come back). A retry cannot know whether the first attempt arrived; what it can
 * do is carry the same Message-ID, fixed before the first attempt, so the receiving system drops the
 * copy. These tests send through a real SMTP server.
 */

/** What the SMTP server should do with a message for an address: refuse it after DATA, once. */
const refuseOnce = new Map<string, { code: number; message: string }>();
/** The delivery's stored Message-ID at the moment its message reached the server, per attempt. */
const storedWhenReceived = new Map<string, Array<string | null>>();
let smtp: SmtpDouble;
let testApp: TestApp;
let closeApp: () => Promise<void>;

/** Notes the stored Message-ID as each message arrives, and refuses it where `refuseOnce` says so. */
async function onMessage(_mail: unknown, envelopeTo: string[]) {
  const [address] = envelopeTo;
  const [row] = await testApp.database.db
    .select({ messageId: deliveries.messageId })
    .from(deliveries)
    .where(eq(deliveries.recipientEmail, address!));
  storedWhenReceived.set(address!, [...(storedWhenReceived.get(address!) ?? []), row?.messageId ?? null]);
  const refusal = refuseOnce.get(address!);
  refuseOnce.delete(address!);
  return refusal;
}

beforeAll(async () => {
  ({ smtp, testApp, close: closeApp } = await startAppWithSmtp({ EMAIL_RETRY_LIMIT: '3' }, { onMessage }));
});
afterAll(() => closeApp());
afterEach(() => {
  refuseOnce.clear();
});

const deliveryOf = async (id: string) =>
  (await testApp.database.db.select().from(deliveries).where(eq(deliveries.id, id)))[0]!;

describe('one Message-ID per delivery', () => {
  it('is stored before the first attempt, and a retry sends the same one', async () => {
    const { db } = testApp.database;
    const user = await createVerifiedUser(testApp.app, db);
    const [bob, carol] = await insertContacts(db, user.id, [
      { name: 'Bob', email: 'mid.bob@example.com' },
      { name: 'Carol', email: 'mid.carol@example.com' },
    ]);
    const { share } = await insertShare(db, user.id, [bob!, carol!]);
    // The first attempt for Bob reaches the end of DATA and is refused for now (RFC 5321 §4.2.5).
    refuseOnce.set(bob!.email, { code: 451, message: '4.3.0 Try again later' });
    const response = await testApp.app.inject({
      method: 'POST',
      url: `/api/shares/${share.id}/send`,
      headers: user.headers,
      payload: {},
    });
    expect(response.statusCode).toBe(200);
    const done = await waitForDeliveries(testApp.app, user, share.id);
    expect(done.counts).toMatchObject({ sent: 2, failed: 0 });

    const bobDelivery = done.deliveries.find((delivery) => delivery.recipientEmail === bob!.email)!;
    expect(bobDelivery.attempts).toBe(2);
    const stored = (await deliveryOf(bobDelivery.id)).messageId;
    expect(stored).toMatch(/^<[0-9a-f-]{36}@life\.test>$/);
    // Both attempts reached the server with one Message-ID, already stored when the first arrived.
    const attempts = smtp.seen.filter((item) => item.envelopeTo.includes(bob!.email));
    expect(attempts.map((item) => item.mail.messageId)).toEqual([stored, stored]);
    expect(storedWhenReceived.get(bob!.email)).toEqual([stored, stored]);
    // Each delivery has its own.
    const carolDelivery = done.deliveries.find((delivery) => delivery.recipientEmail === carol!.email)!;
    const carolStored = (await deliveryOf(carolDelivery.id)).messageId;
    expect(carolStored).not.toBe(stored);
    expect(smtp.to(carol!.email).map((item) => item.mail.messageId)).toEqual([carolStored]);
  });

  it('sends the same Message-ID again when the process died after the server accepted the message', async () => {
    const { db } = testApp.database;
    const user = await createVerifiedUser(testApp.app, db);
    const [dan] = await insertContacts(db, user.id, [{ name: 'Dan', email: 'mid.dan@example.com' }]);
    const { share } = await insertShare(db, user.id, [dan!]);
    // Queued without a job queue, so only the calls below send it.
    const outcome = await sendShare({
      db,
      jobs: undefined,
      channels: testApp.app.deps.channels,
      log: testApp.app.log,
      userId: user.id,
      shareId: share.id,
      destinations: { contactIds: [dan!.id], telegramChatIds: [], linkedin: false },
      bodies: share.texts,
    });
    const [deliveryId] = outcome.deliveryIds;
    expect((await deliveryOf(deliveryId!)).messageId).toBeNull();
    const work = () =>
      processDeliveries({
        db,
        channels: testApp.app.deps.channels,
        attempts: [{ deliveryId: deliveryId!, isFinalAttempt: false }],
      });
    expect((await work()).get(deliveryId!)).toEqual({ status: 'sent' });
    const first = await deliveryOf(deliveryId!);
    // The server said 250, but the process died before it wrote "sent": on restart the delivery is
    // still "sending" and its job runs again (resumeUnfinishedDeliveries).
    await db.update(deliveries).set({ status: 'sending', sentAt: null }).where(eq(deliveries.id, deliveryId!));
    expect((await work()).get(deliveryId!)).toEqual({ status: 'sent' });

    const copies = smtp.to(dan!.email);
    expect(copies).toHaveLength(2);
    expect(copies.map((item) => item.mail.messageId)).toEqual([first.messageId, first.messageId]);
    expect((await deliveryOf(deliveryId!)).messageId).toBe(first.messageId);
  });
});
