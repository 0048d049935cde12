import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertContacts, insertShare, waitForDeliveries } from '../../../test/doubles/email-fixtures.ts';
import { startFakeLinkedin, type FakeLinkedin } from '../../../test/doubles/linkedin.ts';
import { privateMessage, startFakeTelegramApi, type FakeTelegramApi } from '../../../test/doubles/telegram.ts';
import { startSmtpServer } from '../../../test/doubles/smtp.ts';
import {
  cookieHeader,
  createTestApp,
  nextClientIp,
  strongPassword,
  type TestApp,
  type TestUser,
} from '../../../test/test-app.ts';
import { linkedinConnections, users } from '../../db/schema.ts';
import { sendLinkedinExpiryNotices } from '../linkedin/linkedin-service.ts';

/**
 * Without BASE_URL, every link the app sends outside (update emails, account notices, bot replies,
 * the LinkedIn redirect) is built on the address at which the first account registered: not on
 * the `http://localhost:PORT` default, and not on the Host of whatever request set it off.
 */

const firstHost = '192.168.1.20:3000';
const publicOrigin = `http://${firstHost}`;
// A later request whose Host and Origin agree (a look-alike domain pointed at this server): same-origin, so allowed.
const otherHost = 'attacker.example';

const clientId = 'life-updates-test-client';
const clientSecret = 'test-client-secret-value';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let telegram: FakeTelegramApi;
let linkedin: FakeLinkedin;
let testApp: TestApp;
let first: TestUser;

const atHost = (host: string, extra: Record<string, string> = {}) => ({
  host,
  origin: `http://${host}`,
  'content-type': 'application/json',
  ...extra,
});

async function register(email: string, host: string) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: atHost(host),
    remoteAddress: nextClientIp(),
    payload: { name: 'Ann Lee', email, password: strongPassword },
  });
}

/** Registers (email confirmed in the database, as its link would) and signs in at `host`. */
async function registerAndSignIn(email: string, registerAt: string, signInAt: string): Promise<TestUser> {
  expect((await register(email, registerAt)).statusCode).toBe(200);
  await testApp.database.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
  const signedIn = await testApp.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: atHost(signInAt),
    remoteAddress: nextClientIp(),
    payload: { email, password: strongPassword },
  });
  expect(signedIn.statusCode, signedIn.body).toBe(200);
  const cookie = cookieHeader(signedIn);
  const id = (signedIn.json() as { user: { id: string } }).user.id;
  // Every later request of this user comes at the other host.
  return { id, email, cookie, headers: { host: otherHost, origin: `http://${otherHost}`, cookie } };
}

const headerOf = (mail: ParsedMail, name: string) =>
  mail.headerLines.find((line) => line.key === name.toLowerCase())?.line.replace(/^[^:]+:\s*/, '');

async function waitForMailTo(address: string, count = 1) {
  for (let attempt = 0; attempt < 200 && smtp.to(address).length < count; attempt += 1)
    await new Promise((resolve) => setTimeout(resolve, 50));
  const mails = smtp.to(address);
  expect(mails.length).toBeGreaterThanOrEqual(count);
  return mails;
}

/** The first mail to `address` whose text matches, once it has arrived (undefined if none in time). */
async function waitForMailMatching(address: string, match: (text: string) => boolean) {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const found = smtp.to(address).find((item) => match(item.mail.text ?? ''));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return undefined;
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  telegram = await startFakeTelegramApi();
  linkedin = await startFakeLinkedin({ clientId, clientSecret });
  testApp = await createTestApp({
    baseUrl: null,
    withJobs: true,
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'updates@life.test',
      ...telegram.appEnv,
      ...linkedin.appEnv,
    },
  });
  // The first account registers at the LAN address: it becomes the public address.
  first = await registerAndSignIn('first@example.com', firstHost, otherHost);
}, 60_000);

afterAll(async () => {
  await testApp?.close();
  await testApp?.app.deps.mailer.close();
  await smtp?.close();
  await telegram?.close();
  await linkedin?.close();
});

