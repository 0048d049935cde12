import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createVerifiedUser,
  insertContacts,
  insertShare,
  waitForDeliveries,
} from '../../../test/doubles/email-fixtures.ts';
import type { RecordedRequest, StubAnswer } from '../../../test/doubles/http-recorder.ts';
import { resendError, startResendApi, type ResendApi } from '../../../test/doubles/resend.ts';
import { sendgridError, startSendgridApi, type SendgridApi } from '../../../test/doubles/sendgrid.ts';
import { createResendEventSigner } from '../../../test/doubles/resend.ts';
import { createSendgridEventSigner } from '../../../test/doubles/sendgrid.ts';
import { createTestApp, createUser, testBaseUrl, type TestApp, type TestUser } from '../../../test/test-app.ts';
import { userSettings } from '../../db/schema.ts';
import { createSecretBox } from '../../lib/secret-box.ts';

const mailFrom = 'updates@life.test';
const sendgridKey = 'SG.user-key-0123456789';
const resendKey = 're_' + 'r'.repeat(47);

/** An answer a test imposes on the provider's next requests; undefined = as the provider documents. */
type Imposed = (request: RecordedRequest) => StubAnswer | undefined;
const asDocumented: Imposed = () => undefined;
let sendgridAnswer: Imposed = asDocumented;
let resendAnswer: Imposed = asDocumented;
let sendgrid: SendgridApi;
let resend: ResendApi;
let testApp: TestApp;

beforeAll(async () => {
  sendgrid = await startSendgridApi({ answer: (request) => sendgridAnswer(request) });
  resend = await startResendApi({ answer: (request) => resendAnswer(request) });
  // The server itself has only the outbox; users bring their own provider keys.
  testApp = await createTestApp({
    withJobs: true,
    env: {
      MAIL_FROM: mailFrom,
      SENDGRID_BASE_URL: sendgrid.url,
      RESEND_BASE_URL: resend.url,
      EMAIL_RETRY_DELAY_SECONDS: '1',
    },
  });
});
afterAll(async () => {
  await testApp.close();
  await sendgrid.close();
  await resend.close();
});

const put = (user: TestUser, payload: object, headers: Record<string, string> = {}) =>
  testApp.app.inject({ method: 'PUT', url: '/api/email-settings', headers: { ...user.headers, ...headers }, payload });
const testEmail = (user: TestUser, to: string) =>
  testApp.app.inject({ method: 'POST', url: '/api/email-settings/test', headers: user.headers, payload: { to } });

