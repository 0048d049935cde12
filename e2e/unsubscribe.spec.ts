import { request as playwrightRequest, type Page } from '@playwright/test';
import type { ParsedMail } from 'mailparser';
import { randomUUID } from 'node:crypto';
import { expect, expectNoAxeViolations, extraServerPort, signInThroughApi, strongPassword, test } from './fixtures';
import { appServerWithMail, signUpAndConfirm } from './mail-server';

const headerOf = (mail: ParsedMail, name: string) =>
  mail.headerLines.find((line) => line.key === name.toLowerCase())?.line.replace(/^[^:]+:\s*/, '');

const ownBaseURL = `http://localhost:${extraServerPort(7)}`;
// This spec's pages and API calls go to its own server, which sends through a real SMTP server.
test.use({ baseURL: ownBaseURL });
const setup = appServerWithMail({ port: extraServerPort(7) });
const { mailbox } = setup;
const mailTo = mailbox.to;

const apiHeaders = { origin: ownBaseURL };

/** Dashboard → tick the idea → Share → Default Template → the contacts → Generate Summaries → Summeris → Approve. */
async function shareIdea(page: Page, idea: RegExp, contacts: string[]) {
  await page.goto('/dashboard');
  const card = page.getByRole('tabpanel').getByRole('button', { name: idea }).first();
  await card.click();
  await expect(card).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: /^Share/ }).click();
  await page.getByRole('dialog', { name: 'Choose a Template' }).getByRole('button', { name: 'Continue' }).click();
  const contactDialog = page.getByRole('dialog', { name: 'Select Contacts' });
  for (const contact of contacts) await contactDialog.getByRole('checkbox', { name: new RegExp(contact) }).check();
  await contactDialog.getByRole('button', { name: 'Generate Summaries' }).click();
  await expect(page).toHaveURL(/\/summeris$/);
  await page.getByRole('button', { name: 'Approve' }).first().click();
}

