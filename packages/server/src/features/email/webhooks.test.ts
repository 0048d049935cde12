import { eq } from 'drizzle-orm';
import { generateKeyPairSync, sign } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, insertContacts, insertShare } from '../../../test/doubles/email-fixtures.ts';
import { createResendEventSigner } from '../../../test/doubles/resend.ts';
import { createSendgridEventSigner } from '../../../test/doubles/sendgrid.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../test/test-app.ts';
import { contacts, deliveries } from '../../db/schema.ts';

// The server's own accounts: keys made the way the providers make theirs (test/doubles).
const serverSendgrid = createSendgridEventSigner();
const serverResend = createResendEventSigner('server');

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({
    env: { SENDGRID_WEBHOOK_PUBLIC_KEY: serverSendgrid.verificationKey, RESEND_WEBHOOK_SECRET: serverResend.secret },
  });
});
afterAll(async () => {
  await testApp.close();
});

const post = (url: string, headers: Record<string, string>, payload: string) =>
  testApp.app.inject({ method: 'POST', url, headers, payload });

/**
 * A sent share to one contact per name, each delivery with the ids the transport got: the provider
 * message id, and our Message-ID (the SMTP transport reports the Message-ID as both).
 */
async function sentDeliveries(prefix: string, names: string[] = ['Bob', 'Carol', 'Dan'], user?: TestUser) {
  const { db } = testApp.database;
  const owner = user ?? (await createVerifiedUser(testApp.app, db));
  const people = await insertContacts(
    db,
    owner.id,
    names.map((name) => ({ name, email: `${prefix}.${name.toLowerCase()}@example.com` })),
  );
  const { share } = await insertShare(db, owner.id, people);
  const rows = await db
    .insert(deliveries)
    .values(
      people.map((person, index) => ({
        userId: owner.id,
        shareId: share.id,
        contactId: person.id,
        recipientName: person.name,
        recipientEmail: person.email,
        subject: 'News',
        body: 'Hello',
        status: 'sent',
        sentAt: new Date(),
        providerMessageId: `${prefix}-message-${index}`,
        messageId: `<${prefix}-${index}@life.test>`,
      })),
    )
    .returning();
  return { user: owner, people, rows };
}

const deliveryRows = async (shareId: string | null) =>
  (await testApp.database.db.select().from(deliveries).where(eq(deliveries.shareId, shareId!))).sort((a, b) =>
    (a.recipientEmail ?? '').localeCompare(b.recipientEmail ?? ''),
  );
const statuses = async (shareId: string | null) => (await deliveryRows(shareId)).map((row) => row.status);
const contactState = async (id: string) =>
  (await testApp.database.db.select().from(contacts).where(eq(contacts.id, id)))[0]!;

