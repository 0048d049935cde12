import type { Browser, Page } from '@playwright/test';
import { startFakeLinkedin, type FakeLinkedin } from '../packages/server/test/doubles/linkedin';
import { expect, expectNoAxeViolations, extraServerPort, registerAccount, signInThroughApi, test } from './fixtures';
import { createIdea, generatedText, getIdea } from './generation-helpers';
import { spawnAppServer, type SpawnedAppServer } from './spawn-app-server';

/**
 * Publishing to LinkedIn end to end: an app server configured with a LinkedIn app whose endpoints
 * are a local stand-in speaking LinkedIn's protocol (OAuth with a state, no PKCE; userinfo; Posts API).
 * The browser really goes to the stand-in's authorisation page and is sent back to the app.
 */
const clientId = 'e2e-linkedin-client';
const clientSecret = 'e2e-linkedin-secret';

let fake: FakeLinkedin;
let app: SpawnedAppServer;

test.beforeAll(async () => {
  fake = await startFakeLinkedin({ clientId, clientSecret, port: extraServerPort(4) });
  app = await spawnAppServer({
    port: extraServerPort(3),
    env: fake.appEnv,
  });
});

test.afterAll(async () => {
  await app?.stop();
  await fake?.close();
});

async function signedInPage(browser: Browser, baseUrl: string) {
  const context = await browser.newContext({ baseURL: baseUrl, locale: 'en-US', timezoneId: 'Europe/Berlin' });
  const page = await context.newPage();
  await signInThroughApi(page, await registerAccount(context.request, { name: 'Ada' }, baseUrl), baseUrl);
  return { context, page };
}

/** Email to Contacts: the one share dialog, here with no contacts, the LinkedIn profile and when. */
async function openShareDialog(page: Page) {
  await page.getByRole('button', { name: 'Email to Contacts' }).click();
  const dialog = page.getByRole('dialog', { name: 'Select Contacts to Share With' });
  await expect(dialog.getByRole('group', { name: 'LinkedIn' })).toBeVisible();
  return dialog;
}

async function generateFor(page: Page, content: string) {
  const idea = await createIdea(page, content, app.baseURL);
  await page.goto(`/generate?ideas=${idea.id}`);
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(page.getByText('Text generated!')).toBeVisible();
  return { idea, text: await generatedText(page).inputValue() };
}

test('connect LinkedIn, post a generated text through the share dialog and see its link; schedule one and cancel it in Summeris', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { context, page } = await signedInPage(browser, app.baseURL);

  // Settings → Connected accounts: not connected yet.
  await page.goto('/settings?tab=connected');
  await expect(page.getByRole('tab', { name: 'Connected accounts' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Not connected')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Connect LinkedIn' }).click();
  // Off to the stand-in's authorisation page, which approves and sends the browser back.
  await expect(page).toHaveURL(`${app.baseURL}/settings?tab=connected`);
  await expect(page.getByText('LinkedIn connected.')).toBeVisible();
  await expect(page.getByText('Connected as Ada Lovelace')).toBeVisible();
  const expiry = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'Europe/Berlin' }).format(
    new Date(Date.now() + 60 * 24 * 3600 * 1000),
  );
  await expect(page.getByText(`Access expires on ${expiry}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reconnect LinkedIn' })).toBeVisible();
  await expectNoAxeViolations(page);

  // A generated LinkedIn post, published now through the share dialog.
  const { idea, text } = await generateFor(page, 'Gave my first conference talk (about #TypeScript).');
  const dialog = await openShareDialog(page);
  const linkedin = dialog.getByRole('checkbox', { name: 'Post on your LinkedIn profile (Ada Lovelace)' });
  await expect(linkedin).toHaveAccessibleDescription(/^\d+ \/ 3000 characters$/);
  await expectNoAxeViolations(page);
  await linkedin.check();
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  const result = page.getByRole('dialog', { name: 'Sent' });
  await expect(result.getByRole('listitem', { name: 'LinkedIn: Ada Lovelace' })).toContainText('Published', {
    timeout: 30_000,
  });
  expect(fake.posts).toHaveLength(1);
  const post = fake.posts[0]!;
  await expect(result.getByRole('link', { name: 'View post on LinkedIn' })).toHaveAttribute(
    'href',
    `https://www.linkedin.com/feed/update/${post.id}/`,
  );
  expect(post.commentary.replaceAll(/\\(.)/g, '$1')).toBe(text.trim());
  expect(fake.protocolErrors).toEqual([]);
  expect((await getIdea(page, idea.id)).status).toBe('sent');

  // The same text again: LinkedIn refuses the duplicate, and the app says so.
  await page.goto(`/generate?ideas=${idea.id}`);
  await generatedText(page).fill(text);
  const again = await openShareDialog(page);
  await again.getByRole('checkbox', { name: /Post on your LinkedIn profile/ }).check();
  await again.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(
    page
      .getByRole('dialog', { name: 'Not sent' })
      .getByText(
        'LinkedIn refused the post as a duplicate of one you already published. Change the text and try again.',
      ),
  ).toBeVisible({ timeout: 30_000 });
  expect(fake.posts).toHaveLength(1);

  // Another post, scheduled for tomorrow at 09:00 (browser time); Summeris → Scheduled lists it, and
  // Cancel schedule sends it back to Pending.
  await generateFor(page, 'Planted tomatoes on the balcony.');
  const later = await openShareDialog(page);
  await later.getByRole('checkbox', { name: /Post on your LinkedIn profile/ }).check();
  await later.getByRole('radio', { name: 'At a time' }).check();
  const tomorrow = new Date(Date.now() + 24 * 3600 * 1000);
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(tomorrow);
  await later.getByLabel('Date and time').fill(`${day}T09:00`);
  await later.getByRole('button', { name: 'Schedule' }).click();
  const scheduledResult = page.getByRole('dialog', { name: 'Scheduled' });
  await expect(scheduledResult.getByText(/^It goes out .*9:00/)).toBeVisible();
  await page.goto('/summeris');
  await page.getByRole('tab', { name: /Scheduled\s*1/ }).click();
  const scheduled = page.getByRole('tabpanel').getByRole('article');
  await expect(scheduled).toHaveCount(1);
  await expect(scheduled.getByText(/^Goes out .*9:00/)).toBeVisible();
  await expect(scheduled.getByRole('listitem', { name: 'LinkedIn: Ada Lovelace' })).toContainText('Queued');
  await expectNoAxeViolations(page);
  await scheduled.getByRole('button', { name: 'Cancel schedule' }).click();
  await page
    .getByRole('alertdialog', { name: 'Cancel schedule?' })
    .getByRole('button', { name: 'Cancel schedule' })
    .click();
  await expect(page.getByText('Schedule cancelled. The share is back in Pending.')).toBeVisible();
  await expect(page.getByRole('tab', { name: /Scheduled\s*0/ })).toBeVisible();
  await expect(page.getByRole('tab', { name: /Pending\s*1/ })).toBeVisible();
  expect(fake.posts).toHaveLength(1);

  // A token that expires within seven days: the banner asks to reconnect.
  fake.state.expiresInSeconds = 3 * 24 * 3600;
  await page.goto('/settings?tab=connected');
  await page.getByRole('button', { name: 'Reconnect LinkedIn' }).click();
  await expect(page.getByText('LinkedIn connected.')).toBeVisible();
  await expect(page.getByText(/^Your LinkedIn connection expires on .*Reconnect to keep publishing\.$/)).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByText(/^Your LinkedIn connection expires on /)).toBeVisible();
  await expectNoAxeViolations(page);
  await context.close();
});
