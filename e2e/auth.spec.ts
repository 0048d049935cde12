import { randomUUID } from 'node:crypto';
import { expect, expectNoAxeViolations, signInThroughApi, signInThroughForm, test } from './fixtures';

test('register, sign in with the welcome, then log out', async ({ page }) => {
  const email = `new-${randomUUID().slice(0, 8)}@example.com`;
  await page.goto('/');
  // The landing page has its own brand with the BETA badge; the app's top bar is hidden on / when signed out.
  await expect(page.getByRole('link', { name: 'Get started' })).toBeVisible();
  await expect(page.getByText('BETA').first()).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Get started' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expectNoAxeViolations(page);

  await page.getByLabel('Full Name').fill('New Person');
  await page.getByLabel('Email').fill(email);
  await expect(page.getByText('This email will be used for login and sending emails')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('weakpass');
  await page.getByLabel('Confirm password').fill('weakpass');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('Password must contain at least one uppercase letter')).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill('Str0ng-pass');
  await page.getByLabel('Confirm password').fill('Str0ng-pass');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('Registration successful! Please check your email to confirm.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Email (or username)').fill(email);
  await page.getByLabel('Password').fill('Str0ng-pass');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Login successful!')).toBeVisible();
  await expect(page.getByText(`Welcome, ${email.split('@')[0]}!`)).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('You have been logged out.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // The welcome shows once per profile.
  await page.goto('/login');
  await page.getByLabel('Email (or username)').fill(email);
  await page.getByLabel('Password').fill('Str0ng-pass');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Login successful!')).toBeVisible();
  await expect(page.getByText(/Welcome,/)).toHaveCount(0);
});

test('login form validates inline and six wrong passwords lock the account', async ({ page, account }) => {
  await page.goto('/login');
  await expectNoAxeViolations(page);
  await page.getByLabel('Email (or username)').fill('not@valid');
  await page.getByLabel('Password').fill('123');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid email address')).toBeVisible();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();

  await page.getByLabel('Email (or username)').fill(account.email);
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    await page.getByLabel('Password').fill(`Wrong-pass${attempt}`);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
  }
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Too many failed login attempts. Please try again later.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('a protected page sends a signed-out visitor to /login and back after sign-in', async ({ page, account }) => {
  await page.goto('/contacts');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email (or username)').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/contacts$/);
  // Signed in, /login goes to the dashboard and /stories redirects there too.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/stories');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/summaries');
  await expect(page).toHaveURL(/\/summeris$/);
  await expect(page).toHaveTitle('Summeris | Life Updates');
});

test('the page-not-found screen shows the path, goes back and refreshes app data', async ({ page }) => {
  await page.goto('/');
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('/no/such/page')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/missing');
  await page.evaluate(() =>
    localStorage.setItem('life-updates.cache.sample', JSON.stringify({ value: 1, timestamp: Date.now() })),
  );
  await page.getByRole('button', { name: 'Refresh App Data' }).click();
  await expect(page.getByText('App data refreshed')).toBeVisible();
  await expect(page).toHaveURL(/\/$/, { timeout: 5000 });
  expect(await page.evaluate(() => localStorage.getItem('life-updates.cache.sample'))).toBeNull();
  // The API answers unknown /api paths with JSON, not the app.
  const api = await page.request.get('/api/no-such-endpoint');
  expect(api.status()).toBe(404);
  expect(await api.json()).toMatchObject({ code: 'NOT_FOUND' });
});

test('stale cached data is dropped half a second after start', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => {
    localStorage.setItem(
      'life-updates.cache.old',
      JSON.stringify({ value: 1, timestamp: Date.now() - 25 * 60 * 60 * 1000 }),
    );
    localStorage.setItem('life-updates.cache.broken', '{not json');
    localStorage.setItem('life-updates.cache.fresh', JSON.stringify({ value: 1, timestamp: Date.now() }));
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('life-updates.cache.old'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('life-updates.cache.broken'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('life-updates.cache.fresh'))).not.toBeNull();
});

test('desktop top bar and mobile bottom tab bar', async ({ page, account }) => {
  await signInThroughApi(page, account);
  await page.goto('/dashboard');
  const main = page.getByRole('navigation', { name: 'Main navigation' });
  for (const name of ['My Stories', 'Create', 'Contacts', 'Settings', 'Upgrade']) {
    await expect(main.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(main.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Bottom navigation' })).toBeHidden();
  await expectNoAxeViolations(page);

  await page.setViewportSize({ width: 390, height: 800 });
  const bottom = page.getByRole('navigation', { name: 'Bottom navigation' });
  await expect(bottom).toBeVisible();
  await expect(bottom.getByRole('link')).toHaveCount(5);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeHidden();
  await bottom.getByRole('link', { name: 'Contacts' }).click();
  await expect(page).toHaveURL(/\/contacts$/);
  await page.setViewportSize({ width: 767, height: 800 });
  await expect(bottom).toBeVisible();
  await page.setViewportSize({ width: 768, height: 800 });
  await expect(bottom).toBeHidden();
});

test('dark theme is remembered, and system follows the OS live', async ({ page, account }) => {
  await signInThroughApi(page, account);
  await page.goto('/dashboard');
  await page.getByRole('radio', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expectNoAxeViolations(page);
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.getByRole('radio', { name: 'System' }).click();
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/dark/);
});

test('the Russian interface, chosen on a public page', async ({ page, account }) => {
  await page.goto('/login');
  await page.getByLabel('Language').first().selectOption('ru');
  await expect(page.getByRole('button', { name: 'Войти' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expectNoAxeViolations(page);
  await page.getByLabel('Email (или имя пользователя)').fill(account.email);
  await page.getByLabel('Пароль').fill('Wrong-pass1');
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByText('Неверный email или пароль')).toBeVisible();
});

test('the landing page is accessible and signed-in visitors skip it', async ({ page, account }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
  await signInThroughForm(page, account);
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
});
