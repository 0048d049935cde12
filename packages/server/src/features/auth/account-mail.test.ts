import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer } from '../../../test/doubles/smtp.ts';
import {
  cookieHeader,
  createTestApp,
  nextClientIp,
  signIn,
  signUp,
  strongPassword,
  testBaseUrl,
  type TestApp,
} from '../../../test/test-app.ts';
import { verifications } from '../../db/schema.ts';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let testApp: TestApp;

beforeAll(async () => {
  smtp = await startSmtpServer();
  testApp = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'noreply@life-updates.test' } });
});

afterAll(async () => {
  await testApp.close();
  await smtp.close();
});

const json = { 'content-type': 'application/json', origin: testBaseUrl };

async function mailsTo(address: string, count: number) {
  for (let attempt = 0; attempt < 100 && smtp.to(address).length < count; attempt += 1)
    await new Promise((resolve) => setTimeout(resolve, 50));
  const mails = smtp.to(address);
  expect(mails.length).toBeGreaterThanOrEqual(count);
  return mails.map((item) => item.mail);
}

/** Signs up (in `language`), opens the confirmation link from the mail, signs in: a session cookie. */
async function confirmedUser(email: string, language = 'en') {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { ...json, 'accept-language': language },
    remoteAddress: nextClientIp(),
    payload: { email, name: 'Reset Person', password: strongPassword },
  });
  expect(response.statusCode).toBe(200);
  const [confirmation] = await mailsTo(email, 1);
  const link = confirmation!.text!.match(/http:\/\/localhost:3000(\/api\/auth\/verify-email\?token=\S+)/)?.[1];
  expect((await testApp.app.inject({ method: 'GET', url: link! })).statusCode).toBeLessThan(400);
  const signedIn = await signIn(testApp.app, { email });
  expect(signedIn.statusCode).toBe(200);
  return cookieHeader(signedIn);
}

const askForReset = (email: string, remoteAddress = nextClientIp()) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    headers: json,
    remoteAddress,
    payload: { email },
  });

const resetWith = (token: string, newPassword: string) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    headers: json,
    remoteAddress: nextClientIp(),
    payload: { token, newPassword },
  });