describe('links built on the stored public address (no BASE_URL)', () => {
  it('puts the unsubscribe link of an update email on it', async () => {
    const { db } = testApp.database;
    const [bob] = await insertContacts(db, first.id, [{ name: 'Bob', email: 'links.bob@example.com' }]);
    const { share } = await insertShare(db, first.id, [bob!]);
    const sent = await testApp.app.inject({
      method: 'POST',
      url: `/api/shares/${share.id}/send`,
      headers: first.headers,
      payload: {},
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await waitForDeliveries(testApp.app, first, share.id);
    const [mail] = await waitForMailTo(bob!.email);
    const listUnsubscribe = headerOf(mail!.mail, 'List-Unsubscribe')!;
    expect(listUnsubscribe).toMatch(new RegExp(`^<${publicOrigin}/u/${bob!.id}\\.[A-Za-z0-9_-]{43}>$`));
    expect(mail!.mail.text).toContain(`${publicOrigin}/u/${bob!.id}.`);
    for (const wrong of ['localhost', otherHost]) {
      expect(listUnsubscribe).not.toContain(wrong);
      expect(mail!.mail.text).not.toContain(wrong);
    }
  });

  it('puts the My Stories link of a Telegram reply on it', async () => {
    const codeResponse = await testApp.app.inject({
      method: 'POST',
      url: '/api/telegram/link-code',
      headers: first.headers,
    });
    expect(codeResponse.statusCode, codeResponse.body).toBe(200);
    const { code } = codeResponse.json() as { code: string };
    const sender = { id: 7001, first_name: 'Ann', language_code: 'en' };
    telegram.pushUpdate(
      privateMessage(sender, { text: `/start ${code}`, entities: [{ type: 'bot_command', offset: 0, length: 6 }] }),
    );
    await telegram.waitForMessage(sender.id, (text) => text.startsWith('Done! This chat is now connected'));
    telegram.pushUpdate(privateMessage(sender, { text: 'Finished the garden fence with my neighbour today' }));
    const reply = await telegram.waitForMessage(sender.id, (text) => text.startsWith('Saved as a Raw idea'));
    expect(reply.text).toBe(`Saved as a Raw idea: “Finished the garden...”\nMy Stories: ${publicOrigin}/dashboard`);
  });

  it('puts the sign-in and password reset links of the "someone tried to register" email on it', async () => {
    // Someone signs up again with the first account's address, from the other host.
    expect((await register(first.email, otherHost)).statusCode).toBe(200);
    const notice = await waitForMailMatching(first.email, (text) => text.includes('/forgot-password'));
    expect(notice, 'the register-attempt notice').toBeDefined();
    expect(notice!.mail.text).toContain(`${publicOrigin}/login`);
    expect(notice!.mail.text).toContain(`${publicOrigin}/forgot-password`);
    expect(notice!.mail.text).not.toContain(otherHost);
    expect(notice!.mail.text).not.toContain('localhost');
  });

  it('sends LinkedIn the same redirect URL on it at authorisation and at the token exchange', async () => {
    const started = await testApp.app.inject({ method: 'POST', url: '/api/linkedin/connect', headers: first.headers });
    expect(started.statusCode, started.body).toBe(200);
    const authorizationUrl = new URL((started.json() as { authorizationUrl: string }).authorizationUrl);
    expect(authorizationUrl.searchParams.get('redirect_uri')).toBe(`${publicOrigin}/api/linkedin/callback`);
    const approved = await fetch(authorizationUrl, { redirect: 'manual' });
    expect(approved.status).toBe(302);
    const callback = new URL(approved.headers.get('location')!);
    expect(callback.origin).toBe(publicOrigin);
    // The fake refuses a token request whose redirect_uri differs from the authorisation's.
    const landed = await testApp.app.inject({
      method: 'GET',
      url: callback.pathname + callback.search,
      headers: { host: otherHost, cookie: first.cookie },
    });
    expect(landed.headers.location).toBe('/settings?tab=connected&linkedin=connected');

    // Five days before the token runs out, its owner is told by email, with a link to reconnect.
    const [connection] = await testApp.database.db
      .select({ expiresAt: linkedinConnections.expiresAt })
      .from(linkedinConnections)
      .where(eq(linkedinConnections.userId, first.id));
    const sent = await sendLinkedinExpiryNotices({
      db: testApp.database.db,
      config: testApp.config,
      publicAddress: testApp.app.publicAddress,
      mailer: testApp.app.deps.mailer,
      now: new Date(connection!.expiresAt.getTime() - 5 * 24 * 60 * 60 * 1000),
    });
    expect(sent).toBe(1);
    const notice = await waitForMailMatching(first.email, (text) => text.includes('/settings?tab=connected'));
    expect(notice, 'the LinkedIn expiry notice').toBeDefined();
    expect(notice!.mail.text).toContain(`${publicOrigin}/settings?tab=connected`);
    expect(notice!.mail.text).not.toContain('localhost');
  });
});
