import type { Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import {
  expect,
  expectNoAxeViolations,
  extraServerPort,
  mainServerOrigin,
  registerAccount,
  signInThroughApi,
  signInThroughForm,
  strongPassword,
  test,
} from './fixtures';
import { approveThroughApi, createIdea, generatedText } from './generation-helpers';
import { appServerWithMail, signUpAndConfirm } from './mail-server';

/** What a new user meets first: sign-out, sign-up, a slow profile, the phone layout, approving and sharing. */

async function register(page: Page, email: string, base = '') {
  await page.goto(`${base}/register`);
  await page.getByLabel('Full Name').fill('Second Try');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Another-pass1');
  await page.getByLabel('Confirm password').fill('Another-pass1');
  await page.getByRole('button', { name: 'Sign up' }).click();
}

test.describe('with the outbox (no outgoing mail)', () => {
  test('Logout shows "You have been logged out." on the landing page', async ({ page, account }) => {
    await signInThroughForm(page, account);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('You have been logged out.')).toBeVisible();
  });

  test('registering an email that already exists says so, and nothing is created', async ({ page, account }) => {
    await register(page, account.email);
    await expect(page.getByText('An account with this email already exists')).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByText('Registration successful! Please check your email to confirm.')).toHaveCount(0);
    // The existing account is untouched: its own password still signs in, the second try's does not.
    await signInThroughApi(page, account);
    const withNewPassword = await page.request.post('/api/auth/sign-in/email', {
      data: { email: account.email, password: 'Another-pass1' },
      headers: { origin: mainServerOrigin() },
    });
    expect(withNewPassword.status()).toBe(401);
  });

  test('a stalled /api/me gives "Timeout fetching profile" and a retry', async ({ browser, account }) => {
    test.setTimeout(60_000);
    // The service worker would answer requests out of the route's reach.
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    await signInThroughApi(page, account);
    let stall = true;
    await page.route('**/api/me', async (route) => {
      if (!stall) return route.continue();
      // Never answered, as a stalled server would; the browser gives up after ten seconds.
      await new Promise((resolve) => setTimeout(resolve, 30_000));
      return route.abort().catch(() => undefined);
    });
    await page.goto('/dashboard');
    // The screen's shell (or "Loading...") stays for ten seconds, then the timeout and a retry.
    await expect(page.getByText('Timeout fetching profile')).toBeVisible({ timeout: 15_000 });
    await expectNoAxeViolations(page);
    stall = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { name: 'My Stories', level: 1 })).toBeVisible();
    await expect(page.getByText('Idea Organizer')).toBeVisible();
    await context.close();
  });

  test('on a phone, Summeris is in the bottom tab bar', async ({ page, account }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInThroughApi(page, account);
    await page.goto('/dashboard');
    const tabBar = page.getByRole('navigation', { name: 'Bottom navigation' });
    await tabBar.getByRole('link', { name: 'Summeris' }).click();
    await expect(page).toHaveURL(/\/summeris$/);
    await expect(page.getByRole('tab', { name: /Pending/ })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the offline composer says when the text is shorter than the chosen length', async ({ page, account }) => {
    await signInThroughApi(page, account);
    const idea = await createIdea(page, 'Got promoted to engineering manager at Acme. The team celebrated with cake.');
    await page.goto(`/create?idea=${idea.id}`);
    await page.getByRole('radiogroup', { name: 'Length' }).getByRole('radio', { name: 'Long' }).click();
    await page.getByRole('button', { name: 'Generate Content' }).click();
    await expect(generatedText(page)).toHaveValue(
      'Got promoted to engineering manager at Acme. The team celebrated with cake.\n\n#Promoted #Engineering',
    );
    await expect(
      page.getByText(
        'Shorter than the chosen length: the offline composer uses only your own words, and your ideas hold no more.',
      ),
    ).toBeVisible();
  });

  test('a failed cancel says "Error cancelling pending share"', async ({ page, account }) => {
    await signInThroughApi(page, account);
    const idea = await createIdea(page, 'Planted tomatoes.');
    await approveThroughApi(page, [idea.id], 'Planted tomatoes.');
    await page.goto('/summeris');
    const card = page.getByRole('article').first();
    // Without recipients, the card offers to choose them.
    await expect(card.getByRole('button', { name: 'Choose recipients' })).toBeVisible();
    await page.route('**/api/shares/*', (route) =>
      route.request().method() === 'DELETE' ? route.abort('connectionreset') : route.continue(),
    );
    await card.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('alertdialog', { name: 'Cancel Share' }).getByRole('button', { name: 'Cancel Share' }).click();
    await expect(page.getByText('Error cancelling pending share')).toBeVisible();
  });
});

// ── With a real SMTP server ──