test('share to three contacts: one bounces, statuses show; fetching the link unsubscribes nobody, the page button does and the contact is skipped next time; undo restores', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const suffix = randomUUID().slice(0, 8);
  const account = { email: `owner-${suffix}@example.com`, password: strongPassword, name: 'Uma Owner' };
  const bob = { name: 'Bob Stone', email: `bob-${suffix}@example.com` };
  const carol = { name: 'Carol King', email: `carol-${suffix}@example.com` };
  const dan = { name: 'Dan Gone', email: `dan-${suffix}@example.com` };
  mailbox.refused.add(dan.email);

  // A real mail transport: the account confirms its email through the link it receives.
  const confirmation = await signUpAndConfirm(page, setup, account);
  // Account mail carries no unsubscribe header.
  expect(headerOf(confirmation, 'List-Unsubscribe')).toBeUndefined();
  await signInThroughApi(page, account, ownBaseURL);
  const ideaIds: string[] = [];
  for (const content of [
    'First week in Lisbon went well.',
    'We adopted a grey cat.',
    'I ran my first half marathon.',
  ]) {
    const response = await page.request.post('/api/ideas', { data: { content }, headers: apiHeaders });
    expect(response.ok(), await response.text()).toBeTruthy();
    ideaIds.push(((await response.json()) as { id: string }).id);
  }
  for (const contact of [bob, carol, dan]) {
    const response = await page.request.post('/api/contacts', { data: contact, headers: apiHeaders });
    expect(response.ok(), await response.text()).toBeTruthy();
  }

  // 1. Share to all three: the SMTP server refuses Dan with 550.
  await shareIdea(page, /Lisbon/, [bob.name, carol.name, dan.name]);
  await expect(page.getByText('Sent emails to some recipients, but 1 failed. See console for details.')).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('tab', { name: /Sent/ }).click();
  const recipients = page.getByRole('list', { name: 'Destinations' }).first();
  await expect(page.getByRole('tabpanel').getByText('2 of 3 destinations have it.')).toBeVisible();
  await expect(recipients.getByRole('listitem').filter({ hasText: bob.email })).toContainText('Sent');
  await expect(recipients.getByRole('listitem').filter({ hasText: carol.email })).toContainText('Sent');
  const danRow = recipients.getByRole('listitem').filter({ hasText: dan.email });
  await expect(danRow).toContainText('Bounced');
  await expect(danRow).toContainText('Mailbox unavailable');
  await expect(danRow.locator('time')).toBeVisible();
  // A bounce is permanent: nothing for "Retry failed" to resend.
  await expect(page.getByRole('button', { name: 'Retry failed' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  // A partial send is in Failed too, with only the destination that did not get it.
  await page.getByRole('tab', { name: /Failed\s*1/ }).click();
  const undelivered = page.getByRole('list', { name: 'Not delivered' });
  await expect(undelivered.getByRole('listitem')).toHaveCount(1);
  await expect(undelivered.getByRole('listitem')).toContainText(dan.email);
  // The shared idea shows the same per-recipient statuses.
  await page.goto(`/create?idea=${ideaIds[0]}`);
  const ideaRecipients = page.getByRole('list', { name: 'Recipients' });
  await expect(ideaRecipients.getByRole('listitem').filter({ hasText: dan.email })).toContainText('Bounced');
  await expect(ideaRecipients.getByRole('listitem').filter({ hasText: bob.email })).toContainText('Sent');
  await expectNoAxeViolations(page);

  // 2. Bob's mail carries his link in List-Unsubscribe and the footer. This server is on plain http,
  // so no one-click: RFC 8058 §3.1 wants an HTTPS URI for List-Unsubscribe-Post.
  const [bobMail] = mailTo(bob.email);
  expect(headerOf(bobMail!.mail, 'List-Unsubscribe-Post')).toBeUndefined();
  const link = headerOf(bobMail!.mail, 'List-Unsubscribe')!.replace(/^<|>$/g, '');
  expect(link.startsWith(`${ownBaseURL}/u/`)).toBe(true);
  expect(bobMail!.mail.text).toContain('You are receiving this email because Uma Owner shares personal updates');
  expect(bobMail!.mail.text).toContain(`To stop receiving these updates: ${link}`);

  // A mail scanner fetches every link in the mail: that unsubscribes nobody.
  const scanner = await playwrightRequest.newContext();
  expect((await scanner.head(link)).status()).toBe(200);
  expect((await scanner.get(link)).status()).toBe(200);
  await scanner.dispose();
  await page.goto('/contacts');
  await expect(page.getByRole('heading', { name: bob.name })).toBeVisible();
  await expect(page.getByText('Unsubscribed', { exact: true })).toHaveCount(0);

  // Bob opens the link: a page in his language with one button, which unsubscribes him.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Unsubscribe?' })).toBeVisible();
  await expect(page.getByText('You receive personal updates from Uma Owner by email.', { exact: false })).toBeVisible();
  await expect(page.getByRole('button')).toHaveCount(1);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { name: 'Unsubscribed' })).toBeVisible();
  await expect(page.getByText('You will no longer receive updates from Uma Owner.')).toBeVisible();
  await expectNoAxeViolations(page);

  // Contacts shows why Bob and Dan are left out.
  await page.goto('/contacts');
  await expect(page.getByText('Unsubscribed', { exact: true })).toHaveCount(1);
  await expect(page.getByText('Bouncing', { exact: true })).toHaveCount(1);
  await expectNoAxeViolations(page);

  // 3. The next share skips Bob (unsubscribed) and Dan (bouncing), and says so; only Carol gets it.
  await shareIdea(page, /grey cat/, [bob.name, carol.name, dan.name]);
  await expect(
    page.getByText('Skipped contacts: 2 (unsubscribed: 1, bouncing address: 1).', { exact: false }),
  ).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Successfully sent the email to 1 recipient!')).toBeVisible({ timeout: 30_000 });
  expect(mailTo(bob.email)).toHaveLength(1);
  await expect.poll(() => mailTo(carol.email).length).toBe(2);

  // 4. Bob opens the link again: it says he is unsubscribed and offers the undo.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Unsubscribed' })).toBeVisible();
  await expect(page.getByText('You will no longer receive updates from Uma Owner.')).toBeVisible();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('You will receive updates from Uma Owner again.')).toBeVisible();
  await expectNoAxeViolations(page);

  // Restored: no badge, and the next share reaches Bob again.
  await page.goto('/contacts');
  await expect(page.getByRole('heading', { name: bob.name })).toBeVisible();
  await expect(page.getByText('Unsubscribed', { exact: true })).toHaveCount(0);
  await shareIdea(page, /half marathon/, [bob.name, carol.name]);
  await expect(page.getByText('Successfully sent emails to all 2 recipients!')).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => mailTo(bob.email).length).toBe(2);
});