describe('Settings → Email API', () => {
  it('starts from the account defaults, without a key', async () => {
    const user = await createUser(testApp.app);
    const response = await testApp.app.inject({ method: 'GET', url: '/api/email-settings', headers: user.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      senderName: '',
      replyTo: '',
      provider: 'sendgrid',
      senderEmail: '',
      hasApiKey: false,
      hasWebhookKey: false,
      webhookUrl: null,
      forcedSenderEmail: mailFrom,
      accountName: 'Test User',
      accountEmail: user.email,
    });
    expect((await testApp.app.inject({ method: 'GET', url: '/api/email-settings' })).statusCode).toBe(401);
  });

  it('validates with the spec messages, naming the provider', async () => {
    const user = await createUser(testApp.app);
    const empty = await put(user, { senderName: ' ', provider: 'sendgrid' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Please enter a sender name',
      fields: { senderName: 'Please enter a sender name' },
    });
    // No key asked for: the server sends this user's mail (here through the outbox).
    const nameOnly = await put(user, { senderName: 'Ann', replyTo: 'ann@example.com', provider: 'sendgrid' });
    expect(nameOnly.statusCode).toBe(200);
    expect(nameOnly.json()).toMatchObject({ senderName: 'Ann', replyTo: 'ann@example.com', hasApiKey: false });
    const badKey = await put(user, { senderName: 'Ann', provider: 'sendgrid', apiKey: 'not-a-key' });
    expect(badKey.json().fields).toEqual({ apiKey: 'This does not look like a valid SendGrid API key' });
    const resendWithoutSender = await put(user, { senderName: 'Ann', provider: 'resend', apiKey: resendKey });
    expect(resendWithoutSender.json().fields).toEqual({
      senderEmail: 'Please enter a sender email address for Resend',
    });
    const russian = await put(
      user,
      { senderName: 'Ann', provider: 'resend', apiKey: resendKey },
      { 'accept-language': 'ru' },
    );
    expect(russian.json().fields).toEqual({
      senderEmail: 'Пожалуйста, введите адрес отправителя для Resend',
    });
    const badReplyTo = await put(user, { senderName: 'Ann', replyTo: 'nope', apiKey: sendgridKey });
    expect(badReplyTo.statusCode).toBe(400);
    expect(badReplyTo.json().fields.replyTo).toBe('Please enter a valid email address');
  });

  it('stores the key encrypted, never returns it, and keeps it when the field is left empty', async () => {
    const user = await createUser(testApp.app);
    const saved = await put(user, {
      senderName: 'Ann',
      replyTo: 'ann.replies@example.com',
      provider: 'sendgrid',
      apiKey: sendgridKey,
      senderEmail: 'ignored@example.com',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      senderName: 'Ann',
      replyTo: 'ann.replies@example.com',
      provider: 'sendgrid',
      senderEmail: '',
      hasApiKey: true,
    });
    expect(saved.body).not.toContain(sendgridKey);
    const [row] = await testApp.database.db.select().from(userSettings).where(eq(userSettings.userId, user.id));
    expect(row!.emailApiKeyEncrypted).not.toContain(sendgridKey);
    expect(createSecretBox(testApp.config.APP_SECRET).decrypt(row!.emailApiKeyEncrypted!)).toBe(sendgridKey);

    const kept = await put(user, { senderName: 'Annie', provider: 'sendgrid' });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ senderName: 'Annie', hasApiKey: true });
    const transport = await testApp.app.inject({ method: 'GET', url: '/api/email/transport', headers: user.headers });
    expect(transport.json()).toEqual({ kind: 'sendgrid', isExternal: true });

    const removed = await testApp.app.inject({
      method: 'DELETE',
      url: '/api/email-settings/api-key',
      headers: user.headers,
    });
    expect(removed.json()).toMatchObject({ hasApiKey: false, senderName: 'Annie' });
    const outbox = await testApp.app.inject({ method: 'GET', url: '/api/email/transport', headers: user.headers });
    expect(outbox.json()).toEqual({ kind: 'outbox', isExternal: false });
  });
});

