import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createVerifiedUser,
  insertContacts,
  insertShare,
  startAppWithSmtp,
  waitForDeliveries,
} from '../../../test/doubles/email-fixtures.ts';
import { testBaseUrl } from '../../../test/test-app.ts';
import { contacts, userSettings } from '../../db/schema.ts';
import { createUnsubscribeToken, readUnsubscribeToken } from '../../lib/unsubscribe-token.ts';

let context: Awaited<ReturnType<typeof startAppWithSmtp>>;
beforeAll(async () => {
  context = await startAppWithSmtp();
});
afterAll(async () => {
  await context.close();
});

const headerOf = (mail: ParsedMail, name: string) =>
  mail.headerLines.find((line) => line.key === name.toLowerCase())?.line.replace(/^[^:]+:\s*/, '');

async function sendShareTo(
  user: { id: string; headers: Record<string, string> },
  people: Array<{ id: string; name: string }>,
) {
  const { db } = context.testApp.database;
  const { share } = await insertShare(db, user.id, people);
  const response = await context.testApp.app.inject({
    method: 'POST',
    url: `/api/shares/${share.id}/send`,
    headers: user.headers,
    payload: {},
  });
  expect(response.statusCode).toBe(200);
  return { shareId: share.id, result: response.json() };
}

describe('unsubscribe tokens', () => {
  const secret = 'a-secret-that-is-long-enough-for-tests-000';
  const contactId = '7b0c7a0e-1d0e-4f57-9a55-2a8e8e0b6d11';

  it('round-trips, and refuses another secret, another contact and tampering', () => {
    const token = createUnsubscribeToken({ appSecret: secret, contactId });
    expect(readUnsubscribeToken({ appSecret: secret, token })).toBe(contactId);
    expect(readUnsubscribeToken({ appSecret: `${secret}x`, token })).toBeNull();
    const [, signature] = token.split('.');
    expect(
      readUnsubscribeToken({ appSecret: secret, token: `7b0c7a0e-1d0e-4f57-9a55-2a8e8e0b6d12.${signature}` }),
    ).toBeNull();
    expect(readUnsubscribeToken({ appSecret: secret, token: `${contactId}.` })).toBeNull();
    expect(readUnsubscribeToken({ appSecret: secret, token: contactId })).toBeNull();
    expect(readUnsubscribeToken({ appSecret: secret, token: `${token}x` })).toBeNull();
  });
});

