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
    env: {
      LINKEDIN_CLIENT_ID: clientId,
      LINKEDIN_CLIENT_SECRET: clientSecret,
      LINKEDIN_API_BASE: fake.url,
      LINKEDIN_AUTH_BASE: fake.url,
    },
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

async function generateFor(page: Page, content: string) {
  const idea = await createIdea(page, content, app.baseURL);
  await page.goto(`/generate?ideas=${idea.id}`);
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(page.getByText('Text generated!')).toBeVisible();
  return { idea, text: await generatedText(page).inputValue() };
}

test('connect LinkedIn, publish a generated post and see its link; schedule one and cancel it in Summeris', async ({
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

  // A generated LinkedIn post, published now.
  const { idea, text } = await generateFor(page, 'Gave my first conference talk (about #TypeScript).');
  await page.getByRole('button', { name: 'Publish to LinkedIn' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish to LinkedIn' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByText('Published on LinkedIn.').first()).toBeVisible();
  expect(fake.posts).toHaveLength(1);
  const post = fake.posts[0]!;
  const link = page.getByRole('link', { name: 'View post on LinkedIn' });
  await expect(link).toHaveAttribute('href', `https://www.linkedin.com/feed/update/${post.id}/`);
  expect(post.commentary.replaceAll(/\\(.)/g, '$1')).toBe(text.trim());
  expect(fake.protocolErrors).toEqual([]);
  const stored = await getIdea(page, idea.id);
  expect(stored).toMatchObject({ status: 'sent', linkedinPostUrl: `https://www.linkedin.com/feed/update/${post.id}/` });

  // The same text again: LinkedIn refuses the duplicate, and the app says so.
  await page.getByRole('button', { name: 'Publish to LinkedIn' }).click();
  await dialog.getByRole('button', { name: 'Publish now' }).click();
  await expect(
    page.getByText(
      'LinkedIn refused the post as a duplicate of one you already published. Change the text and try again.',
    ),
  ).toBeVisible();
  await expect(dialog).toBeVisible();
  expect(fake.posts).toHaveLength(1);
  await page.keyboard.press('Escape');

  // The idea is sent and links to its post.
  await page.goto('/dashboard');
  await page.getByRole('tab', { name: /^Sent/ }).click();
  await expect(page.getByRole('link', { name: 'View post on LinkedIn' })).toHaveAttribute(
    'href',
    `https://www.linkedin.com/feed/update/${post.id}/`,
  );
  await expectNoAxeViolations(page);

  // Another post, scheduled for tomorrow at 09:00 (browser time), then cancelled in Summeris.
  await generateFor(page, 'Planted tomatoes on the balcony.');
  await page.getByRole('button', { name: 'Publish to LinkedIn' }).click();
  const tomorrow = new Date(Date.now() + 24 * 3600 * 1000);
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(tomorrow);
  await dialog.getByLabel('Date and time').fill(`${day}T09:00`);
  await dialog.getByRole('button', { name: 'Schedule' }).click();
  await expect(page.getByText(/^Scheduled for .*Summeris lists it until it goes out\.$/)).toBeVisible();
  await page.goto('/summeris');
  const scheduled = page.getByRole('listitem').filter({ hasText: 'Scheduled' });
  await expect(scheduled).toHaveCount(1);
  await expect(scheduled).toContainText('9:00');
  await expectNoAxeViolations(page);
  await scheduled.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Scheduled post cancelled.')).toBeVisible();
  await expect(page.getByText('No LinkedIn posts scheduled.', { exact: false })).toBeVisible();
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