describe('forgot password', () => {
  it('emails a one-time link in the user language; the new password follows the sign-up rule and ends every session', async () => {
    const email = 'forgetful@example.com';
    const firstSession = await confirmedUser(email, 'ru');
    const secondSession = cookieHeader(await signIn(testApp.app, { email }));

    const asked = await askForReset(email);
    expect(asked.statusCode).toBe(200);
    const [, resetMail] = await mailsTo(email, 2);
    expect(resetMail!.subject).toBe('Life Updates: сброс пароля');
    expect(resetMail!.text).toContain('в течение 1 часа');
    const link = resetMail!.text!.match(/http:\/\/localhost:3000(\/api\/auth\/reset-password\/\S+)/)?.[1];
    expect(link).toBeDefined();

    // The token is kept for 1 hour.
    const [stored] = await testApp.database.db
      .select({ expiresAt: verifications.expiresAt })
      .from(verifications)
      .where(eq(verifications.identifier, `reset-password:${link!.split('/')[4]!.split('?')[0]}`));
    const minutesLeft = (stored!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(58);
    expect(minutesLeft).toBeLessThanOrEqual(60);

    // The link leads to the web app's form with the token.
    const opened = await testApp.app.inject({ method: 'GET', url: link! });
    expect(opened.statusCode).toBe(302);
    const target = new URL(opened.headers.location as string);
    expect(target.origin + target.pathname).toBe(`${testBaseUrl}/reset-password`);
    const token = target.searchParams.get('token')!;
    expect(token).not.toBe('');

    const weak = await resetWith(token, 'alllowercase1!');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fields.newPassword).toBe('Password must contain at least one uppercase letter');

    expect((await resetWith(token, 'Brand-n3w-secret')).statusCode).toBe(200);
    // Used once: the same link does nothing the second time.
    const again = await resetWith(token, 'Other-n3w-secret');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: 'INVALID_TOKEN',
      message: 'This reset link is invalid or has expired. Ask for a new one.',
    });
    const reopened = await testApp.app.inject({ method: 'GET', url: link! });
    expect(new URL(reopened.headers.location as string).searchParams.get('error')).toBe('INVALID_TOKEN');

    for (const cookie of [firstSession, secondSession]) {
      const me = await testApp.app.inject({ method: 'GET', url: '/api/me', headers: { cookie, origin: testBaseUrl } });
      expect(me.statusCode).toBe(401);
    }
    expect((await signIn(testApp.app, { email })).statusCode).toBe(401);
    expect((await signIn(testApp.app, { email, password: 'Brand-n3w-secret' })).statusCode).toBe(200);
    // And the owner is told the password changed.
    const [, , notice] = await mailsTo(email, 3);
    expect(notice!.subject).toBe('Life Updates: ваш пароль изменён');
    expect(notice!.text).toContain(`${testBaseUrl}/forgot-password`);
  });

  it('answers the same whether the address has an account or not, and mails only an account', async () => {
    await confirmedUser('known@example.com');
    const known = await askForReset('known@example.com');
    const unknown = await askForReset('nobody-here@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(known.json()).toMatchObject({ status: true, delivery: 'email' });
    await mailsTo('known@example.com', 2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.to('nobody-here@example.com')).toHaveLength(0);
  });

  it('refuses an expired link', async () => {
    const email = 'too-late@example.com';
    await confirmedUser(email);
    await askForReset(email);
    const [, resetMail] = await mailsTo(email, 2);
    const token = resetMail!.text!.match(/reset-password\/([^?\s]+)/)?.[1];
    await testApp.database.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.identifier, `reset-password:${token}`));
    const late = await resetWith(token!, 'Brand-n3w-secret');
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe('INVALID_TOKEN');
  });

  it('is rate limited per client', async () => {
    const address = nextClientIp();
    const answers = [];
    for (let attempt = 0; attempt < 4; attempt += 1)
      answers.push((await askForReset('anyone@example.com', address)).statusCode);
    expect(answers).toEqual([200, 200, 200, 429]);
  });

  it('the sign-up notice for a taken address links to the reset form', async () => {
    const email = 'taken@example.com';
    await confirmedUser(email);
    expect((await signUp(testApp.app, { email, password: 'Another-passw0rd' })).statusCode).toBe(200);
    const [, notice] = await mailsTo(email, 2);
    expect(notice!.subject).toBe('Someone tried to register with your email address');
    expect(notice!.text).toContain(`reset it here: ${testBaseUrl}/forgot-password`);
    expect(notice!.text).not.toContain('Contact Us');
  });
});

describe('change of email with a real mail transport', () => {
  it('waits for the link sent to the new address, and tells the old one', async () => {
    const email = 'moving@example.com';
    const cookie = await confirmedUser(email);
    const headers = { cookie, origin: testBaseUrl };
    const asked = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/account',
      headers,
      payload: { email: 'moved@example.com', currentPassword: strongPassword },
    });
    expect(asked.statusCode).toBe(200);
    // Not changed yet.
    expect(asked.json().email).toBe(email);

    const [confirmation] = await mailsTo('moved@example.com', 1);
    expect(confirmation!.subject).toBe('Life Updates: confirm your new email');
    const [, told] = await mailsTo(email, 2);
    expect(told!.subject).toBe('Life Updates: a change of your email was asked for');
    expect(told!.text).toContain('from moving@example.com to moved@example.com');

    const link = confirmation!.text!.match(/http:\/\/localhost:3000(\/api\/auth\/verify-email\?token=\S+)/)?.[1];
    expect((await testApp.app.inject({ method: 'GET', url: link!, headers })).statusCode).toBeLessThan(400);
    const me = await testApp.app.inject({ method: 'GET', url: '/api/me', headers });
    expect(me.json()).toMatchObject({ email: 'moved@example.com', username: 'moved' });
  });
});