test.describe('with a real SMTP server', () => {
  const setup = appServerWithMail({ port: extraServerPort(1) });
  const mailTo = setup.mailbox.to;

  /** Signs up on the SMTP server, confirms through the emailed link and signs in. */
  async function confirmedAccount(page: Page) {
    const account = {
      email: `first-${randomUUID().slice(0, 8)}@example.com`,
      password: strongPassword,
      name: 'Nina Owner',
    };
    await signUpAndConfirm(page, setup, account);
    await page.getByLabel(/email/i).first().fill(account.email);
    await page.getByLabel(/^password$/i).fill(account.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    return account;
  }

  test('registering a taken email answers neutrally and emails the owner', async ({ page }) => {
    const owner = `owner-${randomUUID().slice(0, 8)}@example.com`;
    await registerAccount(page.request, { email: owner, name: 'Owner' }, setup.server.baseURL);
    await expect.poll(() => mailTo(owner).length).toBe(1);
    await register(page, owner, setup.server.baseURL);
    await expect(page.getByText('Registration successful! Please check your email to confirm.')).toBeVisible();
    await expect.poll(() => mailTo(owner).length).toBe(2);
    const warning = mailTo(owner)[1]!.mail;
    expect(warning.subject).toBe('Someone tried to register with your email address');
    expect(warning.text).toContain(`sign in at ${setup.server.baseURL}/login`);
  });

  test('Settings → Email: a Reply-To alone is saved while the server sends through SMTP', async ({ page }) => {
    await confirmedAccount(page);
    await page.goto(`${setup.server.baseURL}/settings?tab=email`);
    await page.getByLabel('Reply-To Email').fill('nina.replies@example.com');
    await page.getByRole('button', { name: 'Save Email Settings' }).click();
    await expect(page.getByText('Email settings saved successfully')).toBeVisible();
    await expect(page.getByText(/Please enter a .* API key/)).toHaveCount(0);
    await page.reload();
    await expect(page.getByLabel('Reply-To Email')).toHaveValue('nina.replies@example.com');
  });

  test('approve, choose contacts, approve in Summeris: the email arrives, signed once', async ({ page }) => {
    test.setTimeout(120_000);
    const account = await confirmedAccount(page);
    const contactEmail = `friend-${randomUUID().slice(0, 8)}@example.com`;
    const contact = await page.request.post(`${setup.server.baseURL}/api/contacts`, {
      data: { name: 'Fay Friend', email: contactEmail, relationship: 'friend' },
      headers: { origin: setup.server.baseURL },
    });
    expect(contact.ok()).toBeTruthy();
    const idea = await page.request.post(`${setup.server.baseURL}/api/ideas`, {
      data: { content: 'Got promoted to engineering manager at Acme.' },
      headers: { origin: setup.server.baseURL },
    });
    const { id } = (await idea.json()) as { id: string };

    await page.goto(`${setup.server.baseURL}/create?idea=${id}`);
    await page.getByRole('button', { name: 'Generate Content' }).click();
    await expect(generatedText(page)).toHaveValue(/^Got promoted to engineering manager at Acme\./);
    await page.getByRole('button', { name: 'Approve & Finish' }).click();
    const picker = page.getByRole('dialog', { name: 'Approve & Finish: who should receive it?' });
    await expect(picker.getByRole('button', { name: 'Approve' })).toBeDisabled();
    await picker.getByText('Fay Friend').click();
    await expectNoAxeViolations(page);
    await picker.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('dialog', { name: 'Approved' }).getByRole('button', { name: 'Ok' }).click();

    await page.goto(`${setup.server.baseURL}/summeris`);
    const card = page.getByRole('article', { name: 'Share with Fay Friend' });
    await expect(card.getByRole('button', { name: 'Change recipients' })).toBeVisible();
    await card.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText('Share sent successfully!')).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => mailTo(contactEmail).length, { timeout: 30_000 }).toBe(1);
    const mail = mailTo(contactEmail)[0]!.mail;
    expect(mail.text).toContain('Got promoted to engineering manager at Acme.');
    expect(mail.text?.match(/Best regards/g)).toHaveLength(1);

    // A built-in template ends with [Your Name]: its email is signed once, with the sender's name.
    const second = await page.request.post(`${setup.server.baseURL}/api/ideas`, {
      data: { content: 'We adopted a dog called Pepper.' },
      headers: { origin: setup.server.baseURL },
    });
    expect(second.ok()).toBeTruthy();
    await page.goto(`${setup.server.baseURL}/dashboard`);
    const ideaCard = page
      .getByRole('tabpanel')
      .getByRole('button', { name: /Pepper/ })
      .first();
    await ideaCard.click();
    await page.getByRole('button', { name: /^Share/ }).click();
    const templates = page.getByRole('dialog', { name: 'Choose a Template' });
    await templates.getByRole('radio', { name: /Personal Brand/ }).check();
    await templates.getByRole('button', { name: 'Continue' }).click();
    const contacts = page.getByRole('dialog', { name: 'Select Contacts' });
    await contacts.getByRole('checkbox', { name: /Fay Friend/ }).check();
    await contacts.getByRole('button', { name: 'Generate Summaries' }).click();
    await expect(page).toHaveURL(/\/summeris$/);
    await page.getByRole('article').filter({ hasText: 'Pepper' }).getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText('Summary successfully sent to 1 contact!')).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => mailTo(contactEmail).length, { timeout: 30_000 }).toBe(2);
    const templated = mailTo(contactEmail)[1]!.mail;
    expect(templated.text).toContain('Pepper');
    expect(templated.text).not.toContain('[Your Name]');
    // Signed once in the body; the footer (after a `--` line) names the sender again to say why.
    expect(templated.text?.split('\n--\n')[0]?.split(account.name)).toHaveLength(2);
    expect(templated.text).not.toContain('Best regards');
  });
});
