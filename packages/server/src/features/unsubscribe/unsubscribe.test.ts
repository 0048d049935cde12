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

/**
 * The same contact id and signature written other ways, each of which Node's base64 reader
 * decodes to the same bytes: standard base64 with and without padding, base64url with padding, a
 * trailing or inner space, a stray character, and the last character with its unused low bits set
 * otherwise. Each is checked below to decode to the real signature, so a refusal is not just a
 * broken token's.
 */
function otherSpellings(token: string): string[] {
  const [contactId, signature] = token.split('.') as [string, string];
  const base64 = Buffer.from(signature, 'base64url').toString('base64');
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  // 43 characters carry 258 bits for a 256-bit signature: the last one's lowest two bits are unused.
  const lastBitsOtherwise = alphabet[alphabet.indexOf(signature.at(-1)!) ^ 1]!;
  const signatures = [
    base64,
    base64.replace(/=+$/, ''),
    `${signature}=`,
    `${signature} `,
    `${signature.slice(0, 20)} ${signature.slice(20)}`,
    `${signature}!`,
    `${signature.slice(0, -1)}${lastBitsOtherwise}`,
  ];
  // Unpadded standard base64 is the token itself when the signature has no `-` or `_`.
  const others = signatures.filter((other) => other !== signature);
  expect(others.length).toBeGreaterThanOrEqual(signatures.length - 1);
  for (const other of others) {
    expect(Buffer.from(other, 'base64url').equals(Buffer.from(signature, 'base64url')), other).toBe(true);
  }
  return others.map((other) => `${contactId}.${other}`);
}

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

  it('accepts only the spelling it makes: other encodings of the same signature are refused', () => {
    const token = createUnsubscribeToken({ appSecret: secret, contactId });
    for (const spelling of otherSpellings(token)) {
      expect(readUnsubscribeToken({ appSecret: secret, token: spelling }), spelling).toBeNull();
    }
    expect(readUnsubscribeToken({ appSecret: secret, token })).toBe(contactId);
  });
});

