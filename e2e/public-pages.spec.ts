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

test("a signed-in screen opened directly preloads the visitor's strings and the session request with the page", async ({
  page,
  account,
}) => {
  const linksOf = async (language: string) => {
    const html = await (await page.request.get('/dashboard', { headers: { 'accept-language': language } })).text();
    return [...html.matchAll(/<link rel="(modulepreload|preload)"[^>]*href="([^"]+)"/g)].map(
      ([, rel, href]) => `${rel} ${href}`,
    );
  };
  const english = await linksOf('en-US,en;q=0.9');
  expect(english).toContain('preload /api/me');
  expect(english.some((link) => /^modulepreload \/assets\/en-rest-[\w-]+\.js$/.test(link))).toBe(true);
  const russian = await linksOf('ru-RU,ru;q=0.9');
  expect(russian.some((link) => /^modulepreload \/assets\/ru-[\w-]+\.js$/.test(link))).toBe(true);
  expect(russian.some((link) => link.includes('en-rest'))).toBe(false);

  // The preloaded session request is the one the app uses: asked once, and the screen shows.
  await signInThroughApi(page, account);
  const seen = watch(page);
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'My Stories' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(seen.meRequests).toBe(1);
  expect(seen.consoleErrors).toEqual([]);
  expect(warnings.filter((text) => /preload|HydrateFallback/i.test(text))).toEqual([]);
});

test('a signed-in screen opened with a session arrives drawn: the screen replaces its shell without "Loading..." in between, and works', async ({
  page,
  account,
}) => {
  // Without a session: the plain page.
  const plain = await (await page.request.get('/dashboard', { headers: { 'accept-language': 'en' } })).text();
  expect(plain).not.toContain('data-shell');
  await signInThroughApi(page, account);
  // The page itself already holds the screen's layout and heading (route-preloads.ts).
  const html = await (await page.request.get('/dashboard', { headers: { 'accept-language': 'en' } })).text();
  expect(html).toContain('<div id="root" data-shell inert>');
  expect(html).toContain('<h1 class="text-2xl font-bold">My Stories</h1>');
  expect(html).toContain('aria-label="Bottom navigation"');
  // Its code comes at low priority, after the stylesheet that paints the shell; not so on a page
  // without a shell, where the code draws the first paint.
  const codeTags = (source: string) => [
    ...source.matchAll(/<(?:script type="module"|link rel="modulepreload")[^>]*>/g),
  ];
  expect(codeTags(html).length).toBeGreaterThan(1);
  for (const [tag] of codeTags(html)) expect(tag).toContain('fetchpriority="low"');
  expect(codeTags(plain).length).toBeGreaterThan(1);
  for (const [tag] of codeTags(plain)) expect(tag).not.toContain('fetchpriority');

  // Every state of the page once its HTML is parsed (before that the parser may have drawn the
  // header but not yet the heading): the heading must never go, nor "Loading..." show.
  await page.addInitScript(() => {
    const record = { states: [] as string[] };
    (window as unknown as { record: typeof record }).record = record;
    const note = () => {
      const root = document.getElementById('root');
      if (!root?.firstChild) return;
      const heading = root.querySelector('h1')?.textContent ?? 'no heading';
      const loading = [...root.querySelectorAll('[role="status"]')].some(
        (status) => status.textContent === 'Loading...',
      );
      const state = `${heading}${loading ? ' + Loading...' : ''}`;
      if (record.states.at(-1) !== state) record.states.push(state);
    };
    document.addEventListener('DOMContentLoaded', () => {
      note();
      new MutationObserver(note).observe(document, { childList: true, subtree: true, characterData: true });
    });
  });
  const seen = watch(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('textbox', { name: 'Your event or idea' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Your event or idea' }).fill('Planted tomatoes on the balcony');
  await page.getByRole('button', { name: 'Save Event' }).click();
  await expect(page.getByText('Planted tomatoes on the balcony')).toBeVisible();
  const { states } = await page.evaluate(() => (window as unknown as { record: { states: string[] } }).record);
  expect(states).toEqual(['My Stories']);
  // The shell arrived inert (a picture: nothing in it to click); the screen that replaced it is live.
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  expect(seen.meRequests).toBe(1);
  expect(seen.consoleErrors).toEqual([]);
  await expectNoAxeViolations(page);
});

for (const { path, list, chunk } of [
  { path: '/contacts', list: '/api/contacts', chunk: /\/assets\/contacts-[\w-]+\.js$/ },
  { path: '/dashboard', list: '/api/events', chunk: /\/assets\/dashboard-[\w-]+\.js$/ },
]) {
  test(`${path} opened directly asks for its list while its code is still loading, and its code comes in a few files`, async ({
    page,
    account,
  }) => {
    await signInThroughApi(page, account);
    // The screen's own code arrives late: the list request must not wait for it.
    let listAskedBeforeCode = false;
    let listAsked = false;
    let chunkUrl = '';
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname === list) listAsked = true;
      if (chunk.test(pathname)) chunkUrl = pathname;
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

    // What the screen's code needs beyond the entry comes in two or three files, not a dozen of a few
    // hundred bytes (a phone opens six connections; vite.config.ts codeSplitting).
    const importsOf = async (file: string) =>
      [...(await (await page.request.get(file)).text()).matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)].map(
        ([, name]) => `/assets/${name}`,
      );
    const closure = async (files: string[]) => {
      const seen = new Set<string>();
      const visit = async (file: string): Promise<void> => {
        if (seen.has(file)) return;
        seen.add(file);
        for (const imported of await importsOf(file)) await visit(imported);
      };
      for (const file of files) await visit(file);
      return seen;
    };
    const html = await (await page.request.get('/', { headers: { 'accept-language': 'en' } })).text();
    const entry = await closure(
      [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map(([, file]) => file ?? ''),
    );
    const screen = [...(await closure([chunkUrl]))].filter((file) => !entry.has(file));
    expect(screen).toContain(chunkUrl);
    expect(screen.length, screen.join(', ')).toBeLessThanOrEqual(3);
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
