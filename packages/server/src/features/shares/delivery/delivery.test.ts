import type { ShareReviewResponse } from '@life-updates/contract/shares';
import { everyoneTextKey } from '@life-updates/contract/share-options';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createVerifiedUser,
  insertContacts,
  insertShare,
  startAppWithSmtp,
  testMailFrom,
  waitForDeliveries,
} from '../../../../test/doubles/email-fixtures.ts';
import { addressOf, nameOf } from '../../../../test/doubles/smtp.ts';
import { createIdea, openTestDatabase, type TestApp, type TestUser } from '../../../../test/test-app.ts';
import { buildApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { contacts, deliveries, ideas, shares, userSettings } from '../../../db/schema.ts';
import { startJobQueue, type JobQueueTimings } from '../../../jobs.ts';
import { registerWorkers } from '../../../workers.ts';
import { getMonthlyUsage } from '../../usage/usage-service.ts';
import { createDeliveryQueue, deliveryQueue } from './queue.ts';
import { sendShare } from './send.ts';

let smtp: Awaited<ReturnType<typeof startAppWithSmtp>>['smtp'];
let testApp: TestApp;
let closeApp: () => Promise<void>;

beforeAll(async () => {
  ({ smtp, testApp, close: closeApp } = await startAppWithSmtp({ EMAIL_RETRY_LIMIT: '3' }));
});
afterAll(() => closeApp());
afterEach(() => {
  smtp.rules.clear();
});

const contactEmails = (prefix: string) => [
  { name: 'Bob', email: `${prefix}.bob@example.com` },
  { name: 'Carol', email: `${prefix}.carol@example.com` },
  { name: 'Dan', email: `${prefix}.dan@example.com` },
];

async function send(
  user: { headers: Record<string, string> },
  shareId: string,
  payload: object = {},
  headers: Record<string, string> = {},
) {
  return testApp.app.inject({
    method: 'POST',
    url: `/api/shares/${shareId}/send`,
    headers: { ...user.headers, ...headers },
    payload,
  });
}

/** An update email's text without its footer (who sent it and why, the unsubscribe link). */
const bodyOf = (text: string | undefined) => (text ?? '').split('\n--\n')[0]!.trimEnd();

describe('sending a share through SMTP', () => {
  it('delivers one personal message per contact with subject, sender, reply-to and both parts', async () => {
    const { db } = testApp.database;
    const user = await createVerifiedUser(testApp.app, db, { name: 'Ann Lee' });
    const people = await insertContacts(db, user.id, contactEmails('three'));
    const texts = Object.fromEntries(
      people.map((person) => [
        person.id,
        `Dear ${person.name},\n\nOnly for ${person.name}: <b>hi</b>.\n\n- first\n- second\n\n[Your Name]`,
      ]),
    );
    const { share, ideas: shareIdeas } = await insertShare(db, user.id, people, { texts });

    const response = await send(user, share.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ outcome: 'queued', queued: 3, skipped: 0 });

    const done = await waitForDeliveries(testApp.app, user, share.id);
    expect(done.counts).toMatchObject({ total: 3, queued: 0, sending: 0, sent: 3, failed: 0, bounced: 0 });
    expect(done.shareStatus).toBe('sent');

    for (const person of people) {
      const messages = smtp.to(person.email);
      expect(messages).toHaveLength(1);
      const { mail } = messages[0]!;
      expect(mail.subject).toBe('News from Ann');
      expect(addressOf(mail.from)).toBe(testMailFrom);
      expect(nameOf(mail.from)).toBe('Ann Lee');
      expect(addressOf(mail.replyTo)).toBe(user.email);
      expect(mail.text).toContain(`Only for ${person.name}: <b>hi</b>.`);
      // The body ends with [Your Name]: signed once, with the sender's name, and no "Best regards" after it.
      // (the footer saying who sent it and why follows after a `--` line)
      expect(bodyOf(mail.text).endsWith('- second\n\nAnn Lee')).toBe(true);
      expect(mail.text).not.toContain('Best regards');
      expect(mail.text).not.toContain('[Your Name]');
      expect(mail.html).toContain(`Only for ${person.name}: &lt;b&gt;hi&lt;/b&gt;.`);
      expect(mail.html).toMatch(/<li[^>]*>first<\/li>/);
      expect(mail.html).toContain('width:600px');
      for (const other of people.filter((candidate) => candidate.id !== person.id)) {
        expect(mail.html).not.toContain(`Only for ${other.name}`);
        expect(mail.text).not.toContain(`Only for ${other.name}`);
      }
    }

    const [stored] = await db.select().from(shares).where(eq(shares.id, share.id));
    expect(stored!.status).toBe('sent');
    expect(stored!.sentAt).toBeInstanceOf(Date);
    const ideaRows = await db
      .select()
      .from(ideas)
      .where(
        inArray(
          ideas.id,
          shareIdeas.map((idea) => idea.id),
        ),
      );
    expect(ideaRows.map((idea) => idea.status)).toEqual(['sent', 'sent']);
    expect(await getMonthlyUsage({ db, userId: user.id })).toEqual({ used: 1, total: 10 });
  });

  it('refuses a share with no generated text: "No generated summaries to share", nothing queued', async () => {
    const { db } = testApp.database;
    const user = await createVerifiedUser(testApp.app, db, { name: 'Ann Lee' });
    const [person] = await insertContacts(db, user.id, [{ name: 'Nil', email: 'nothing.nil@example.com' }]);
    const { share } = await insertShare(db, user.id, [person!], { texts: { [everyoneTextKey]: '  ' } });
    const response = await send(user, share.id, {}, { 'accept-language': 'ru' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Нет сгенерированных сводок для отправки');
    const english = await send(user, share.id);
    expect(english.json().message).toBe('No generated summaries to share');
    expect(await db.select().from(deliveries).where(eq(deliveries.shareId, share.id))).toHaveLength(0);
  });

  it('uses the sender name and reply-to saved in Settings → Email', async () => {
    const { db } = testApp.database;
    const user = await createVerifiedUser(testApp.app, db, { name: 'Ann Lee' });
    await db
      .update(userSettings)
      .set({
        emailSettings: {
          senderName: 'Annie',
          replyTo: 'annie.replies@example.com',
          provider: 'sendgrid',
          senderEmail: '',
        },
      })
      .where(eq(userSettings.userId, user.id));
    const [person] = await insertContacts(db, user.id, [{ name: 'Eve', email: 'settings.eve@example.com' }]);
    const { share } = await insertShare(db, user.id, [person!], { subject: null });
    expect((await send(user, share.id)).statusCode).toBe(200);
    await waitForDeliveries(testApp.app, user, share.id);
    const [{ mail }] = smtp.to('settings.eve@example.com') as [(typeof smtp.received)[number]];
    expect(nameOf(mail.from)).toBe('Annie');
    expect(addressOf(mail.from)).toBe(testMailFrom);
    expect(addressOf(mail.replyTo)).toBe('annie.replies@example.com');
    expect(mail.subject).toBe('Life update from Annie');
    expect(bodyOf(mail.text).endsWith('\n\nAnnie')).toBe(true);
    expect(bodyOf(mail.text).split('Annie')).toHaveLength(2);
  });

  it('marks a 550 at RCPT bounced and the contact bouncing; "retry failed" resends only temporary failures', async () => {
    const { db } = testApp.database;
    const user = await createVerifiedUser(testApp.app, db);
    const people = await insertContacts(db, user.id, [
      ...contactEmails('partial'),
      { name: 'Erin', email: 'partial.erin@example.com' },
    ]);
    const { share } = await insertShare(db, user.id, people);
    smtp.rules.set('partial.dan@example.com', { code: 550, message: 'Mailbox unavailable' });
    // Refused with 451 on every attempt until the retries run out: a temporary failure.
    smtp.rules.set('partial.erin@example.com', { code: 451, message: 'Try later' });

    expect((await send(user, share.id)).statusCode).toBe(200);
    const partial = await waitForDeliveries(testApp.app, user, share.id, 30_000);
    expect(partial.counts).toMatchObject({ sent: 2, bounced: 1, failed: 1 });
    expect(partial.shareStatus).toBe('sent');
    const bounced = partial.deliveries.find((delivery) => delivery.recipientEmail === 'partial.dan@example.com')!;
    expect(bounced).toMatchObject({ status: 'bounced', attempts: 1, sentAt: null, canRetry: false });
    expect(bounced.error).toContain('Mailbox unavailable');
    const failed = partial.deliveries.find((delivery) => delivery.recipientEmail === 'partial.erin@example.com')!;
    expect(failed).toMatchObject({ status: 'failed', attempts: 4, canRetry: true });
    expect(smtp.to('partial.dan@example.com')).toHaveLength(0);
    const contactRows = await db.select().from(contacts).where(eq(contacts.userId, user.id));
    const dan = contactRows.find((contact) => contact.email === 'partial.dan@example.com')!;
    expect(dan.bouncedAt).toBeInstanceOf(Date);
    expect(contactRows.filter((contact) => contact.bouncedAt !== null)).toHaveLength(1);

    smtp.rules.clear();
    const retry = await testApp.app.inject({
      method: 'POST',
      url: `/api/shares/${share.id}/retry-failed`,
      headers: user.headers,
    });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().requeued).toBe(1);
    const after = await waitForDeliveries(testApp.app, user, share.id);
    expect(after.counts).toMatchObject({ sent: 3, bounced: 1, failed: 0 });
    expect(smtp.to('partial.erin@example.com')).toHaveLength(1);
    // The bounced address is not tried again, and those that went out the first time are not sent again.
    expect(smtp.to('partial.dan@example.com')).toHaveLength(0);
    expect(smtp.to('partial.bob@example.com')).toHaveLength(1);
    expect(smtp.to('partial.carol@example.com')).toHaveLength(1);
    // A share already sent counts once in the month.
    expect((await getMonthlyUsage({ db, userId: user.id })).used).toBe(1);

    // The next share skips the bouncing contact and says so; changing the address clears it.
    const next = await insertShare(db, user.id, people);
    const nextSend = await send(user, next.share.id);
    expect(nextSend.json()).toMatchObject({ outcome: 'queued', queued: 3, skippedBouncing: 1, skippedUnsubscribed: 0 });
    expect(nextSend.json().skippedNotice).toBe(
      'Skipped contacts: 1 (unsubscribed: 0, bouncing address: 1). They were not emailed and do not count toward your monthly limit.',
    );
    const edited = await testApp.app.inject({
      method: 'PUT',
      url: `/api/contacts/${dan.id}`,
      headers: user.headers,
      payload: { name: 'Dan', email: 'partial.dan.new@example.com' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().bouncedAt).toBeNull();
  }, 60_000);

  it('retries a temporary rejection with back-off and delivers it', async () => {
    const { db } = testApp.database;
    const user = await createVerifiedUser(testApp.app, db);
    const [person] = await insertContacts(db, user.id, [{ name: 'Fay', email: 'later.fay@example.com' }]);
    const { share } = await insertShare(db, user.id, [person!]);
    smtp.rules.set('later.fay@example.com', { code: 451, message: 'Greylisted, try again', times: 1 });

    expect((await send(user, share.id)).statusCode).toBe(200);
    const done = await waitForDeliveries(testApp.app, user, share.id);
    expect(done.counts).toMatchObject({ sent: 1, failed: 0 });
    expect(done.deliveries[0]).toMatchObject({ status: 'sent', attempts: 2, error: null });
    expect(smtp.to('later.fay@example.com')).toHaveLength(1);
  });

  it('sends a large share: each contact once, and only the greylisted one is retried', async () => {
    const { db } = testApp.database;
    const user = await createVerifiedUser(testApp.app, db);
    const list = Array.from({ length: 60 }, (_, index) => ({
      name: `Pal ${index}`,
      email: `batch.pal${index}@example.com`,
    }));
    const people = await insertContacts(db, user.id, list);
    const { share } = await insertShare(db, user.id, people);
    smtp.rules.set('batch.pal17@example.com', { code: 451, message: 'Greylisted, try again', times: 1 });

    const response = await send(user, share.id);
    expect(response.json()).toMatchObject({ queued: 60 });
    const done = await waitForDeliveries(testApp.app, user, share.id);
    expect(done.counts).toMatchObject({ total: 60, queued: 0, sending: 0, sent: 60, failed: 0, bounced: 0 });
    expect(done.shareStatus).toBe('sent');
    for (const person of list) expect(smtp.to(person.email), person.email).toHaveLength(1);
    const attempts = Object.fromEntries(
      done.deliveries.map((delivery) => [delivery.recipientEmail, delivery.attempts]),
    );
    expect(attempts['batch.pal17@example.com']).toBe(2);
    expect(Object.values(attempts).filter((count) => count !== 1)).toEqual([2]);
    // Each job is settled on its own: only the greylisted recipient's job went back to the queue,
    // not the other jobs of its batch.
    const retried = (await db.execute(
      sql`select data->>'deliveryId' as "deliveryId" from pgboss.job where name = ${deliveryQueue} and retry_count > 0`,
    )) as unknown as { rows: Array<{ deliveryId: string }> };
    const shareDeliveryIds = new Map(done.deliveries.map((delivery) => [delivery.id, delivery.recipientEmail]));
    expect(
      retried.rows
        .filter((row) => shareDeliveryIds.has(row.deliveryId))
        .map((row) => shareDeliveryIds.get(row.deliveryId)),
    ).toEqual(['batch.pal17@example.com']);
  });

  it('marks the share failed, not sent, when every recipient fails, and keeps it out of the usage', async () => {
    const { db } = testApp.database;
    const user = await createVerifiedUser(testApp.app, db);
    const [person] = await insertContacts(db, user.id, [{ name: 'Gus', email: 'gone.gus@example.com' }]);
    const { share, ideas: shareIdeas } = await insertShare(db, user.id, [person!]);
    smtp.rules.set('gone.gus@example.com', { code: 550, message: 'No such user' });
    expect((await send(user, share.id)).statusCode).toBe(200);
    const done = await waitForDeliveries(testApp.app, user, share.id);
    expect(done).toMatchObject({ shareStatus: 'failed', counts: { sent: 0, bounced: 1 } });
    const ideaRows = await db
      .select()
      .from(ideas)
      .where(
        inArray(
          ideas.id,
          shareIdeas.map((idea) => idea.id),
        ),
      );
    expect(ideaRows.map((idea) => idea.status)).toEqual(['approved', 'approved']);
    expect((await getMonthlyUsage({ db, userId: user.id })).used).toBe(0);
  });
});

describe('what is not sent', () => {
  it('refuses a send over the monthly limit with the spec message, in the request language', async () => {
    const { db } = testApp.database;
    const user = await createVerifiedUser(testApp.app, db);
    await db.update(userSettings).set({ monthlyShareLimit: 1 }).where(eq(userSettings.userId, user.id));
    const people = await insertContacts(db, user.id, contactEmails('limit'));
    const first = await insertShare(db, user.id, people);
    const second = await insertShare(db, user.id, people);

    expect((await send(user, first.share.id)).statusCode).toBe(200);
    // While the first is still in flight it already counts.
    const refused = await send(user, second.share.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'LIMIT_REACHED',
      message: "You've reached your monthly usage limit. Upgrade to continue sharing.",
    });
    await waitForDeliveries(testApp.app, user, first.share.id);
    const russian = await send(user, second.share.id, {}, { 'accept-language': 'ru' });
    expect(russian.statusCode).toBe(403);
    expect(russian.json().message).toBe('Вы исчерпали месячный лимит. Расширьте тариф, чтобы продолжить делиться.');
    // The limit is checked first, before looking for recipients.
    const noRecipient = await send(user, second.share.id, { destinations: { contactIds: ['not-a-contact'] } });
    expect(noRecipient.json().code).toBe('LIMIT_REACHED');

    const rows = await db.select().from(deliveries).where(eq(deliveries.shareId, second.share.id));
    expect(rows).toHaveLength(0);
    const [secondShare] = await db.select().from(shares).where(eq(shares.id, second.share.id));
    expect(secondShare!.status).toBe('generated');
    expect(smtp.to('limit.bob@example.com')).toHaveLength(1);
  });

  it('skips recipients without an email or a body, and says so when none is left', async () => {
    const { db } = testApp.database;
    const user = await createVerifiedUser(testApp.app, db);
    const [withEmail, withoutEmail] = await insertContacts(db, user.id, [
      { name: 'Hal', email: 'skip.hal@example.com' },
      { name: 'Ida', email: '' },
    ]);
    const { share } = await insertShare(db, user.id, [withEmail!, withoutEmail!], {
      texts: { [withEmail!.id]: '   ', [withoutEmail!.id]: 'Hello Ida' },
    });
    const response = await send(user, share.id, {}, { 'accept-language': 'en' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      outcome: 'no_recipients',
      queued: 0,
      skipped: 2,
      message: 'No valid recipients with content to send emails.',
    });
    const [unchanged] = await db.select().from(shares).where(eq(shares.id, share.id));
    expect(unchanged!.status).toBe('generated');

    const partial = await send(user, share.id, { bodies: { [withEmail!.id]: 'Hello Hal', 'not-a-contact': 'Hello?' } });
    expect(partial.json()).toMatchObject({ outcome: 'queued', queued: 1, skipped: 1 });
    await waitForDeliveries(testApp.app, user, share.id);
    expect(smtp.to('skip.hal@example.com')[0]!.mail.text).toContain('Hello Hal');
  });

  it('gives the SMS warning and sends nothing for method sms; email with the warning for both', async () => {
    const { db } = testApp.database;
    const user = await createVerifiedUser(testApp.app, db);
    const [person] = await insertContacts(db, user.id, [{ name: 'Jo', email: 'sms.jo@example.com' }]);
    const { share } = await insertShare(db, user.id, [person!]);
    const sms = await send(user, share.id, { method: 'sms' });
    expect(sms.json()).toMatchObject({
      outcome: 'sms_not_supported',
      queued: 0,
      message: 'SMS sending is not implemented yet. No SMS was sent.',
    });
    expect(await db.select().from(deliveries).where(eq(deliveries.shareId, share.id))).toHaveLength(0);

    const both = await send(user, share.id, { method: 'both' });
    expect(both.json()).toMatchObject({
      outcome: 'queued',
      queued: 1,
      warning: 'SMS sending is not implemented yet. No SMS was sent.',
    });
    await waitForDeliveries(testApp.app, user, share.id);
    expect(smtp.to('sms.jo@example.com')).toHaveLength(1);
    const again = await send(user, share.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This share has already been sent.');
  });

  it("never lets a user send, retry or read another user's share", async () => {
    const { db } = testApp.database;
    const owner = await createVerifiedUser(testApp.app, db);
    const stranger = await createVerifiedUser(testApp.app, db);
    const [person] = await insertContacts(db, owner.id, [{ name: 'Kim', email: 'private.kim@example.com' }]);
    const { share } = await insertShare(db, owner.id, [person!]);
    for (const [method, url] of [
      ['POST', `/api/shares/${share.id}/send`],
      ['POST', `/api/shares/${share.id}/retry-failed`],
      ['GET', `/api/shares/${share.id}/deliveries`],
    ] as const) {
      const response = await testApp.app.inject({
        method,
        url,
        headers: stranger.headers,
        ...(method === 'POST' ? { payload: {} } : {}),
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Share not found');
    }
    // Nor another user's contacts in their own share.
    const { share: strangerShare } = await insertShare(db, stranger.id, []);
    const sneaky = await send(stranger, strangerShare.id, { bodies: { [person!.id]: 'Hello Kim' } });
    expect(sneaky.json()).toMatchObject({ outcome: 'no_recipients' });
    expect(smtp.to('private.kim@example.com')).toHaveLength(0);
    const anonymous = await testApp.app.inject({ method: 'GET', url: `/api/shares/${share.id}/deliveries` });
    expect(anonymous.statusCode).toBe(401);
    expect(
      (await testApp.app.inject({ method: 'GET', url: '/api/shares/not-a-uuid/deliveries', headers: owner.headers }))
        .statusCode,
    ).toBe(404);
  });
});

describe('Create Content → Email to Contacts in one step (POST /api/shares/send)', () => {
  const preferences = {
    platform: 'telegram',
    length: 'short',
    tone: 'casual',
    intent: 'educate',
    sentiment: 'awe',
    structure: 'storytelling',
  } as const;

  function emailText(user: { headers: Record<string, string> }, payload: object, headers: Record<string, string> = {}) {
    return testApp.app.inject({
      method: 'POST',
      url: '/api/shares/send',
      headers: { ...user.headers, ...headers },
      payload,
    });
  }

  /** Everything the user owns that a send could change: ideas, shares, deliveries. */
  async function stateOf(userId: string) {
    const { db } = testApp.database;
    return {
      ideas: await db.select().from(ideas).where(eq(ideas.userId, userId)),
      shares: await db.select().from(shares).where(eq(shares.userId, userId)),
      deliveries: await db.select().from(deliveries).where(eq(deliveries.userId, userId)),
    };
  }

  it('keeps the text in the ideas’ share and emails it to every picked contact; the ideas end up sent', async () => {
    const { db } = testApp.database;
    const user = await createVerifiedUser(testApp.app, db, { name: 'Ann Lee' });
    const people = await insertContacts(db, user.id, contactEmails('onestep').slice(0, 2));
    const first = await createIdea(testApp.app, user, 'We moved to Lisbon');
    const second = await createIdea(testApp.app, user, 'New job at the port');

    const response = await emailText(user, {
      ideaIds: [first, second],
      text: 'Two bits of news: Lisbon, and the port.',
      preferences,
      destinations: { contactIds: people.map((person) => person.id) },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { shareId: string; deliveries: { counts: { total: number } } };
    expect(body).toMatchObject({ outcome: 'queued', queued: 2, skipped: 0 });
    // The worker may already be sending them by the time the answer is written.
    expect(body.deliveries.counts.total).toBe(2);

    const done = await waitForDeliveries(testApp.app, user, body.shareId);
    expect(done).toMatchObject({ shareStatus: 'sent', counts: { sent: 2 } });
    for (const person of people) {
      const [message] = smtp.to(person.email);
      expect(message!.mail.text).toContain('Two bits of news: Lisbon, and the port.');
      expect(message!.mail.subject).toBe('Life update from Ann Lee');
    }
    const [share] = await db.select().from(shares).where(eq(shares.id, body.shareId));
    expect(share).toMatchObject({
      ideaIds: [first, second],
      texts: { [everyoneTextKey]: 'Two bits of news: Lisbon, and the port.' },
    });
    const rows = await db
      .select()
      .from(ideas)
      .where(inArray(ideas.id, [first, second]));
    for (const idea of rows) expect(idea).toMatchObject({ status: 'sent', preferences });
  });

  it('reuses the share of approved ideas, which stay approved until the email goes out', async () => {
    const { db } = testApp.database;
    const user = await createVerifiedUser(testApp.app, db);
    const [person] = await insertContacts(db, user.id, [{ name: 'Lea', email: 'approved.lea@example.com' }]);
    const idea = await createIdea(testApp.app, user, 'Finished the marathon');
    const approved = await testApp.app.inject({
      method: 'POST',
      url: '/api/shares/approve',
      headers: user.headers,
      payload: { ideaIds: [idea], text: 'First draft', preferences },
    });
    const approvedShare = (approved.json() as { share: { id: string } }).share;

    const response = await emailText(user, {
      ideaIds: [idea],
      text: 'Final text',
      preferences,
      destinations: { contactIds: [person!.id] },
      subject: 'Marathon!',
    });
    expect(response.json()).toMatchObject({ shareId: approvedShare.id, outcome: 'queued', queued: 1 });
    await waitForDeliveries(testApp.app, user, approvedShare.id);
    expect(smtp.to('approved.lea@example.com')[0]!.mail).toMatchObject({ subject: 'Marathon!' });
    expect(smtp.to('approved.lea@example.com')[0]!.mail.text).toContain('Final text');
  });

  it('changes nothing when the send is refused: monthly limit, no valid recipient, SMS only', async () => {
    const { db } = testApp.database;
    const user = await createVerifiedUser(testApp.app, db);
    const [withEmail, withoutEmail] = await insertContacts(db, user.id, [
      { name: 'Max', email: 'refused.max@example.com' },
      { name: 'Nia', email: '' },
    ]);
    const idea = await createIdea(testApp.app, user, 'A quiet week');
    const request = { ideaIds: [idea], text: 'A quiet week at home.', preferences };
    const before = await stateOf(user.id);
    expect(before.ideas[0]!.status).toBe('raw');

    const noRecipient = await emailText(user, {
      ...request,
      destinations: { contactIds: [withoutEmail!.id, 'not-a-contact'] },
    });
    expect(noRecipient.statusCode).toBe(200);
    expect(noRecipient.json()).toEqual({
      shareId: null,
      outcome: 'no_recipients',
      queued: 0,
      skipped: 2,
      skippedUnsubscribed: 0,
      skippedBouncing: 0,
      message: 'No valid recipients with content to send emails.',
      deliveries: null,
    });
    expect(await stateOf(user.id)).toEqual(before);

    const sms = await emailText(user, { ...request, destinations: { contactIds: [withEmail!.id] }, method: 'sms' });
    expect(sms.json()).toMatchObject({ shareId: null, outcome: 'sms_not_supported', queued: 0 });
    expect(await stateOf(user.id)).toEqual(before);

    await db.update(userSettings).set({ monthlyShareLimit: 0 }).where(eq(userSettings.userId, user.id));
    const overLimit = await emailText(user, { ...request, destinations: { contactIds: [withEmail!.id] } });
    expect(overLimit.statusCode).toBe(403);
    expect(overLimit.json()).toEqual({
      code: 'LIMIT_REACHED',
      message: "You've reached your monthly usage limit. Upgrade to continue sharing.",
    });
    expect(await stateOf(user.id)).toEqual(before);
    expect(smtp.to('refused.max@example.com')).toHaveLength(0);
  });

  it('refuses an empty contact list and another user’s idea, writing nothing', async () => {
    const { db } = testApp.database;
    const owner = await createVerifiedUser(testApp.app, db);
    const stranger = await createVerifiedUser(testApp.app, db);
    const [strangerContact] = await insertContacts(db, stranger.id, [{ name: 'Oz', email: 'stranger.oz@example.com' }]);
    const idea = await createIdea(testApp.app, owner, 'Owner idea');
    const request = { ideaIds: [idea], text: 'Owner text', preferences };

    const empty = await emailText(owner, { ...request, destinations: { contactIds: [] } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Choose at least one contact, Telegram chat or LinkedIn.');

    const before = await stateOf(owner.id);
    const foreign = await emailText(stranger, { ...request, destinations: { contactIds: [strangerContact!.id] } });
    expect(foreign.statusCode).toBe(404);
    expect(await stateOf(owner.id)).toEqual(before);
    expect(await stateOf(stranger.id)).toMatchObject({ shares: [], deliveries: [] });
  });
});

describe('a share sent at a time (sendAt)', () => {
  const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

  async function review(user: { headers: Record<string, string> }, locale = 'en') {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/shares/review',
      headers: { ...user.headers, 'accept-language': locale },
    });
    expect(response.statusCode).toBe(200);
    return response.json() as ShareReviewResponse;
  }

  /** Polls a share's deliveries until the share has the status (a scheduled share counts as done at once). */
  async function waitForShareStatus(user: TestUser, shareId: string, status: string, timeoutMs = 20_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const done = await waitForDeliveries(testApp.app, user, shareId, timeoutMs);
      if (done.shareStatus === status) return done;
      if (Date.now() > deadline) throw new Error(`share ${shareId} is ${done.shareStatus}, not ${status}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  it('stays scheduled with queued deliveries, in Summeris → Scheduled, and goes out after its time', async () => {
    const { db } = testApp.database;
    const user = await createVerifiedUser(testApp.app, db);
    const people = await insertContacts(db, user.id, contactEmails('later').slice(0, 2));
    const { share } = await insertShare(db, user.id, people);
    const sendAt = inSeconds(2.5);

    const response = await send(user, share.id, { sendAt });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ outcome: 'scheduled', queued: 2 });
    const [stored] = await db.select().from(shares).where(eq(shares.id, share.id));
    expect(stored).toMatchObject({ status: 'scheduled', sendAt: new Date(sendAt) });
    const rows = await db.select().from(deliveries).where(eq(deliveries.shareId, share.id));
    expect(rows.map((row) => row.status)).toEqual(['queued', 'queued']);
    const waiting = await review(user);
    expect(waiting.scheduled.map((item) => item.id)).toEqual([share.id]);
    expect(waiting.scheduled[0]!.deliveries.map((delivery) => delivery.status)).toEqual(['queued', 'queued']);
    expect(waiting.pending).toEqual([]);
    expect(waiting.sent).toEqual([]);
    // Not before its time.
    for (const person of people) expect(smtp.to(person.email)).toHaveLength(0);

    const done = await waitForShareStatus(user, share.id, 'sent');
    expect(done.counts).toMatchObject({ total: 2, sent: 2, queued: 0, failed: 0 });
    for (const delivery of done.deliveries) {
      expect(Date.parse(delivery.sentAt!)).toBeGreaterThanOrEqual(Date.parse(sendAt));
    }
    for (const person of people) expect(smtp.to(person.email)).toHaveLength(1);
    const after = await review(user);
    expect(after.scheduled).toEqual([]);
    expect(after.sent.map((item) => item.id)).toEqual([share.id]);
    expect((await getMonthlyUsage({ db, userId: user.id })).used).toBe(1);
  });

  it('unschedule takes the share back to Pending (approved) with its texts and removes its deliveries', async () => {
    const { db } = testApp.database;
    const user = await createVerifiedUser(testApp.app, db);
    const [person] = await insertContacts(db, user.id, [{ name: 'Uma', email: 'unschedule.uma@example.com' }]);
    const { share } = await insertShare(db, user.id, [person!]);
    const scheduled = await send(user, share.id, { sendAt: inSeconds(3600) });
    expect(scheduled.json()).toMatchObject({ outcome: 'scheduled', queued: 1 });

    const unscheduled = await testApp.app.inject({
      method: 'POST',
      url: `/api/shares/${share.id}/unschedule`,
      headers: user.headers,
    });
    expect(unscheduled.statusCode, unscheduled.body).toBe(200);
    expect(unscheduled.json().share).toMatchObject({ id: share.id, status: 'approved', texts: share.texts });
    const [stored] = await db.select().from(shares).where(eq(shares.id, share.id));
    expect(stored).toMatchObject({ status: 'approved', sendAt: null });
    expect(await db.select().from(deliveries).where(eq(deliveries.shareId, share.id))).toEqual([]);
    const list = await review(user);
    expect(list.scheduled).toEqual([]);
    expect(list.pending.map((item) => item.id)).toEqual([share.id]);
    expect(list.pending[0]!.deliveries).toEqual([]);

    // Sent now instead; a sent share cannot be unscheduled.
    expect((await send(user, share.id)).json()).toMatchObject({ outcome: 'queued', queued: 1 });
    await waitForDeliveries(testApp.app, user, share.id);
    expect(smtp.to('unschedule.uma@example.com')).toHaveLength(1);
    for (const [locale, message] of [
      ['en', 'This share is no longer scheduled.'],
      ['ru', 'Эта отправка больше не запланирована.'],
    ] as const) {
      const refused = await testApp.app.inject({
        method: 'POST',
        url: `/api/shares/${share.id}/unschedule`,
        headers: { ...user.headers, 'accept-language': locale },
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'SHARE_NOT_SCHEDULED', message });
    }
    const [sent] = await db.select().from(shares).where(eq(shares.id, share.id));
    expect(sent!.status).toBe('sent');
  });

  it('refuses a time in the past with the field message, writing nothing', async () => {
    const { db } = testApp.database;
    const user = await createVerifiedUser(testApp.app, db);
    const [person] = await insertContacts(db, user.id, [{ name: 'Pia', email: 'past.pia@example.com' }]);
    const { share } = await insertShare(db, user.id, [person!]);
    for (const [locale, message] of [
      ['en', 'Choose a time in the future.'],
      ['ru', 'Выберите время в будущем.'],
    ] as const) {
      const response = await send(user, share.id, { sendAt: inSeconds(-60) }, { 'accept-language': locale });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message, fields: { sendAt: message } });
    }
    const [stored] = await db.select().from(shares).where(eq(shares.id, share.id));
    expect(stored).toMatchObject({ status: 'generated', sendAt: null });
    expect(await db.select().from(deliveries).where(eq(deliveries.shareId, share.id))).toEqual([]);
    expect(smtp.to('past.pia@example.com')).toHaveLength(0);
  });

  it('lists a share with a failed destination under Failed, the error in the reader’s language', async () => {
    const { db } = testApp.database;
    const user = await createVerifiedUser(testApp.app, db);
    const people = await insertContacts(db, user.id, contactEmails('tabfail').slice(0, 2));
    const { share } = await insertShare(db, user.id, people);
    smtp.rules.set('tabfail.carol@example.com', { code: 550, message: 'Mailbox unavailable' });
    expect((await send(user, share.id)).statusCode).toBe(200);
    const done = await waitForDeliveries(testApp.app, user, share.id);
    expect(done).toMatchObject({ shareStatus: 'sent', counts: { sent: 1, bounced: 1 } });

    for (const [locale, prefix] of [
      ['en', 'Could not send: '],
      ['ru', 'Не удалось отправить: '],
    ] as const) {
      const list = await review(user, locale);
      // A partial send is in Sent and in Failed.
      expect(list.sent.map((item) => item.id)).toEqual([share.id]);
      expect(list.failed.map((item) => item.id)).toEqual([share.id]);
      const byAddress = new Map(list.failed[0]!.deliveries.map((delivery) => [delivery.recipientEmail, delivery]));
      const failed = byAddress.get('tabfail.carol@example.com')!;
      expect(failed).toMatchObject({ channel: 'email', status: 'bounced', canRetry: false });
      expect(failed.error!.startsWith(prefix), failed.error!).toBe(true);
      expect(failed.error).toContain('Mailbox unavailable');
      expect(byAddress.get('tabfail.bob@example.com')).toMatchObject({ status: 'sent', error: null });
    }
  });
});

describe('durability', () => {
  it('resumes, within seconds of a restart, a delivery that a killed process was sending', async () => {
    const database = await openTestDatabase();
    const config = loadConfig(
      {
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        APP_SECRET: 'test-secret-that-is-long-enough-0123456789',
        SMTP_URL: smtp.url,
        MAIL_FROM: testMailFrom,
        EMAIL_RETRY_DELAY_SECONDS: '1',
      },
      { BASE_URL: 'http://localhost:3000' },
    );
    // The job queue's own timers at a second each, so that what is measured is what holds the
    // delivery back, not the 10 s a pass waits in production.
    const timings: JobQueueTimings = {
      superviseIntervalSeconds: 1,
      monitorIntervalSeconds: 1,
      queueCacheIntervalSeconds: 1,
    };
    const firstJobs = await startJobQueue(database, { error: () => {} }, timings);
    const firstApp = await buildApp({ config, database, jobs: firstJobs, webDistDir: null });
    await createDeliveryQueue({ jobs: firstJobs, config });
    await firstApp.ready();
    const user = await createVerifiedUser(firstApp, database.db);
    const people = await insertContacts(database.db, user.id, contactEmails('killed').slice(0, 1));
    const { share } = await insertShare(database.db, user.id, people);
    const outcome = await sendShare({
      db: database.db,
      jobs: firstJobs,
      channels: firstApp.deps.channels,
      log: firstApp.log,
      userId: user.id,
      shareId: share.id,
      destinations: { contactIds: share.contactIds, telegramChatIds: [], linkedin: false },
      subject: 'Through the crash',
      bodies: share.texts,
      method: 'email',
    });
    const deliveryId = outcome.deliveryIds[0]!;
    // The killed process had taken the job and claimed the delivery, its heartbeat stopped a minute
    // ago, and its supervisor's last pass saw the job active (the queue's cached singleton keys).
    const [taken] = await firstJobs.fetch<{ deliveryId: string }>(deliveryQueue);
    expect(taken?.data.deliveryId).toBe(deliveryId);
    await database.db.update(deliveries).set({ status: 'sending', attempts: 1 }).where(eq(deliveries.id, deliveryId));
    await database.db.execute(
      sql`update pgboss.job set heartbeat_on = now() - interval '1 minute' where id = ${taken!.id}`,
    );
    const deadline = Date.now() + 10_000;
    while (!(await firstJobs.getQueue(deliveryQueue))?.singletonsActive?.includes(deliveryId)) {
      if (Date.now() > deadline) throw new Error('the supervisor never saw the job active');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await firstApp.close();
    await firstJobs.stop({ graceful: false, timeout: 1000 });
    await firstApp.deps.mailer.close();
    expect(smtp.to(people[0]!.email)).toHaveLength(0);

    const restarted = Date.now();
    const secondJobs = await startJobQueue(database, { error: () => {} }, timings);
    const secondApp = await buildApp({ config, database, jobs: secondJobs, webDistDir: null });
    await registerWorkers(secondApp);
    await secondApp.ready();
    try {
      while (smtp.to(people[0]!.email).length === 0) {
        // pg-boss caches those keys for a minute by default: the mail waited that long after a restart.
        if (Date.now() - restarted > 15_000) throw new Error('the delivery did not resume within 15 s');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const done = await waitForDeliveries(secondApp, user, share.id);
      expect(done.counts).toMatchObject({ sent: 1, failed: 0 });
      expect(smtp.to(people[0]!.email)).toHaveLength(1);
      expect(smtp.to(people[0]!.email)[0]!.mail.subject).toBe('Through the crash');
    } finally {
      await secondApp.close();
      await secondJobs.stop({ graceful: false, timeout: 1000 });
      await secondApp.deps.mailer.close();
      await database.close();
    }
  });

  it('delivers deliveries left queued when the server stopped, each exactly once', async () => {
    const database = await openTestDatabase();
    const config = loadConfig(
      {
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        APP_SECRET: 'test-secret-that-is-long-enough-0123456789',
        SMTP_URL: smtp.url,
        MAIL_FROM: testMailFrom,
        EMAIL_RETRY_DELAY_SECONDS: '1',
      },
      { BASE_URL: 'http://localhost:3000' },
    );
    // First run: the queue exists and jobs are queued, but the server stops before a worker takes them.
    const firstJobs = await startJobQueue(database, { error: () => {} });
    const firstApp = await buildApp({ config, database, jobs: firstJobs, webDistDir: null });
    await createDeliveryQueue({ jobs: firstJobs, config });
    await firstApp.ready();
    const user = await createVerifiedUser(firstApp, database.db);
    const people = await insertContacts(database.db, user.id, contactEmails('restart'));
    const { share } = await insertShare(database.db, user.id, people);
    const outcome = await sendShare({
      db: database.db,
      jobs: firstJobs,
      channels: firstApp.deps.channels,
      log: firstApp.log,
      userId: user.id,
      shareId: share.id,
      destinations: { contactIds: share.contactIds, telegramChatIds: [], linkedin: false },
      subject: 'Before the restart',
      bodies: share.texts,
      method: 'email',
    });
    expect(outcome).toMatchObject({ outcome: 'queued', queued: 3 });
    // One delivery was mid-send when the process died.
    await database.db
      .update(deliveries)
      .set({ status: 'sending', attempts: 1 })
      .where(eq(deliveries.id, outcome.deliveryIds[0]!));
    await firstApp.close();
    await firstJobs.stop({ graceful: false, timeout: 1000 });
    await firstApp.deps.mailer.close();
    expect(smtp.to('restart.bob@example.com')).toHaveLength(0);

    // Second run on the same database: start-up resumes them.
    const secondJobs = await startJobQueue(database, { error: () => {} });
    const secondApp = await buildApp({ config, database, jobs: secondJobs, webDistDir: null });
    await registerWorkers(secondApp);
    await secondApp.ready();
    try {
      const done = await waitForDeliveries(secondApp, user, share.id);
      expect(done.counts).toMatchObject({ sent: 3, failed: 0 });
      // Let every job (the old ones and the resumed duplicates) finish before counting.
      const deadline = Date.now() + 15_000;
      for (;;) {
        const result = (await database.db.execute(
          sql`select count(*)::int as open from pgboss.job where name = ${deliveryQueue} and state in ('created', 'retry', 'active')`,
        )) as unknown as { rows: Array<{ open: number }> };
        if (result.rows[0]!.open === 0) break;
        if (Date.now() > deadline) throw new Error('jobs did not finish');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      for (const person of people) {
        const messages = smtp.to(person.email);
        expect(messages).toHaveLength(1);
        expect(messages[0]!.mail.subject).toBe('Before the restart');
      }
      const rows = await database.db
        .select()
        .from(deliveries)
        .where(and(eq(deliveries.shareId, share.id), eq(deliveries.status, 'sent')));
      expect(rows).toHaveLength(3);
    } finally {
      await secondApp.close();
      await secondJobs.stop({ graceful: false, timeout: 1000 });
      await secondApp.deps.mailer.close();
      await database.close();
    }
  });
});
