import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer, type SmtpDouble } from '../../../test/doubles/smtp.ts';
import { createTestApp, signIn, signUp, testBaseUrl, type TestApp } from '../../../test/test-app.ts';

let smtp: SmtpDouble;
let testApp: TestApp;

beforeAll(async () => {
  smtp = await startSmtpServer();
  testApp = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'noreply@life-updates.test' } });
});

afterAll(async () => {
  await testApp.close();
  await smtp.close();
});

/** The messages the SMTP server has taken, as the reader sees them. */
const received = () =>
  smtp.received.map(({ mail }) => ({
    to: mail.to && !Array.isArray(mail.to) ? mail.to.text : '',
    subject: mail.subject ?? '',
    text: mail.text ?? '',
  }));

const waitForMail = (count: number) =>
  expect.poll(() => smtp.received.length, { timeout: 5000 }).toBeGreaterThanOrEqual(count);

describe('email verification with a real mail transport', () => {
  it('sends a confirmation, refuses sign-in until confirmed (re-sending it), then signs in', async () => {
    smtp.received.length = 0;
    expect((await signUp(testApp.app, { email: 'verify.me@example.com' })).statusCode).toBe(200);
    await waitForMail(1);
    expect(received()[0]).toMatchObject({ to: 'verify.me@example.com' });
    expect(received()[0]!.text).toContain(`${testBaseUrl}/api/auth/verify-email?token=`);

    const refused = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'application/json', origin: testBaseUrl, 'accept-language': 'ru' },
      payload: { email: 'verify.me@example.com', password: 'Passw0rd!' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'EMAIL_NOT_VERIFIED',
      message: 'Пожалуйста, подтвердите ваш email. Мы отправили вам новое письмо для подтверждения.',
    });
    await waitForMail(2);

    const link = received()[1]!.text.match(/http:\/\/localhost:3000(\/api\/auth\/verify-email\?token=[^\s]+)/)?.[1];
    expect(link).toBeDefined();
    const verified = await testApp.app.inject({ method: 'GET', url: link! });
    expect(verified.statusCode).toBeLessThan(400);

    expect((await signIn(testApp.app, { email: 'verify.me@example.com' })).statusCode).toBe(200);
  });

  it('answers a sign-up with a taken address like a new one, and tells the owner by email', async () => {
    expect((await signUp(testApp.app, { email: 'owner@example.com' })).statusCode).toBe(200);
    await waitForMail(1);
    smtp.received.length = 0;
    const again = await signUp(testApp.app, { email: 'owner@example.com', password: 'Another-passw0rd' });
    // The same answer as a new sign-up: nobody learns that the address has an account.
    expect(again.statusCode).toBe(200);
    await waitForMail(1);
    expect(received()).toHaveLength(1);
    expect(received()[0]).toMatchObject({
      to: 'owner@example.com',
      subject: 'Someone tried to register with your email address',
    });
    expect(received()[0]!.text).toContain(`sign in at ${testBaseUrl}/login`);
    expect(received()[0]!.text).toContain('forgotten your password');
  });
});