describe('Settings → Email: the events of the user’s own provider account', () => {
  const settingsRow = async (userId: string) =>
    (await testApp.database.db.select().from(userSettings).where(eq(userSettings.userId, userId)))[0]!;

  it('gives a user with their own key an opaque webhook address, not derived from the user', async () => {
    const user = await createUser(testApp.app);
    const other = await createUser(testApp.app);
    const saved = await put(user, { senderName: 'Ann', provider: 'sendgrid', apiKey: sendgridKey });
    await put(other, { senderName: 'Ola', provider: 'sendgrid', apiKey: sendgridKey });
    const row = await settingsRow(user.id);
    expect(row.emailWebhookId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(saved.json()).toMatchObject({
      hasWebhookKey: false,
      webhookUrl: `${testBaseUrl}/api/webhooks/sendgrid/${row.emailWebhookId}`,
    });
    expect(saved.json().webhookUrl).not.toContain(user.id);
    expect((await settingsRow(other.id)).emailWebhookId).not.toBe(row.emailWebhookId);
    // The address follows the provider the key is for.
    const resend = await put(user, { senderName: 'Ann', provider: 'resend', senderEmail: 'ann@life.test' });
    expect(resend.json().webhookUrl).toBe(`${testBaseUrl}/api/webhooks/resend/${row.emailWebhookId}`);
    // Without a key of their own there is no account of theirs to hear from.
    const removed = await testApp.app.inject({
      method: 'DELETE',
      url: '/api/email-settings/api-key',
      headers: user.headers,
    });
    expect(removed.json()).toMatchObject({ hasApiKey: false, webhookUrl: null });
  });

  it('stores the verification key encrypted, never returns it, and checks its form', async () => {
    const user = await createUser(testApp.app);
    const { verificationKey } = createSendgridEventSigner();
    const early = await put(user, { senderName: 'Ann', provider: 'sendgrid', webhookKey: verificationKey });
    expect(early.statusCode).toBe(400);
    expect(early.json().fields).toEqual({
      webhookKey: 'Save your SendGrid API key first: this key verifies the events of your own account.',
    });
    expect((await put(user, { senderName: 'Ann', provider: 'sendgrid', apiKey: sendgridKey })).statusCode).toBe(200);
    const wrongForm = await put(user, {
      senderName: 'Ann',
      provider: 'sendgrid',
      webhookKey: 'whsec_bm90LWEtc2VuZGdyaWQta2V5',
    });
    expect(wrongForm.json().fields).toEqual({
      webhookKey: 'This does not look like a SendGrid verification key (base64, starting with MFkw)',
    });
    const russian = await put(
      user,
      { senderName: 'Ann', provider: 'sendgrid', webhookKey: 'nope' },
      { 'accept-language': 'ru' },
    );
    expect(russian.json().fields.webhookKey).toBe(
      'Это не похоже на ключ проверки SendGrid (base64, начинается с MFkw)',
    );

    // Pasted as PEM, over several lines: stored as the bare key.
    const pem = `-----BEGIN PUBLIC KEY-----\n${verificationKey.slice(0, 64)}\n${verificationKey.slice(64)}\n-----END PUBLIC KEY-----`;
    const saved = await put(user, { senderName: 'Ann', provider: 'sendgrid', webhookKey: pem });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ hasApiKey: true, hasWebhookKey: true });
    expect(saved.body).not.toContain(verificationKey.slice(40, 80));
    const row = await settingsRow(user.id);
    expect(row.emailWebhookKeyEncrypted).not.toContain(verificationKey.slice(40, 80));
    expect(createSecretBox(testApp.config.APP_SECRET).decrypt(row.emailWebhookKeyEncrypted!)).toBe(verificationKey);
    const read = await testApp.app.inject({ method: 'GET', url: '/api/email-settings', headers: user.headers });
    expect(read.json()).toMatchObject({ hasWebhookKey: true });
    expect(read.body).not.toContain(verificationKey.slice(40, 80));
    expect(Object.keys(read.json())).not.toContain('webhookKey');

    // Left empty, it is kept; for the other provider it is dropped (it verifies only SendGrid's events).
    expect((await put(user, { senderName: 'Annie', provider: 'sendgrid' })).json().hasWebhookKey).toBe(true);
    const switched = await put(user, { senderName: 'Annie', provider: 'resend', senderEmail: 'ann@life.test' });
    expect(switched.json().hasWebhookKey).toBe(false);
    expect((await settingsRow(user.id)).emailWebhookKeyEncrypted).toBeNull();
    const { secret } = createResendEventSigner();
    const resendSaved = await put(user, {
      senderName: 'Annie',
      provider: 'resend',
      senderEmail: 'ann@life.test',
      webhookKey: secret,
    });
    expect(resendSaved.json().hasWebhookKey).toBe(true);
    expect(resendSaved.body).not.toContain(secret);
    expect(
      createSecretBox(testApp.config.APP_SECRET).decrypt((await settingsRow(user.id)).emailWebhookKeyEncrypted!),
    ).toBe(secret);
    // Removing the API key removes the webhook key with it.
    await testApp.app.inject({ method: 'DELETE', url: '/api/email-settings/api-key', headers: user.headers });
    expect((await settingsRow(user.id)).emailWebhookKeyEncrypted).toBeNull();
  });
});

describe('test email', () => {
  it('requires an address', async () => {
    const user = await createUser(testApp.app);
    const response = await testEmail(user, '');
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.to).toBe('Please enter a valid email address');
  });

  it("goes through the user's SendGrid key, from the product address, and reports success or failure", async () => {
    const user = await createUser(testApp.app);
    await put(user, {
      senderName: 'Ann Lee',
      replyTo: 'ann.replies@example.com',
      provider: 'sendgrid',
      apiKey: sendgridKey,
    });
    const before = sendgrid.requests.length;
    const response = await testEmail(user, 'me@example.com');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: 'Test email sent to me@example.com. Please check your inbox (and spam folder).',
    });
    const request = sendgrid.requests[before]!;
    expect(request).toMatchObject({ method: 'POST', url: '/v3/mail/send' });
    expect(request.headers.authorization).toBe(`Bearer ${sendgridKey}`);
    expect(request.body).toMatchObject({
      from: { email: mailFrom, name: 'Ann Lee' },
      reply_to: { email: 'ann.replies@example.com' },
      subject: 'Life Updates test email',
      personalizations: [{ to: [{ email: 'me@example.com' }] }],
    });
    const content = (request.body as { content: Array<{ type: string; value: string }> }).content;
    expect(content.map((part) => part.type)).toEqual(['text/plain', 'text/html']);
    expect(content[1]!.value).toContain('Best regards,<br>Ann Lee');

    sendgridAnswer = () => sendgridError(401, 'The provided authorization grant is invalid, expired, or revoked');
    try {
      const failed = await testEmail(user, 'me@example.com');
      expect(failed.statusCode).toBe(502);
      expect(failed.json()).toEqual({
        code: 'TEST_EMAIL_FAILED',
        message: 'Failed to send test email. Check the console for more details.',
      });
    } finally {
      sendgridAnswer = asDocumented;
    }
  });

  it('lands in the outbox when the user has no key and the server has no mail service', async () => {
    const user = await createUser(testApp.app);
    expect((await testEmail(user, 'me@example.com')).statusCode).toBe(200);
    const outbox = await testApp.app.inject({ method: 'GET', url: '/api/outbox', headers: user.headers });
    expect(outbox.json().items[0]).toMatchObject({
      to: 'me@example.com',
      subject: 'Life Updates test email',
      replyTo: user.email,
      from: `"Test User" <${mailFrom}>`,
    });
  });
});

