import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser } from '../../../test/doubles/email-fixtures.ts';
import { addressOf, startSmtpServer } from '../../../test/doubles/smtp.ts';
import { createTestApp, testBaseUrl, type TestApp } from '../../../test/test-app.ts';
import { contactMessages } from '../../db/schema.ts';

const supportEmail = 'help@life.test';
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let testApp: TestApp;

beforeAll(async () => {
  smtp = await startSmtpServer();
  testApp = await createTestApp({
    env: { SMTP_URL: smtp.url, SUPPORT_EMAIL: supportEmail, MAIL_FROM: 'noreply@life.test' },
  });
});
afterAll(async () => {
  await testApp.close();
  await testApp.app.deps.mailer.close();
  await smtp.close();
});

const form = {
  name: 'Nina',
  email: 'nina@example.com',
  subject: 'Upgrade request',
  message: 'I would like 40 shares a month, please.',
};
let ipCounter = 0;
const nextIp = () => `10.77.0.${(ipCounter += 1)}`;

function submit(payload: object, options: { headers?: Record<string, string>; remoteAddress?: string } = {}) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/contact-us',
    headers: { origin: testBaseUrl, ...options.headers },
    remoteAddress: options.remoteAddress ?? nextIp(),
    payload,
  });
}

describe('Contact Us', () => {
  it('tells where support is', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/contact-us/info' });
    expect(response.json()).toEqual({ supportEmail });
  });

  it.each([
    ['name', 'N', 'Name must be at least 2 characters'],
    ['email', 'nina-at-example', 'Please enter a valid email address'],
    ['subject', 'Up', 'Subject must be at least 5 characters'],
    ['message', 'Short one', 'Message must be at least 10 characters'],
  ])('refuses a bad %s with the spec message', async (field, value, message) => {
    const response = await submit({ ...form, [field]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[field]).toBe(message);
  });

  it('answers in Russian when asked', async () => {
    const response = await submit({ ...form, name: 'Н' }, { headers: { 'accept-language': 'ru' } });
    expect(response.json().fields.name).toBe('Имя должно содержать не менее 2 символов');
  });

  it('stores an anonymous message and emails support with the sender as reply-to', async () => {
    const response = await submit(form);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    const [stored] = await testApp.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, 'nina@example.com'));
    expect(stored).toMatchObject({
      userId: null,
      name: 'Nina',
      subject: 'Upgrade request',
      message: form.message,
      status: 'new',
    });
    const [received] = smtp.to(supportEmail);
    expect(received!.mail.subject).toBe('Contact Form: Upgrade request');
    expect(addressOf(received!.mail.replyTo)).toBe('nina@example.com');
    expect(addressOf(received!.mail.from)).toBe('noreply@life.test');
    expect(received!.mail.text).toBe(`Name: Nina\nEmail: nina@example.com\nMessage: ${form.message}\n`);
  });

  it("records the signed-in user's id", async () => {
    const user = await createVerifiedUser(testApp.app, testApp.database.db, { name: 'Omar' });
    const response = await submit({ ...form, email: user.email, name: 'Omar' }, { headers: user.headers });
    expect(response.statusCode).toBe(200);
    const [stored] = await testApp.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, user.email));
    expect(stored!.userId).toBe(user.id);
  });

  it('still keeps the message when support mail cannot be sent', async () => {
    smtp.rules.set(supportEmail, { code: 550, message: 'Mailbox full' });
    try {
      const response = await submit({ ...form, email: 'kept@example.com' });
      expect(response.json()).toEqual({ success: true });
      const rows = await testApp.database.db
        .select()
        .from(contactMessages)
        .where(eq(contactMessages.email, 'kept@example.com'));
      expect(rows).toHaveLength(1);
    } finally {
      smtp.rules.clear();
    }
  });

  it('allows 5 messages per 10 minutes from one address', async () => {
    const remoteAddress = '10.78.0.1';
    for (let index = 0; index < 5; index += 1) {
      expect((await submit({ ...form, email: `burst${index}@example.com` }, { remoteAddress })).statusCode).toBe(200);
    }
    const limited = await submit(form, { remoteAddress });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect((await submit(form)).statusCode).toBe(200);
  });
});