describe('SendGrid Event Webhook', () => {
  it('applies delivered, bounce and spam report events from a correctly signed call', async () => {
    const { people, rows } = await sentDeliveries('sg');
    const [bob, carol, dan] = people as [(typeof people)[0], (typeof people)[0], (typeof people)[0]];
    const payload = JSON.stringify([
      { email: bob.email, event: 'delivered', sg_message_id: 'sg-message-0.filterdrecv-1.0', timestamp: 1 },
      {
        email: carol.email,
        event: 'bounce',
        type: 'bounce',
        reason: '550 5.1.1 No such user',
        sg_message_id: 'sg-message-1.filter-2.1',
      },
      { email: dan.email, event: 'spamreport', sg_message_id: 'sg-message-2.filter-3.2' },
      { email: 'stranger@example.com', event: 'bounce', sg_message_id: 'unknown.filter' },
    ]);
    const response = await post('/api/webhooks/sendgrid', serverSendgrid.sign(payload), payload);
    expect(response.statusCode).toBe(204);
    expect(await statuses(rows[0]!.shareId)).toEqual(['delivered', 'bounced', 'unsubscribed']);
    expect((await contactState(carol.id)).bouncedAt).toBeInstanceOf(Date);
    expect((await contactState(dan.id)).unsubscribedAt).toBeInstanceOf(Date);
    expect((await contactState(dan.id)).unsubscribeSource).toBe('complaint');
    expect((await contactState(bob.id)).bouncedAt).toBeNull();
  });

  it('refuses unsigned and forged calls with 401 and changes nothing', async () => {
    const { people, rows } = await sentDeliveries('sgforged');
    const payload = JSON.stringify([
      { email: people[0]!.email, event: 'bounce', type: 'bounce', sg_message_id: 'sgforged-message-0.filter' },
    ]);
    const other = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const attempts: Array<Record<string, string>> = [
      { 'content-type': 'application/json' },
      // Signed by someone else's key.
      {
        ...serverSendgrid.sign(payload, Number(timestamp)),
        'x-twilio-email-event-webhook-signature': sign(
          'sha256',
          Buffer.from(timestamp + payload),
          other.privateKey,
        ).toString('base64'),
      },
      // A genuine signature for a different body.
      { ...serverSendgrid.sign(payload.replace('bounce', 'delivered')) },
      { ...serverSendgrid.sign(payload), 'x-twilio-email-event-webhook-signature': 'not-a-signature' },
    ];
    for (const headers of attempts) {
      const response = await post('/api/webhooks/sendgrid', headers, payload);
      expect(response.statusCode).toBe(401);
    }
    expect(await statuses(rows[0]!.shareId)).toEqual(['sent', 'sent', 'sent']);
    expect((await contactState(people[0]!.id)).bouncedAt).toBeNull();
  });

  it('refuses a correctly signed call whose timestamp is more than 10 minutes away (a replay)', async () => {
    const { people, rows } = await sentDeliveries('sgstale', ['Bob']);
    const payload = JSON.stringify([
      { email: people[0]!.email, event: 'bounce', type: 'bounce', sg_message_id: 'sgstale-message-0.filter' },
    ]);
    const now = Math.floor(Date.now() / 1000);
    for (const signedAt of [now - 11 * 60, now - 24 * 60 * 60, now + 11 * 60]) {
      const response = await post('/api/webhooks/sendgrid', serverSendgrid.sign(payload, signedAt), payload);
      expect(response.statusCode).toBe(401);
    }
    expect(await statuses(rows[0]!.shareId)).toEqual(['sent']);
    expect((await contactState(people[0]!.id)).bouncedAt).toBeNull();
    // The same call signed 9 minutes ago is inside the window.
    const recent = await post('/api/webhooks/sendgrid', serverSendgrid.sign(payload, now - 9 * 60), payload);
    expect(recent.statusCode).toBe(204);
    expect(await statuses(rows[0]!.shareId)).toEqual(['bounced']);
  });

  it('unsubscribes the contact on unsubscribe and group_unsubscribe events', async () => {
    const { people, rows } = await sentDeliveries('sgunsub', ['Bob', 'Carol']);
    const payload = JSON.stringify([
      { email: people[0]!.email, event: 'unsubscribe', sg_message_id: 'sgunsub-message-0.filter' },
      { email: people[1]!.email, event: 'group_unsubscribe', asm_group_id: 7, sg_message_id: 'sgunsub-message-1.f' },
    ]);
    expect((await post('/api/webhooks/sendgrid', serverSendgrid.sign(payload), payload)).statusCode).toBe(204);
    expect(await statuses(rows[0]!.shareId)).toEqual(['unsubscribed', 'unsubscribed']);
    for (const person of people) {
      const state = await contactState(person.id);
      expect(state.unsubscribedAt).toBeInstanceOf(Date);
      expect(state.unsubscribeSource).toBe('provider');
      expect(state.bouncedAt).toBeNull();
    }
  });

  it('maps a drop by its reason: a listed address is not a new bounce', async () => {
    const reasons = ['Bounced Address', 'Invalid', 'Unsubscribed Address', 'Spam Reporting Address', 'Spam Content'];
    const names = ['Ann', 'Ben', 'Cat', 'Dee', 'Eve'];
    const { people, rows } = await sentDeliveries('sgdrop', names);
    const payload = JSON.stringify(
      reasons.map((reason, index) => ({
        email: people[index]!.email,
        event: 'dropped',
        reason,
        sg_message_id: `sgdrop-message-${index}.filter`,
      })),
    );
    expect((await post('/api/webhooks/sendgrid', serverSendgrid.sign(payload), payload)).statusCode).toBe(204);
    const byName = new Map((await deliveryRows(rows[0]!.shareId)).map((row) => [row.recipientName, row]));
    const contactOf = (index: number) => contactState(people[index]!.id);
    // On SendGrid's bounce or invalid list: not sent, for good, and the address is known to fail.
    for (const index of [0, 1]) {
      expect(byName.get(names[index]!)).toMatchObject({
        status: 'failed',
        failureKind: 'permanent',
        lastError: `SendGrid dropped the message: ${reasons[index]}`,
      });
      expect((await contactOf(index)).bouncedAt).toBeInstanceOf(Date);
    }
    // On its unsubscribe or spam report list: the contact opted out before.
    expect(byName.get('Cat')!.status).toBe('unsubscribed');
    expect(await contactOf(2)).toMatchObject({ unsubscribeSource: 'provider', bouncedAt: null });
    expect(byName.get('Dee')!.status).toBe('unsubscribed');
    expect(await contactOf(3)).toMatchObject({ unsubscribeSource: 'complaint', bouncedAt: null });
    // Refused for its content: the message failed; the address is fine.
    expect(byName.get('Eve')).toMatchObject({ status: 'failed', failureKind: 'permanent' });
    expect(await contactOf(4)).toMatchObject({ bouncedAt: null, unsubscribedAt: null });
  });

  it('finds mail sent through the SMTP relay by its smtp-id, our Message-ID', async () => {
    const { people, rows } = await sentDeliveries('sgrelay', ['Bob', 'Carol']);
    // As the SMTP transport stores it: the Message-ID is the only id it has.
    for (const row of rows) {
      await testApp.database.db
        .update(deliveries)
        .set({ providerMessageId: row.messageId })
        .where(eq(deliveries.id, row.id));
    }
    const payload = JSON.stringify([
      {
        email: people[0]!.email,
        event: 'delivered',
        'smtp-id': rows[0]!.messageId,
        sg_message_id: 'q8PLwN2eTziVNWc6xTQnRA.recvd-5f54b5d587-1-67BADEEA-6.0',
      },
      {
        email: people[1]!.email,
        event: 'bounce',
        type: 'bounce',
        reason: '550 5.1.1 No such user',
        'smtp-id': rows[1]!.messageId,
        sg_message_id: 'Xl0kq2f1SPWzYq6Zy2sPTg.recvd-5f54b5d587-1-67BADEEA-7.0',
      },
    ]);
    expect((await post('/api/webhooks/sendgrid', serverSendgrid.sign(payload), payload)).statusCode).toBe(204);
    expect(await statuses(rows[0]!.shareId)).toEqual(['delivered', 'bounced']);
    expect((await contactState(people[1]!.id)).bouncedAt).toBeInstanceOf(Date);
  });
});