describe('one-click unsubscribe', () => {
  it('puts List-Unsubscribe and a footer on update emails (no one-click over http); a POST to the link unsubscribes at once', async () => {
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
    // The public address is http: RFC 8058 §3.1 wants an HTTPS URI for one-click, so none is offered.
    expect(headerOf(bobMail!.mail, 'List-Unsubscribe-Post')).toBeUndefined();
    // One link per contact: Carol's is not Bob's.
    expect(headerOf(carolMail!.mail, 'List-Unsubscribe')).not.toBe(listUnsubscribe);
    const link = listUnsubscribe.slice(1, -1);
    expect(bobMail!.mail.text).toContain(
      'You are receiving this email because Ann <Lee> shares personal updates with you through Life Updates.',
    );
    expect(bobMail!.mail.text).toContain(`To stop receiving these updates: ${link}`);
    expect(bobMail!.mail.html).toContain('because Ann &lt;Lee&gt; shares');
    expect(bobMail!.mail.html).toContain(`<a href="${link}"`);

    // A POST to the link (the page's button, or a provider's one-click): no cookie, no Origin, a form body.
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

  it('a GET or HEAD of the link changes nothing: the page, in the contact language, has an Unsubscribe button that posts; then the undo', async () => {
    const { app, database } = context.testApp;
    const { db } = database;
    const user = await createVerifiedUser(app, db, { name: 'Anna <script>' });
    await db.update(userSettings).set({ locale: 'ru' }).where(eq(userSettings.userId, user.id));
    const [dan] = await insertContacts(db, user.id, [{ name: 'Dan', email: 'u2.dan@example.com' }]);
    const token = createUnsubscribeToken({ appSecret: context.testApp.config.APP_SECRET, contactId: dan!.id });
    const unsubscribedAt = async () =>
      (await db.select().from(contacts).where(eq(contacts.id, dan!.id)))[0]!.unsubscribedAt;

    // What a mail scanner or a link preview does: fetch the link, with or without a body.
    const head = await app.inject({ method: 'HEAD', url: `/u/${token}` });
    expect(head.statusCode).toBe(200);
    expect(await unsubscribedAt()).toBeNull();
    const page = await app.inject({ method: 'GET', url: `/u/${token}` });
    expect(page.statusCode).toBe(200);
    expect(await unsubscribedAt()).toBeNull();

    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-store');
    // No Accept-Language: the owner's language.
    expect(page.body).toContain('<html lang="ru">');
    expect(page.body).toContain('<h1>Отписаться?</h1>');
    expect(page.body).toContain('Вы получаете личные новости от Anna &lt;script&gt; по электронной почте.');
    expect(page.body).not.toContain('<script>');
    // One button, in a plain form posting back to the same link: no script, same origin.
    expect(page.body.match(/<button/g)).toHaveLength(1);
    expect(page.body).toContain(
      `<form method="post" action="/u/${token}"><button type="submit">Отписаться</button></form>`,
    );
    expect(page.body).not.toContain('/undo');
    expect(page.headers['content-security-policy']).toContain("form-action 'self'");
    const english = await app.inject({ method: 'GET', url: `/u/${token}`, headers: { 'accept-language': 'en-GB,en' } });
    expect(english.body).toContain('You receive personal updates from Anna &lt;script&gt; by email.');
    expect(english.body).toContain('<button type="submit">Unsubscribe</button>');
    expect(await unsubscribedAt()).toBeNull();

    // The button: a form post as a browser sends it, urlencoded and empty, no session.
    const pressed = await app.inject({
      method: 'POST',
      url: `/u/${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en', origin: testBaseUrl },
      payload: '',
    });
    expect(pressed.statusCode).toBe(200);
    expect(pressed.body).toContain('You will no longer receive updates from Anna &lt;script&gt;.');
    expect(pressed.body).toContain(`<form method="post" action="/u/${token}/undo">`);
    expect(await unsubscribedAt()).toBeInstanceOf(Date);

    // Opened again later, the page says so and offers the undo, still changing nothing.
    const again = await app.inject({ method: 'GET', url: `/u/${token}`, headers: { 'accept-language': 'en' } });
    expect(again.body).toContain('You will no longer receive updates from Anna &lt;script&gt;.');
    expect(again.body).toContain(`<form method="post" action="/u/${token}/undo">`);
    expect(await unsubscribedAt()).toBeInstanceOf(Date);

    // The undo is a plain form post from the page too.
    const undo = await app.inject({
      method: 'POST',
      url: `/u/${token}/undo`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en', origin: testBaseUrl },
      payload: '',
    });
    expect(undo.statusCode).toBe(200);
    expect(undo.body).toContain('You will receive updates from Anna &lt;script&gt; again.');
    expect(await unsubscribedAt()).toBeNull();
  });

  it('offers one-click (List-Unsubscribe-Post) when the public address is https, and the one-click POST unsubscribes', async () => {
    const { app, database, config } = context.testApp;
    const { db } = database;
    const { processDeliveries } = await import('../shares/delivery/worker.ts');
    const { sendShare } = await import('../shares/delivery/send.ts');
    const { createEmailChannel } = await import('../email/email-channel.ts');
    const user = await createVerifiedUser(app, db);
    const [hal] = await insertContacts(db, user.id, [{ name: 'Hal', email: 'u7.hal@example.com' }]);
    const { share } = await insertShare(db, user.id, [hal!]);
    // No job queue: the delivery is processed by hand, with links on an https address.
    const channels = {
      ...app.deps.channels,
      email: createEmailChannel({
        config,
        secretBox: app.deps.secretBox,
        publicAddress: { ...app.publicAddress, forLinks: async () => 'https://updates.example.com' },
        serverTransport: app.deps.mailer,
        media: app.deps.media,
      }),
    };
    const outcome = await sendShare({
      db,
      jobs: undefined,
      channels,
      log: app.log,
      userId: user.id,
      shareId: share.id,
      destinations: { contactIds: [hal!.id], telegramChatIds: [], linkedin: false },
      bodies: share.texts,
    });
    await processDeliveries({
      db,
      channels,
      attempts: outcome.deliveryIds.map((deliveryId) => ({ deliveryId, isFinalAttempt: false })),
    });
    const [mail] = context.smtp.to(hal!.email);
    const listUnsubscribe = headerOf(mail!.mail, 'List-Unsubscribe')!;
    expect(listUnsubscribe).toMatch(new RegExp(`^<https://updates\\.example\\.com/u/${hal!.id}\\.[A-Za-z0-9_-]{43}>$`));
    expect(headerOf(mail!.mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    // The footer link is the same page.
    const link = listUnsubscribe.slice(1, -1);
    expect(mail!.mail.html).toContain(`<a href="${link}"`);

    // The mail provider's one-click POST (RFC 8058 §3.2): no cookie, no Origin, the form body.
    const oneClick = await app.inject({
      method: 'POST',
      url: new URL(link).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    const [row] = await db.select().from(contacts).where(eq(contacts.id, hal!.id));
    expect(row!.unsubscribedAt).toBeInstanceOf(Date);
    expect(row!.unsubscribeSource).toBe('link');
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

  it('answers another spelling of a valid token exactly as an invalid one, and changes nothing', async () => {
    const { app, database, config } = context.testApp;
    const { db } = database;
    const user = await createVerifiedUser(app, db);
    const [ivy] = await insertContacts(db, user.id, [{ name: 'Ivy', email: 'u8.ivy@example.com' }]);
    const token = createUnsubscribeToken({ appSecret: config.APP_SECRET, contactId: ivy!.id });
    const post = (spelling: string) =>
      app.inject({
        method: 'POST',
        url: `/u/${encodeURIComponent(spelling)}`,
        payload: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
      });
    const invalid = await post('nonsense');
    expect(invalid.statusCode).toBe(404);
    for (const spelling of otherSpellings(token)) {
      const response = await post(spelling);
      expect(response.statusCode, spelling).toBe(404);
      expect(response.body, spelling).toBe(invalid.body);
    }
    const [row] = await db.select().from(contacts).where(eq(contacts.id, ivy!.id));
    expect(row!.unsubscribedAt).toBeNull();
    // The token as made still works.
    expect((await post(token)).statusCode).toBe(200);
  });

  it('marks a queued delivery unsubscribed when the contact unsubscribes before it goes out', async () => {
    const { app, database, config } = context.testApp;
    const { db } = database;
    const { processDeliveries } = await import('../shares/delivery/worker.ts');
    const user = await createVerifiedUser(app, db);
    const [fay] = await insertContacts(db, user.id, [{ name: 'Fay', email: 'u4.fay@example.com' }]);
    const { share } = await insertShare(db, user.id, [fay!]);
    const { sendShare } = await import('../shares/delivery/send.ts');
    // No job queue: the delivery stays queued until processed by hand below.
    const outcome = await sendShare({
      db,
      jobs: undefined,
      channels: app.deps.channels,
      log: app.log,
      userId: user.id,
      shareId: share.id,
      destinations: { contactIds: [fay!.id], telegramChatIds: [], linkedin: false },
      bodies: share.texts,
    });
    const token = createUnsubscribeToken({ appSecret: config.APP_SECRET, contactId: fay!.id });
    expect((await app.inject({ method: 'POST', url: `/u/${token}` })).statusCode).toBe(200);
    await processDeliveries({
      db,
      channels: app.deps.channels,
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
