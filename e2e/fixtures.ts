import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';

export const strongPassword = 'Passw0rd!';

export type TestAccount = { email: string; password: string; name: string };

/** Creates an account through the real API (never by writing to the database). */
export async function registerAccount(
  request: APIRequestContext,
  overrides: Partial<TestAccount> = {},
): Promise<TestAccount> {
  const account = {
    email: `e2e-${randomUUID().slice(0, 8)}@example.com`,
    password: strongPassword,
    name: 'E2E Person',
    ...overrides,
  };
  const response = await request.post('/api/auth/sign-up/email', {
    data: { email: account.email, password: account.password, name: account.name },
    headers: { origin: mainServerOrigin() },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
  return account;
}

/** The shared e2e server's origin (the config's baseURL), for the Origin header of API calls. */
export function mainServerOrigin() {
  return process.env.E2E_BASE_URL ?? `http://localhost:${process.env.E2E_PORT ?? 3100}`;
}

/** Signs in through the login form, as a user would. */
export async function signInThroughForm(page: Page, account: TestAccount) {
  await page.goto('/login');
  await page.getByLabel(/email/i).first().fill(account.email);
  await page.getByLabel(/^password$/i).fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/**
 * A port for a spec's own extra app server: `E2E_PORT` + `offset` (1 to 9), inside this run's own
 * range, so that runs side by side with different `E2E_PORT`s never take each other's ports.
 */
export function extraServerPort(offset: number): number {
  if (!Number.isInteger(offset) || offset < 1 || offset > 9) throw new Error(`extra server offset ${offset}: 1 to 9`);
  return Number(process.env.E2E_PORT ?? 3100) + offset;
}

/** Signs in through the API in the page's browser context (the session cookie lands in the page). */
export async function signInThroughApi(page: Page, account: TestAccount) {
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: { email: account.email, password: account.password },
    headers: { origin: mainServerOrigin() },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
}

/** An axe scan of the current page; any violation fails the test. */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const summary = results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
  expect(summary, 'axe violations').toEqual([]);
}

export const test = base.extend<{ account: TestAccount }>({
  account: async ({ request }, use) => {
    await use(await registerAccount(request));
  },
});
export { expect };
