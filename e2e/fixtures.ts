import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';

export const strongPassword = 'Passw0rd!';

export type TestAccount = { email: string; password: string; name: string };

/**
 * The Origin header and URL prefix of an API call: to `base` (a spec's own app server) when given,
 * else a path relative to the context's baseURL with the shared e2e server's origin.
 */
function apiTarget(base: string | undefined) {
  return { prefix: base ?? '', headers: { origin: base ?? mainServerOrigin() } };
}

/**
 * Creates an account through the real API (never by writing to the database), on the shared e2e
 * server or, with `base`, on a spec's own app server.
 */
export async function registerAccount(
  request: APIRequestContext,
  overrides: Partial<TestAccount> = {},
  base?: string,
): Promise<TestAccount> {
  const account = {
    email: `e2e-${randomUUID().slice(0, 8)}@example.com`,
    password: strongPassword,
    name: 'E2E Person',
    ...overrides,
  };
  const { prefix, headers } = apiTarget(base);
  const response = await request.post(`${prefix}/api/auth/sign-up/email`, {
    data: { email: account.email, password: account.password, name: account.name },
    headers,
  });
  expect(response.ok(), await response.text()).toBeTruthy();
  return account;
}

/** The shared e2e server's origin (the config's baseURL), for the Origin header of API calls. */
export function mainServerOrigin() {
  return process.env.E2E_BASE_URL ?? `http://localhost:${process.env.E2E_PORT ?? 3100}`;
}

/** Signs in through the login form, as a user would (with `base`, on a spec's own app server). */
export async function signInThroughForm(page: Page, account: TestAccount, base?: string) {
  await page.goto(`${base ?? ''}/login`);
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

/**
 * Signs in through the API in the page's browser context (the session cookie lands in the page), on
 * the shared e2e server or, with `base`, on a spec's own app server.
 */
export async function signInThroughApi(page: Page, account: TestAccount, base?: string) {
  const { prefix, headers } = apiTarget(base);
  const response = await page.request.post(`${prefix}/api/auth/sign-in/email`, {
    data: { email: account.email, password: account.password },
    headers,
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
