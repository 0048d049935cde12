import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { expect, expectNoAxeViolations, extraServerPort, strongPassword, test } from './fixtures';
import { spawnAppServer, type SpawnedAppServer } from './spawn-app-server';

type ReceivedMail = { envelopeTo: string[]; mail: ParsedMail };

const mailFrom = 'updates@life-updates.test';
const received: ReceivedMail[] = [];
/** Recipients the SMTP server refuses at RCPT TO, as a real server refuses an unknown mailbox. */
const refused = new Set<string>();

const addressOf = (value: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(value) ? value[0] : value)?.value[0]?.address ?? '';
const mailTo = (address: string) => received.filter((item) => item.envelopeTo.includes(address));

// A real SMTP server (no auth, no TLS) and an app server that sends through it: with a real mail
// transport new accounts confirm their email first.
let smtp: SMTPServer;
let server: SpawnedAppServer;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refused.has(address.address.toLowerCase())) {
        return callback(Object.assign(new Error('5.1.1 Mailbox unavailable'), { responseCode: 550 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({ envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address), mail });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  server = await spawnAppServer({
    port: extraServerPort(6),
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: mailFrom },
  });
});
test.afterAll(async () => {
  await server?.stop();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
});

test('Settings → Email: the test email reaches a real SMTP server; a refused recipient shows the failure', async ({
  page,
}) => {
  const suffix = randomUUID().slice(0, 8);
  const account = { email: `smtp-${suffix}@example.com`, password: strongPassword, name: 'Mail Person' };
  const signUp = await page.request.post(`${server.baseURL}/api/auth/sign-up/email`, {
    data: account,
    headers: { origin: server.baseURL },
  });
  expect(signUp.ok(), await signUp.text()).toBeTruthy();

  // The confirmation link arrives by email; opening it confirms the account and leads to sign-in.
  await expect.poll(() => mailTo(account.email).length).toBe(1);
  const confirmation = mailTo(account.email)[0]!.mail;
  expect(confirmation.subject).toBe('Life Updates: confirm your email');
  const link = confirmation.text?.match(/https?:\/\/\S+/)?.[0];
  expect(link, confirmation.text).toBeTruthy();
  await page.goto(link!);
  await expect(page).toHaveURL(/\/login\?verified=1$/);
  await expect(page.getByText('Your email is confirmed. You can sign in now.')).toBeVisible();
  await page.getByLabel(/email/i).first().fill(account.email);
  await page.getByLabel(/^password$/i).fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto(`${server.baseURL}/settings?tab=email`);
  await expect(page.getByRole('tab', { name: 'Email' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: 'Test Email Configuration' }).click();
  await expectNoAxeViolations(page);

  // Success: the message is delivered over SMTP to the address typed in the panel.
  const inbox = `inbox-${suffix}@example.com`;
  await page.getByLabel('Test email address').fill(inbox);
  await page.getByRole('button', { name: 'Send Test' }).click();
  await expect(page.getByText(`Test email sent to ${inbox}. Please check your inbox (and spam folder).`)).toBeVisible();
  await expect.poll(() => mailTo(inbox).length).toBe(1);
  const testMail = mailTo(inbox)[0]!.mail;
  expect(testMail.subject).toBe('Life Updates test email');
  expect(addressOf(testMail.from)).toBe(mailFrom);
  expect(addressOf(testMail.to)).toBe(inbox);
  expect(testMail.text).toContain('This is a test email from Life Updates.');

  // Failure: the SMTP server refuses the recipient (550); nothing is delivered and the failure message shows.
  const refusedAddress = `nobody-${suffix}@example.com`;
  refused.add(refusedAddress);
  await page.getByRole('button', { name: 'Test Email Configuration' }).click();
  await page.getByLabel('Test email address').fill(refusedAddress);
  await page.getByRole('button', { name: 'Send Test' }).click();
  await expect(page.getByText('Failed to send test email. Check the console for more details.')).toBeVisible();
  expect(mailTo(refusedAddress)).toHaveLength(0);
  // The typed address stays in the form after the failure (nothing lost on failure).
  await expect(page.getByLabel('Test email address')).toHaveValue(refusedAddress);
  await expectNoAxeViolations(page);
});