describe('Resend webhooks', () => {
  const postResend = (event: object, signer = serverResend, url = '/api/webhooks/resend') => {
    const payload = JSON.stringify({ ...event, created_at: new Date().toISOString() });
    return post(url, signer.sign(payload), payload);
  };

  it('applies delivered, bounced and complained events from a svix-signed call', async () => {
    const { people, rows } = await sentDeliveries('re');
    const events = [
      { type: 'email.delivered', data: { email_id: 're-message-0', to: [people[0]!.email] } },
      {
        type: 'email.bounced',
        data: {
          email_id: 're-message-1',
          to: [people[1]!.email],
          bounce: { message: 'Mailbox does not exist', type: 'Permanent' },
        },
      },
      { type: 'email.complained', data: { email_id: 're-message-2', to: [people[2]!.email] } },
    ];
    for (const event of events) expect((await postResend(event)).statusCode).toBe(204);
    expect(await statuses(rows[0]!.shareId)).toEqual(['delivered', 'bounced', 'unsubscribed']);
    const bounced = (await deliveryRows(rows[0]!.shareId))[1]!;
    expect(bounced.lastError).toBe('Mailbox does not exist');
    expect((await contactState(people[1]!.id)).bouncedAt).toBeInstanceOf(Date);
    expect((await contactState(people[2]!.id)).unsubscribedAt).toBeInstanceOf(Date);
  });

  it('marks a suppressed email failed for good and the address bouncing, without a new bounce', async () => {
    const { people, rows } = await sentDeliveries('resupp', ['Bob']);
    const message =
      'Resend has suppressed sending to this address because it is on the account-level suppression list. This does not count toward your bounce rate metric';
    // The sample body of https://resend.com/docs/webhooks/emails/suppressed.
    const response = await postResend({
      type: 'email.suppressed',
      data: {
        email_id: 'resupp-message-0',
        to: [people[0]!.email],
        subject: 'News',
        suppressed: { message, type: 'OnAccountSuppressionList' },
      },
    });
    expect(response.statusCode).toBe(204);
    const [row] = await deliveryRows(rows[0]!.shareId);
    expect(row).toMatchObject({ status: 'failed', failureKind: 'permanent', lastError: message });
    expect((await contactState(people[0]!.id)).bouncedAt).toBeInstanceOf(Date);
  });

  it('marks a failed email failed for now: Retry failed sends it again as a new message', async () => {
    const { people, rows, user } = await sentDeliveries('refail', ['Bob']);
    const response = await postResend({
      type: 'email.failed',
      data: { email_id: 'refail-message-0', to: [people[0]!.email], failed: { reason: 'reached_daily_quota' } },
    });
    expect(response.statusCode).toBe(204);
    const [row] = await deliveryRows(rows[0]!.shareId);
    expect(row).toMatchObject({
      status: 'failed',
      failureKind: 'temporary',
      lastError: 'Resend could not send the message: reached_daily_quota',
      // Resend says it never left: a retry is a new message, with a new Message-ID and idempotency key.
      messageId: null,
    });
    const state = await contactState(people[0]!.id);
    expect(state).toMatchObject({ bouncedAt: null, unsubscribedAt: null });
    const listed = await testApp.app.inject({
      method: 'GET',
      url: `/api/shares/${rows[0]!.shareId}/deliveries`,
      headers: user.headers,
    });
    expect(listed.json().deliveries[0]).toMatchObject({ status: 'failed', canRetry: true });
  });

  it('changes nothing on email.delivery_delayed: Resend keeps trying', async () => {
    const { people, rows } = await sentDeliveries('redelay', ['Bob']);
    const response = await postResend({
      type: 'email.delivery_delayed',
      data: { email_id: 'redelay-message-0', to: [people[0]!.email] },
    });
    expect(response.statusCode).toBe(204);
    const [row] = await deliveryRows(rows[0]!.shareId);
    expect(row).toMatchObject({ status: 'sent', failureKind: null, lastError: null });
    expect(await contactState(people[0]!.id)).toMatchObject({ bouncedAt: null, unsubscribedAt: null });
  });

  it('refuses unsigned and forged calls with 401 and changes nothing', async () => {
    const { people, rows } = await sentDeliveries('reforged');
    const payload = JSON.stringify({
      type: 'email.bounced',
      data: { email_id: 'reforged-message-0', to: [people[0]!.email] },
    });
    const stale = serverResend.sign(payload);
    stale['svix-timestamp'] = String(Math.floor(Date.now() / 1000) - 3600);
    const forger = createResendEventSigner('someone-else');
    for (const headers of [{ 'content-type': 'application/json' }, forger.sign(payload), stale]) {
      expect((await post('/api/webhooks/resend', headers, payload)).statusCode).toBe(401);
    }
    expect(await statuses(rows[0]!.shareId)).toEqual(['sent', 'sent', 'sent']);
    expect((await contactState(people[0]!.id)).bouncedAt).toBeNull();
  });

  it('answers 404 when the endpoint has no key configured', async () => {
    const bare = await createTestApp();
    try {
      const response = await bare.app.inject({ method: 'POST', url: '/api/webhooks/resend', payload: {} });
      expect(response.statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });
});

describe("a user's own provider account", () => {
  const saveSettings = (user: TestUser, payload: object) =>
    testApp.app.inject({ method: 'PUT', url: '/api/email-settings', headers: user.headers, payload });
  /** A user sending with their own key, their webhook key saved; returns the path of their address. */
  async function userWithOwnAccount(provider: 'sendgrid' | 'resend', webhookKey: string) {
    const user = await createVerifiedUser(testApp.app, testApp.database.db);
    const saved = await saveSettings(user, {
      senderName: 'Ann',
      provider,
      ...(provider === 'sendgrid'
        ? { apiKey: 'SG.user-key-0123456789' }
        : { apiKey: `re_${'u'.repeat(47)}`, senderEmail: 'ann@life.test' }),
      webhookKey,
    });
    expect(saved.statusCode).toBe(200);
    const { webhookUrl } = saved.json() as { webhookUrl: string };
    return { user, path: new URL(webhookUrl).pathname };
  }

  it('SendGrid: events signed with the user’s key are applied at their address and refused at the server’s', async () => {
    const own = createSendgridEventSigner();
    const { user, path } = await userWithOwnAccount('sendgrid', own.verificationKey);
    expect(path).toMatch(/^\/api\/webhooks\/sendgrid\/[0-9a-f-]{36}$/);
    expect(path).not.toContain(user.id);
    const { people, rows } = await sentDeliveries('ownsg', ['Bob'], user);
    const someoneElse = await sentDeliveries('ownsgother', ['Carol']);
    const payload = JSON.stringify([
      { email: people[0]!.email, event: 'bounce', type: 'bounce', sg_message_id: 'ownsg-message-0.filter' },
      // Another user's message: the user's own account cannot speak for it.
      { email: someoneElse.people[0]!.email, event: 'bounce', type: 'bounce', sg_message_id: 'ownsgother-message-0.f' },
    ]);
    // The server's address verifies with the server's key: the user's signature does not pass.
    expect((await post('/api/webhooks/sendgrid', own.sign(payload), payload)).statusCode).toBe(401);
    expect(await statuses(rows[0]!.shareId)).toEqual(['sent']);
    // The server's own signature is no good at the user's address either.
    expect((await post(path, serverSendgrid.sign(payload), payload)).statusCode).toBe(401);
    expect((await post(path, own.sign(payload), payload)).statusCode).toBe(204);
    expect(await statuses(rows[0]!.shareId)).toEqual(['bounced']);
    expect((await contactState(people[0]!.id)).bouncedAt).toBeInstanceOf(Date);
    expect(await statuses(someoneElse.rows[0]!.shareId)).toEqual(['sent']);
    expect((await contactState(someoneElse.people[0]!.id)).bouncedAt).toBeNull();
    // Stale is stale at the user's address too.
    const old = Math.floor(Date.now() / 1000) - 11 * 60;
    expect((await post(path, own.sign(payload, old), payload)).statusCode).toBe(401);
  });

  it('Resend: events signed with the user’s secret are applied at their address and refused at the server’s', async () => {
    const own = createResendEventSigner('user');
    const { user, path } = await userWithOwnAccount('resend', own.secret);
    expect(path).toMatch(/^\/api\/webhooks\/resend\/[0-9a-f-]{36}$/);
    const { people, rows } = await sentDeliveries('ownre', ['Bob'], user);
    const payload = JSON.stringify({
      type: 'email.complained',
      created_at: new Date().toISOString(),
      data: { email_id: 'ownre-message-0', to: [people[0]!.email] },
    });
    expect((await post('/api/webhooks/resend', own.sign(payload), payload)).statusCode).toBe(401);
    expect(await statuses(rows[0]!.shareId)).toEqual(['sent']);
    expect((await post(path, own.sign(payload), payload)).statusCode).toBe(204);
    expect(await statuses(rows[0]!.shareId)).toEqual(['unsubscribed']);
    expect((await contactState(people[0]!.id)).unsubscribeSource).toBe('complaint');
  });

  it('answers 404 at an unknown address, one without a key, and one for the other provider', async () => {
    const own = createSendgridEventSigner();
    const { path } = await userWithOwnAccount('sendgrid', own.verificationKey);
    const payload = JSON.stringify([{ event: 'delivered', sg_message_id: 'nothing.filter' }]);
    const id = path.split('/').at(-1)!;
    const unknown = '6f1c1f5e-3b7a-4f43-9d47-2d7a3f0c8b11';
    for (const url of [
      `/api/webhooks/sendgrid/${unknown}`,
      '/api/webhooks/sendgrid/not-a-uuid',
      `/api/webhooks/resend/${id}`,
    ]) {
      expect((await post(url, own.sign(payload), payload)).statusCode).toBe(404);
    }
    const withoutKey = await createVerifiedUser(testApp.app, testApp.database.db);
    const saved = await saveSettings(withoutKey, {
      senderName: 'Ann',
      provider: 'sendgrid',
      apiKey: 'SG.user-key-0123456789',
    });
    const bare = new URL((saved.json() as { webhookUrl: string }).webhookUrl).pathname;
    expect((await post(bare, own.sign(payload), payload)).statusCode).toBe(404);
  });
});
