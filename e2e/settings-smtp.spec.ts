import type { AddressObject } from 'mailparser';
import { randomUUID } from 'node:crypto';
import { expect, expectNoAxeViolations, extraServerPort, strongPassword, test } from './fixtures';
import { appServerWithMail, mailFrom, signUpAndConfirm } from './mail-server';

const setup = appServerWithMail({ port: extraServerPort(6) });
const { mailbox } = setup;
const mailTo = mailbox.to;
const addressOf = (value: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(value) ? value[0] : value)?.value[0]?.address ?? '';

test('Settings → Email: the test email reaches a real SMTP server; a refused recipient shows the failure', async ({
  page,
}) => {
  const suffix = randomUUID().slice(0, 8);
  const account = { email: `smtp-${suffix}@example.com`, password: strongPassword, name: 'Mail Person' };
  // The confirmation link arrives by email; opening it confirms the account and leads to sign-in.
  const confirmation = await signUpAndConfirm(page, setup, account);
  expect(confirmation.subject).toBe('Life Updates: confirm your email');
  await expect(page.getByText('Your email is confirmed. You can sign in now.')).toBeVisible();
  await page.getByLabel(/email/i).first().fill(account.email);
  await page.getByLabel(/^password$/i).fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto(`${setup.server.baseURL}/settings?tab=email`);
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
  mailbox.refused.add(refusedAddress);
  await page.getByRole('button', { name: 'Test Email Configuration' }).click();
  await page.getByLabel('Test email address').fill(refusedAddress);
  await page.getByRole('button', { name: 'Send Test' }).click();
  await expect(page.getByText('Failed to send test email. Check the console for more details.')).toBeVisible();
  expect(mailTo(refusedAddress)).toHaveLength(0);
  // The typed address stays in the form after the failure (nothing lost on failure).
  await expect(page.getByLabel('Test email address')).toHaveValue(refusedAddress);
  await expectNoAxeViolations(page);
});