describe("shares through the user's provider", () => {
  it('sends each recipient a SendGrid request with the right key, sender, reply-to, subject and content', async () => {
    const user = await createVerifiedUser(testApp.app, testApp.database.db, { name: 'Ann Lee' });
    await put(user, {
      senderName: 'Ann',
      replyTo: 'ann.replies@example.com',
      provider: 'sendgrid',
      apiKey: sendgridKey,
    });
    const people = await insertContacts(testApp.database.db, user.id, [
      { name: 'Bob', email: 'sg.bob@example.com' },
      { name: 'Cy', email: 'sg.cy@example.com' },
    ]);
    const { share } = await insertShare(testApp.database.db, user.id, people);
    expect(
      (
        await testApp.app.inject({
          method: 'POST',
          url: `/api/shares/${share.id}/send`,
          headers: user.headers,
          payload: {},
        })
      ).statusCode,
    ).toBe(200);
    const done = await waitForDeliveries(testApp.app, user, share.id);
    expect(done.counts).toMatchObject({ sent: 2 });
    for (const person of people) {
      const request = sendgrid.requests.find((candidate) => JSON.stringify(candidate.body).includes(person.email))!;
      expect(request.headers.authorization).toBe(`Bearer ${sendgridKey}`);
      expect(request.body).toMatchObject({
        from: { email: mailFrom, name: 'Ann' },
        reply_to: { email: 'ann.replies@example.com' },
        subject: 'News from Ann',
      });
      const [text, html] = (request.body as { content: Array<{ value: string }> }).content;
      expect(text!.value).toContain(`Dear ${person.name},`);
      expect(html!.value).toMatch(new RegExp(`<h2[^>]*>Dear ${person.name},</h2>|<p[^>]*>Dear ${person.name},</p>`));
    }
  });

  it('sends through Resend from the verified sender address, and fails a rejected request without retrying', async () => {
    const user = await createVerifiedUser(testApp.app, testApp.database.db, { name: 'Ann Lee' });
    const saved = await put(user, {
      senderName: 'Ann',
      provider: 'resend',
      apiKey: resendKey,
      senderEmail: 'ann@verified.example',
    });
    expect(saved.statusCode).toBe(200);
    const [person] = await insertContacts(testApp.database.db, user.id, [
      { name: 'Di', email: 'resend.di@example.com' },
    ]);
    const { share } = await insertShare(testApp.database.db, user.id, [person!]);
    await testApp.app.inject({
      method: 'POST',
      url: `/api/shares/${share.id}/send`,
      headers: user.headers,
      payload: {},
    });
    await waitForDeliveries(testApp.app, user, share.id);
    const request = resend.requests.find((candidate) =>
      JSON.stringify(candidate.body).includes('resend.di@example.com'),
    )!;
    expect(request).toMatchObject({ method: 'POST', url: '/emails' });
    expect(request.headers.authorization).toBe(`Bearer ${resendKey}`);
    expect(request.body).toMatchObject({
      from: '"Ann" <ann@verified.example>',
      to: 'resend.di@example.com',
      reply_to: user.email,
      subject: 'News from Ann',
    });
    expect((request.body as { text: string }).text).toContain('Dear Di,');
    expect((request.body as { html: string }).html).toContain('Dear Di,');

    resendAnswer = () => resendError(422, 'validation_error', 'The domain is not verified');
    try {
      const [second] = await insertContacts(testApp.database.db, user.id, [
        { name: 'Ed', email: 'resend.ed@example.com' },
      ]);
      const { share: rejected } = await insertShare(testApp.database.db, user.id, [second!]);
      await testApp.app.inject({
        method: 'POST',
        url: `/api/shares/${rejected.id}/send`,
        headers: user.headers,
        payload: {},
      });
      const done = await waitForDeliveries(testApp.app, user, rejected.id);
      expect(done.deliveries[0]).toMatchObject({ status: 'failed', attempts: 1 });
      expect(done.deliveries[0]!.error).toContain('The domain is not verified');
    } finally {
      resendAnswer = asDocumented;
    }
  });

  it('retries a provider outage and delivers once it is back', async () => {
    const user = await createVerifiedUser(testApp.app, testApp.database.db);
    await put(user, { senderName: 'Ann', provider: 'sendgrid', apiKey: sendgridKey });
    const [person] = await insertContacts(testApp.database.db, user.id, [
      { name: 'Flo', email: 'outage.flo@example.com' },
    ]);
    const { share } = await insertShare(testApp.database.db, user.id, [person!]);
    let outages = 1;
    sendgridAnswer = () => (outages-- > 0 ? sendgridError(503, 'Service unavailable') : undefined);
    try {
      await testApp.app.inject({
        method: 'POST',
        url: `/api/shares/${share.id}/send`,
        headers: user.headers,
        payload: {},
      });
      const done = await waitForDeliveries(testApp.app, user, share.id);
      expect(done.deliveries[0]).toMatchObject({ status: 'sent', attempts: 2 });
    } finally {
      sendgridAnswer = asDocumented;
    }
  });
});

