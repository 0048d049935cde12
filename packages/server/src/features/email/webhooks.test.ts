import { eq } from 'drizzle-orm';
import { generateKeyPairSync, sign } from 'node:crypto';
import { Webhook } from 'svix';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, insertContacts, insertShare } from '../../../test/doubles/email-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { contacts, emailDeliveries } from '../../db/schema.ts';

// Keys of our own, made the way the providers make theirs: an ECDSA P-256 pair (SendGrid gives
// the public half, base64 DER) and a svix signing secret (Resend).
const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const sendgridPublicKey = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
const resendSecret = `whsec_${Buffer.from('resend-webhook-test-secret-0123456789').toString('base64')}`;

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({
    env: { SENDGRID_WEBHOOK_PUBLIC_KEY: sendgridPublicKey, RESEND_WEBHOOK_SECRET: resendSecret },
  });
});
afterAll(async () => {
  await testApp.close();
});

/** SendGrid signs the timestamp followed by the raw body, ECDSA with SHA-256, base64 DER signature. */
function signSendgrid(payload: string, timestamp = String(Math.floor(Date.now() / 1000))) {
  return {
    'content-type': 'application/json',
    'x-twilio-email-event-webhook-timestamp': timestamp,
    'x-twilio-email-event-webhook-signature': sign('sha256', Buffer.from(timestamp + payload), privateKey).toString(
      'base64',
    ),
  };
}

function signResend(payload: string, secret = resendSecret) {
  const id = `msg_${Math.random().toString(36).slice(2)}`;
  const timestamp = new Date();
  return {
    'content-type': 'application/json',
    'svix-id': id,
    'svix-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
    'svix-signature': new Webhook(secret).sign(id, timestamp, payload),
  };
}

/** A sent share to three contacts, each delivery with the provider message id the transport got. */
async function sentDeliveries(prefix: string) {
  const { db } = testApp.database;
  const user = await createVerifiedUser(testApp.app, db);
  const people = await insertContacts(db, user.id, [
    { name: 'Bob', email: `${prefix}.bob@example.com` },
    { name: 'Carol', email: `${prefix}.carol@example.com` },
    { name: 'Dan', email: `${prefix}.dan@example.com` },
  ]);
  const { share } = await insertShare(db, user.id, people);
  const rows = await db
    .insert(emailDeliveries)
    .values(
      people.map((person, index) => ({
        userId: user.id,
        shareId: share.id,
        contactId: person.id,
        recipientName: person.name,
        recipientEmail: person.email,
        subject: 'News',
        body: 'Hello',
        status: 'sent',
        sentAt: new Date(),
        providerMessageId: `${prefix}-message-${index}`,
      })),
    )
    .returning();
  return { user, people, rows };
}

const statuses = async (shareId: string | null) =>
  (await testApp.database.db.select().from(emailDeliveries).where(eq(emailDeliveries.shareId, shareId!)))
    .sort((a, b) => a.recipientEmail.localeCompare(b.recipientEmail))
    .map((row) => row.status);
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
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/webhooks/sendgrid',
      headers: signSendgrid(payload),
      payload,
    });
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
        ...signSendgrid(payload, timestamp),
        'x-twilio-email-event-webhook-signature': sign(
          'sha256',
          Buffer.from(timestamp + payload),
          other.privateKey,
        ).toString('base64'),
      },
      // A genuine signature for a different body.
      { ...signSendgrid(payload.replace('bounce', 'delivered')) },
      { ...signSendgrid(payload), 'x-twilio-email-event-webhook-signature': 'not-a-signature' },
    ];
    for (const headers of attempts) {
      const response = await testApp.app.inject({ method: 'POST', url: '/api/webhooks/sendgrid', headers, payload });
      expect(response.statusCode).toBe(401);
    }
    expect(await statuses(rows[0]!.shareId)).toEqual(['sent', 'sent', 'sent']);
    expect((await contactState(people[0]!.id)).bouncedAt).toBeNull();
  });
});

describe('Resend webhooks', () => {
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
    for (const event of events) {
      const payload = JSON.stringify({ ...event, created_at: new Date().toISOString() });
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/webhooks/resend',
        headers: signResend(payload),
        payload,
      });
      expect(response.statusCode).toBe(204);
    }
    expect(await statuses(rows[0]!.shareId)).toEqual(['delivered', 'bounced', 'unsubscribed']);
    const [bounced] = await testApp.database.db
      .select()
      .from(emailDeliveries)
      .where(eq(emailDeliveries.id, rows[1]!.id));
    expect(bounced!.lastError).toBe('Mailbox does not exist');
    expect((await contactState(people[1]!.id)).bouncedAt).toBeInstanceOf(Date);
    expect((await contactState(people[2]!.id)).unsubscribedAt).toBeInstanceOf(Date);
  });

  it('refuses unsigned and forged calls with 401 and changes nothing', async () => {
    const { people, rows } = await sentDeliveries('reforged');
    const payload = JSON.stringify({
      type: 'email.bounced',
      data: { email_id: 'reforged-message-0', to: [people[0]!.email] },
    });
    const forgedSecret = `whsec_${Buffer.from('someone-else-entirely-0123456789').toString('base64')}`;
    const stale = signResend(payload);
    stale['svix-timestamp'] = String(Math.floor(Date.now() / 1000) - 3600);
    for (const headers of [{ 'content-type': 'application/json' }, signResend(payload, forgedSecret), stale]) {
      const response = await testApp.app.inject({ method: 'POST', url: '/api/webhooks/resend', headers, payload });
      expect(response.statusCode).toBe(401);
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
