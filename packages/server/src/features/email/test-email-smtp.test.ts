import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser } from '../../../test/doubles/email-fixtures.ts';
import { addressOf, nameOf, startSmtpServer } from '../../../test/doubles/smtp.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../test/test-app.ts';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let testApp: TestApp;
let ann: TestUser;

beforeAll(async () => {
  smtp = await startSmtpServer();
  testApp = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'updates@life.test' } });
  ann = await createVerifiedUser(testApp.app, testApp.database.db);
});
afterAll(async () => {
  await testApp.close();
  await testApp.app.deps.mailer.close();
  await smtp.close();
});

const put = (payload: object) =>
  testApp.app.inject({ method: 'PUT', url: '/api/email-settings', headers: ann.headers, payload });

describe('Settings → Email with a real SMTP server', () => {
  it('reports the SMTP transport and delivers the test email through it', async () => {
    const transport = await testApp.app.inject({ method: 'GET', url: '/api/email/transport', headers: ann.headers });
    expect(transport.json()).toEqual({ kind: 'smtp', isExternal: true });

    // Without a key of their own, the test goes through the server's SMTP, signed with the account name.
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/email-settings/test',
      headers: { ...ann.headers, 'accept-language': 'ru' },
      payload: { to: 'friend@example.com' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toContain('friend@example.com');
    const [received] = smtp.to('friend@example.com');
    expect(received).toBeDefined();
    expect(addressOf(received!.mail.from)).toBe('updates@life.test');
    expect(nameOf(received!.mail.from)).toBe('Ann Lee');
    expect(addressOf(received!.mail.replyTo)).toBe(ann.email);
    expect(received!.mail.subject).toBe('Life Updates test email');
  });

  it('answers the spec failure message when the SMTP server refuses the address', async () => {
    smtp.rules.set('bounce@example.com', { code: 550, message: 'No such user' });
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/email-settings/test',
      headers: ann.headers,
      payload: { to: 'bounce@example.com' },
    });
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toBe('Failed to send test email. Check the console for more details.');
  });

  it('refuses an empty test address with the spec message', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/email-settings/test',
      headers: ann.headers,
      payload: { to: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.to).toBe('Please enter a valid email address');
  });

  // The key heuristic: contains "SG." and longer than 15 characters, or at least 50 long.
  it.each([
    ['SG.' + 'k'.repeat(12), false],
    ['SG.' + 'k'.repeat(13), true],
    ['x'.repeat(49), false],
    ['x'.repeat(50), true],
  ])('the key %s is accepted: %s', async (apiKey, isAccepted) => {
    const response = await put({ senderName: 'Ann Lee', provider: 'sendgrid', apiKey });
    expect(response.statusCode).toBe(isAccepted ? 200 : 400);
    if (!isAccepted) expect(response.json().fields.apiKey).toBe('This does not look like a valid SendGrid API key');
  });
});