describe('one-click unsubscribe', () => {
  it('puts List-Unsubscribe headers and a footer on update emails; a POST to the link unsubscribes at once', async () => {
    const { app, database } = context.testApp;
    const { db } = database;
    const user = await createVerifiedUser(app, db, { name: 'Ann <Lee>' });
    const people = await insertContacts(db, user.id, [
      { name: 'Bob', email: 'u1.bob@example.com' },
      { name: 'Carol', email: 'u1.carol@example.com' },
    ]);
    const [bob, carol] = people as [(typeof people)[number], (typeof people)[number]];
    const first = await sendShareTo(user, people);
    await waitForDeliveries(app, user, first.shareId);

    const [bobMail] = context.smtp.to(bob.email);
    const [carolMail] = context.smtp.to(carol.email);
    const listUnsubscribe = headerOf(bobMail!.mail, 'List-Unsubscribe')!;
    expect(listUnsubscribe).toMatch(new RegExp(`^<${testBaseUrl}/u/${bob.id}\\.[A-Za-z0-9_-]{43}>$`));
    expect(headerOf(bobMail!.mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    // One link per contact: Carol's is not Bob's.
    expect(headerOf(carolMail!.mail, 'List-Unsubscribe')).not.toBe(listUnsubscribe);
    const link = listUnsubscribe.slice(1, -1);
    expect(bobMail!.mail.text).toContain(
      'You are receiving this email because Ann <Lee> shares personal updates with you through Life Updates.',
    );
    expect(bobMail!.mail.text).toContain(`To stop receiving these updates: ${link}`);
    expect(bobMail!.mail.html).toContain('because Ann &lt;Lee&gt; shares');
    expect(bobMail!.mail.html).toContain(`<a href="${link}"`);

    // The mail provider's one-click POST (RFC 8058): no cookie, no Origin, a form body.
    const path = new URL(link).pathname;
    const oneClick = await app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    const [bobRow] = await db.select().from(contacts).where(eq(contacts.id, bob.id));
    expect(bobRow!.unsubscribedAt).toBeInstanceOf(Date);
    expect(bobRow!.unsubscribeSource).toBe('link');

    // The owner sees the badge data and cannot clear it by editing the contact.
    const list = await app.inject({ method: 'GET', url: '/api/contacts', headers: user.headers });
    const listed = (list.json() as { contacts: Array<{ id: string; unsubscribedAt: string | null }> }).contacts;
    expect(listed.find((contact) => contact.id === bob.id)!.unsubscribedAt).not.toBeNull();
    expect(listed.find((contact) => contact.id === carol.id)!.unsubscribedAt).toBeNull();
    const edit = await app.inject({
      method: 'PUT',
      url: `/api/contacts/${bob.id}`,
      headers: user.headers,
      payload: { name: 'Bob', email: 'u1.bob.other@example.com', unsubscribedAt: null },
    });
    expect(edit.statusCode).toBe(400);
    const rename = await app.inject({
      method: 'PUT',
      url: `/api/contacts/${bob.id}`,
      headers: user.headers,
      payload: { name: 'Bobby', email: 'u1.bob@example.com' },
    });
    expect(rename.statusCode).toBe(200);
    expect(rename.json().unsubscribedAt).not.toBeNull();

    // The next share skips Bob and says why.
    const before = context.smtp.to(bob.email).length;
    const second = await sendShareTo(user, people);
    expect(second.result).toMatchObject({ queued: 1, skipped: 1, skippedUnsubscribed: 1, skippedBouncing: 0 });
    const done = await waitForDeliveries(app, user, second.shareId);
    expect(done.deliveries.map((delivery) => delivery.recipientEmail)).toEqual([carol.email]);
    expect(context.smtp.to(bob.email)).toHaveLength(before);
    // A share to nobody but Bob is not sent: nothing used of the monthly limit.
    const onlyBob = await sendShareTo(user, [bob]);
    expect(onlyBob.result).toMatchObject({ outcome: 'no_recipients', skippedUnsubscribed: 1 });
    const usage = await app.inject({ method: 'GET', url: '/api/usage', headers: user.headers });
    expect(usage.json()).toMatchObject({ used: 2 });
  });

  it('GET shows the page in the contact language with an undo that re-subscribes', async () => {
    const { app, database } = context.testApp;
    const { db } = database;
    const user = await createVerifiedUser(app, db, { name: 'Anna <script>' });
    await db.update(userSettings).set({ locale: 'ru' }).where(eq(userSettings.userId, user.id));
    const [dan] = await insertContacts(db, user.id, [{ name: 'Dan', email: 'u2.dan@example.com' }]);
    const token = createUnsubscribeToken({ appSecret: context.testApp.config.APP_SECRET, contactId: dan!.id });

    const head = await app.inject({ method: 'HEAD', url: `/u/${token}` });
    expect(head.statusCode).toBe(200);
    const [afterHead] = await db.select().from(contacts).where(eq(contacts.id, dan!.id));
    expect(afterHead!.unsubscribedAt).toBeNull();

    const page = await app.inject({ method: 'GET', url: `/u/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    // No Accept-Language: the owner's language.
    expect(page.body).toContain('<html lang="ru">');
    expect(page.body).toContain('Вы больше не будете получать новости от Anna &lt;script&gt;.');
    expect(page.body).not.toContain('<script>');
    expect(page.body).toContain(`<form method="post" action="/u/${token}/undo">`);
    expect(page.headers['content-security-policy']).toContain("form-action 'self'");
    const [afterGet] = await db.select().from(contacts).where(eq(contacts.id, dan!.id));
    expect(afterGet!.unsubscribedAt).toBeInstanceOf(Date);

    const english = await app.inject({ method: 'GET', url: `/u/${token}`, headers: { 'accept-language': 'en-GB,en' } });
    expect(english.body).toContain('You will no longer receive updates from Anna &lt;script&gt;.');

    // The undo is a plain form post from the page: same origin, urlencoded, no session.
    const undo = await app.inject({
      method: 'POST',
      url: `/u/${token}/undo`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en', origin: testBaseUrl },
      payload: '',
    });
    expect(undo.statusCode).toBe(200);
    expect(undo.body).toContain('You will receive updates from Anna &lt;script&gt; again.');
    const [afterUndo] = await db.select().from(contacts).where(eq(contacts.id, dan!.id));
    expect(afterUndo!.unsubscribedAt).toBeNull();
  });

  it('keeps an unsubscribe when the owner deletes the contact and adds it again; only the undo lifts it', async () => {
    const { app, database, config } = context.testApp;
    const { db } = database;
    const user = await createVerifiedUser(app, db);
    const other = await createVerifiedUser(app, db);
    const [gil] = await insertContacts(db, user.id, [{ name: 'Gil', email: 'u6.gil@example.com' }]);
    const token = createUnsubscribeToken({ appSecret: config.APP_SECRET, contactId: gil!.id });
    expect((await app.inject({ method: 'POST', url: `/u/${token}` })).statusCode).toBe(200);

    const removed = await app.inject({ method: 'DELETE', url: `/api/contacts/${gil!.id}`, headers: user.headers });
    expect(removed.statusCode).toBeLessThan(300);
    const added = await app.inject({
      method: 'POST',
      url: '/api/contacts',
      headers: user.headers,
      payload: { name: 'Gil again', email: ' U6.Gil@Example.com ' },
    });
    expect(added.statusCode).toBe(201);
    expect(added.json().unsubscribedAt).not.toBeNull();
    // The address is unsubscribed from this owner only: another user's contact with it is not.
    const elsewhere = await app.inject({
      method: 'POST',
      url: '/api/contacts',
      headers: other.headers,
      payload: { name: 'Gil', email: 'u6.gil@example.com' },
    });
    expect(elsewhere.json().unsubscribedAt).toBeNull();

    // The new contact's own link lifts it, and it stays lifted when the contact is added again.
    const newToken = createUnsubscribeToken({ appSecret: config.APP_SECRET, contactId: added.json().id });
    expect((await app.inject({ method: 'POST', url: `/u/${newToken}/undo` })).statusCode).toBe(200);
    await app.inject({ method: 'DELETE', url: `/api/contacts/${added.json().id}`, headers: user.headers });
    const third = await app.inject({
      method: 'POST',
      url: '/api/contacts',
      headers: user.headers,
      payload: { name: 'Gil', email: 'u6.gil@example.com' },
    });
    expect(third.json().unsubscribedAt).toBeNull();
  });

  it('refuses forged and unknown tokens and changes nothing', async () => {
    const { app, database } = context.testApp;
    const { db } = database;
    const user = await createVerifiedUser(app, db);
    const [eve] = await insertContacts(db, user.id, [{ name: 'Eve', email: 'u3.eve@example.com' }]);
    const forged = createUnsubscribeToken({
      appSecret: 'another-secret-that-is-long-enough-000000',
      contactId: eve!.id,
    });
    for (const url of [`/u/${forged}`, `/u/${eve!.id}`, '/u/nonsense']) {
      const response = await app.inject({
        method: 'POST',
        url,
        payload: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('This unsubscribe link is not valid');
    }
    const [row] = await db.select().from(contacts).where(eq(contacts.id, eve!.id));
    expect(row!.unsubscribedAt).toBeNull();
  });

  it('marks a queued delivery unsubscribed when the contact unsubscribes before it goes out', async () => {
    const { app, database, config } = context.testApp;
    const { db } = database;
    const { processDeliveries } = await import('../shares/delivery/worker.ts');
    const user = await createVerifiedUser(app, db);
    const [fay] = await insertContacts(db, user.id, [{ name: 'Fay', email: 'u4.fay@example.com' }]);
    const { share } = await insertShare(db, user.id, [fay!]);
    const { sendShareToContacts } = await import('../shares/delivery/send.ts');
    // No job queue: the delivery stays queued until processed by hand below.
    const outcome = await sendShareToContacts({
      db,
      jobs: undefined,
      userId: user.id,
      shareId: share.id,
      bodies: share.texts,
    });
    const token = createUnsubscribeToken({ appSecret: config.APP_SECRET, contactId: fay!.id });
    expect((await app.inject({ method: 'POST', url: `/u/${token}` })).statusCode).toBe(200);
    await processDeliveries({
      db,
      config,
      secretBox: app.deps.secretBox,
      publicAddress: app.publicAddress,
      serverTransport: app.deps.mailer,
      attempts: outcome.deliveryIds.map((deliveryId) => ({ deliveryId, isFinalAttempt: false })),
    });
    const done = await waitForDeliveries(app, user, share.id);
    expect(done.deliveries[0]).toMatchObject({ status: 'unsubscribed', canRetry: false });
    expect(context.smtp.to('u4.fay@example.com')).toHaveLength(0);
  });

  it('sends account mail without List-Unsubscribe', async () => {
    const { app, database } = context.testApp;
    const user = await createVerifiedUser(app, database.db);
    const response = await app.inject({
      method: 'POST',
      url: '/api/email-settings/test',
      headers: user.headers,
      payload: { to: 'u5.test@example.com' },
    });
    expect(response.statusCode).toBe(200);
    const [mail] = context.smtp.to('u5.test@example.com');
    expect(headerOf(mail!.mail, 'List-Unsubscribe')).toBeUndefined();
    expect(mail!.mail.text).not.toContain('To stop receiving these updates');
  });
});