describe('outbox', () => {
  it("lists only the user's messages, newest first, in pages, and says they stay on this machine", async () => {
    const user = await createUser(testApp.app);
    const other = await createUser(testApp.app);
    const people = await insertContacts(testApp.database.db, user.id, [
      { name: 'Gil', email: 'outbox.gil@example.com' },
      { name: 'Hui', email: 'outbox.hui@example.com' },
      { name: 'Ivo', email: 'outbox.ivo@example.com' },
    ]);
    const { share } = await insertShare(testApp.database.db, user.id, people);
    await testApp.app.inject({
      method: 'POST',
      url: `/api/shares/${share.id}/send`,
      headers: user.headers,
      payload: {},
    });
    await waitForDeliveries(testApp.app, user, share.id);

    const transport = await testApp.app.inject({ method: 'GET', url: '/api/email/transport', headers: user.headers });
    expect(transport.json()).toEqual({ kind: 'outbox', isExternal: false });
    const firstPage = await testApp.app.inject({
      method: 'GET',
      url: '/api/outbox?page=1&pageSize=2',
      headers: user.headers,
    });
    expect(firstPage.statusCode).toBe(200);
    const body = firstPage.json();
    expect(body).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(body.items).toHaveLength(2);
    expect(Date.parse(body.items[0].createdAt)).toBeGreaterThanOrEqual(Date.parse(body.items[1].createdAt));
    const secondPage = await testApp.app.inject({
      method: 'GET',
      url: '/api/outbox?page=2&pageSize=2',
      headers: user.headers,
    });
    const all = [...body.items, ...secondPage.json().items].map((item: { to: string }) => item.to).sort();
    expect(all).toEqual(people.map((person) => person.email).sort());
    expect(body.items[0].html).toContain('width:600px');

    const othersView = await testApp.app.inject({ method: 'GET', url: '/api/outbox', headers: other.headers });
    expect(othersView.json()).toMatchObject({ total: 0, items: [] });
    expect(
      (await testApp.app.inject({ method: 'GET', url: '/api/outbox?pageSize=1000', headers: user.headers })).statusCode,
    ).toBe(400);
  });
});

describe('server-wide provider key', () => {
  it('sends through the server SendGrid key when the user has none', async () => {
    const serverKey = 'SG.server-key-0123456789';
    const serverApp = await createTestApp({
      env: { SENDGRID_API_KEY: serverKey, SENDGRID_BASE_URL: sendgrid.url, MAIL_FROM: mailFrom },
    });
    try {
      const user = await createVerifiedUser(serverApp.app, serverApp.database.db);
      const info = await serverApp.app.inject({ method: 'GET', url: '/api/email/transport', headers: user.headers });
      expect(info.json()).toEqual({ kind: 'sendgrid', isExternal: true });
      const before = sendgrid.requests.length;
      const response = await serverApp.app.inject({
        method: 'POST',
        url: '/api/email-settings/test',
        headers: user.headers,
        payload: { to: 'server@example.com' },
      });
      expect(response.statusCode).toBe(200);
      expect(sendgrid.requests[before]!.headers.authorization).toBe(`Bearer ${serverKey}`);
    } finally {
      await serverApp.close();
    }
  });
});
