import { simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, signUp, testBaseUrl, type TestApp } from '../../../test/test-app.ts';

type Received = { to: string; subject: string; text: string };

let smtp: SMTPServer;
let received: Received[] = [];
let testApp: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({
            to: mail.to && !Array.isArray(mail.to) ? mail.to.text : '',
            subject: mail.subject ?? '',
            text: mail.text ?? '',
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  testApp = await createTestApp({
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'noreply@life-updates.test' },
  });
});

afterAll(async () => {
  await testApp.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

async function waitForMail(count: number) {
  for (let attempt = 0; attempt < 100 && received.length < count; attempt += 1)
    await new Promise((resolve) => setTimeout(resolve, 50));
  expect(received.length).toBeGreaterThanOrEqual(count);
}

describe('email verification with a real mail transport', () => {
  it('sends a confirmation, refuses sign-in until confirmed (re-sending it), then signs in', async () => {
    received = [];
    expect((await signUp(testApp.app, { email: 'verify.me@example.com' })).statusCode).toBe(200);
    await waitForMail(1);
    expect(received[0]).toMatchObject({ to: 'verify.me@example.com' });
    expect(received[0]!.text).toContain(`${testBaseUrl}/api/auth/verify-email?token=`);

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

    const link = received[1]!.text.match(/http:\/\/localhost:3000(\/api\/auth\/verify-email\?token=[^\s]+)/)?.[1];
    expect(link).toBeDefined();
    const verified = await testApp.app.inject({ method: 'GET', url: link! });
    expect(verified.statusCode).toBeLessThan(400);

    expect((await signIn(testApp.app, { email: 'verify.me@example.com' })).statusCode).toBe(200);
  });

  it('answers a sign-up with a taken address like a new one, and tells the owner by email', async () => {
    expect((await signUp(testApp.app, { email: 'owner@example.com' })).statusCode).toBe(200);
    await waitForMail(1);
    received = [];
    const again = await signUp(testApp.app, { email: 'owner@example.com', password: 'Another-passw0rd' });
    // The same answer as a new sign-up: nobody learns that the address has an account.
    expect(again.statusCode).toBe(200);
    await waitForMail(1);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      to: 'owner@example.com',
      subject: 'Someone tried to register with your email address',
    });
    expect(received[0]!.text).toContain(`sign in at ${testBaseUrl}/login`);
    expect(received[0]!.text).toContain('forgotten your password');
  });
});
