import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, mainServerOrigin, signInThroughApi, test } from './fixtures';

/** Console errors, failed responses and /api/me requests seen by the page from now on. */
function watch(page: Page) {
  const seen = { consoleErrors: [] as string[], failedResponses: [] as string[], meRequests: 0 };
  page.on('console', (message) => {
    if (message.type() === 'error') seen.consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => seen.consoleErrors.push(error.message));
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/me') seen.meRequests += 1;
  });
  page.on('response', (response) => {
    if (response.status() >= 400) seen.failedResponses.push(`${response.status()} ${response.url()}`);
  });
  return seen;
}

const publicPages = [
  { path: '/', heading: 'Turn the things that happen in your life' },
  { path: '/login', heading: 'Sign in to Life Updates' },
  { path: '/register', heading: 'Create your account' },
  { path: '/contact-us', heading: 'Contact Us' },
];

for (const { path, heading } of publicPages) {
  test(`${path} signed out: no failing request, no console error, no profile request`, async ({ page }) => {
    const seen = watch(page);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(heading);
    await page.waitForLoadState('networkidle');
    expect(seen.consoleErrors).toEqual([]);
    expect(seen.failedResponses).toEqual([]);
    expect(seen.meRequests).toBe(0);
  });
}

test('signed in, the public pages still know the user: / opens My Stories with the top bar', async ({
  page,
  account,
}) => {
  await signInThroughApi(page, account);
  const seen = watch(page);
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'My Stories' })).toBeVisible();
  await expect(page.getByText('Idea Organizer')).toBeVisible();
  await page.goto('/contact-us');
  await expect(page.getByRole('link', { name: 'My Stories' }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(seen.consoleErrors).toEqual([]);
  expect(seen.failedResponses).toEqual([]);
});

test('a protected page sends a signed-out visitor to /login', async ({ page }) => {
  await page.goto('/contacts');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to Life Updates');
});

test('a Russian browser gets the Russian page first; switching language loads the other catalogue', async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'ru-RU' });
  const page = await context.newPage();
  const seen = watch(page);
  // Every render of the landing heading, from the first: no English flash before the Russian text.
  await page.addInitScript(() => {
    new MutationObserver(() => {
      const heading = document.querySelector('h1');
      if (heading?.textContent)
        (window as unknown as { headings?: string[] }).headings = [
          ...((window as unknown as { headings?: string[] }).headings ?? []),
          heading.textContent,
        ];
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(page.getByRole('link', { name: 'Войти' }).first()).toBeVisible();
  const headings = await page.evaluate(() => (window as unknown as { headings?: string[] }).headings ?? []);
  expect(headings.length).toBeGreaterThan(0);
  expect(headings.every((text) => text.startsWith('Превращайте'))).toBe(true);
  await expectNoAxeViolations(page);

  await page.getByRole('combobox').first().selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();
  await page.getByRole('combobox').first().selectOption('ru');
  await expect(page.getByRole('link', { name: 'Войти' }).first()).toBeVisible();
  expect(seen.consoleErrors).toEqual([]);
  await context.close();
});

test('a signed-in screen opened directly asks who is signed in once, and works', async ({ page, account }) => {
  await signInThroughApi(page, account);
  const seen = watch(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'My Stories' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Your event or idea' }).fill('Planted tomatoes on the balcony');
  await page.getByRole('button', { name: 'Save Event' }).click();
  await expect(page.getByText('Planted tomatoes on the balcony')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(seen.meRequests).toBe(1);
  expect(seen.consoleErrors).toEqual([]);
  await expectNoAxeViolations(page);
});

for (const { path, list, chunk } of [
  { path: '/contacts', list: '/api/contacts', chunk: /\/assets\/contacts-[\w-]+\.js$/ },
  { path: '/dashboard', list: '/api/ideas', chunk: /\/assets\/dashboard-[\w-]+\.js$/ },
]) {
  test(`${path} opened directly asks for its list while its code is still loading`, async ({ page, account }) => {
    await signInThroughApi(page, account);
    // The screen's own code arrives late: the list request must not wait for it.
    let listAskedBeforeCode = false;
    let listAsked = false;
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname === list) listAsked = true;
    });
    await page.route(chunk, async (route) => {
      await expect.poll(() => listAsked, { timeout: 5_000 }).toBe(true);
      listAskedBeforeCode = true;
      await route.continue();
    });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(listAskedBeforeCode).toBe(true);
  });
}

test('a session cookie that is no longer valid still ends on /login', async ({ page }) => {
  await page
    .context()
    .addCookies([
      { name: 'better-auth.session_token', value: 'expired.session', url: new URL(mainServerOrigin()).origin },
    ]);
  await page.goto('/contacts');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to Life Updates');
});
