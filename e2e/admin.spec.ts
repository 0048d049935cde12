import { randomUUID } from 'node:crypto';
import {
  expect,
  expectNoAxeViolations,
  extraServerPort,
  registerAccount,
  signInThroughApi,
  strongPassword,
  test,
} from './fixtures';
import { spawnAppServer, type SpawnedAppServer } from './spawn-app-server';

// The first account of a fresh instance is the admin, so this spec runs its own server.
let server: SpawnedAppServer;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await spawnAppServer({ port: extraServerPort(5) });
});
test.afterAll(async () => {
  await server?.stop();
});

async function post(path: string, data: object, cookie?: string) {
  const response = await fetch(`${server.baseURL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.baseURL, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(data),
  });
  expect(response.ok, await response.clone().text()).toBeTruthy();
  return response;
}

test('Settings → Admin: figures, users with search and an edited limit, requests marked handled', async ({
  page,
  request,
  playwright,
}) => {
  const suffix = randomUUID().slice(0, 6);
  const admin = { email: `chief-${suffix}@example.com`, password: strongPassword, name: 'Chief Admin' };
  const member = { email: `member-${suffix}@example.com`, password: strongPassword, name: 'Plain Member' };
  await registerAccount(request, admin, server.baseURL);
  await registerAccount(request, member, server.baseURL);
  await post('/api/contact-us', {
    name: 'Plain Member',
    email: member.email,
    subject: 'Upgrade request please',
    message: 'I would like 40 contact shares a month.',
  });

  await signInThroughApi(page, admin, server.baseURL);
  await page.goto(`${server.baseURL}/settings?tab=admin`);
  await expect(page.getByRole('tab', { name: 'Admin' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Admin Access')).toBeVisible();
  const figures = page.getByRole('region', { name: 'Admin' });
  await expect(figures.getByText('Total Users')).toBeVisible();
  await expect(figures.getByText('Total Summaries')).toBeVisible();
  await expect(figures.getByText('Total Events')).toBeVisible();
  await expect(figures.getByText('2', { exact: true })).toBeVisible();

  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader', { name: 'Username' })).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row', { name: new RegExp(`chief-${suffix}`) })).toContainText('Admin');
  await expect(page.getByText('Upgrade request please')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel('Search users').fill(`member-${suffix}`);
  await expect(table.getByRole('row')).toHaveCount(2);
  const memberRow = table.getByRole('row', { name: new RegExp(`member-${suffix}`) });
  await expect(memberRow).toContainText('User');
  await memberRow.getByRole('button', { name: `Edit member-${suffix}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Monthly share limit')).toHaveValue('10');
  await expectNoAxeViolations(page);
  await dialog.getByLabel('Monthly share limit').fill('-3');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('The monthly share limit must be a whole number from 0 to 100000')).toBeVisible();
  await dialog.getByLabel('Monthly share limit').fill('40');
  await dialog.getByLabel('Maximum open ideas').fill('25');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('User updated successfully')).toBeVisible();
  await expect(memberRow.getByRole('cell', { name: '40', exact: true })).toBeVisible();
  await expect(memberRow.getByRole('cell', { name: '25', exact: true })).toBeVisible();

  // Disabling signs the member out everywhere at once; enabling lets them back in.
  const memberDevice = await playwright.request.newContext({ baseURL: server.baseURL });
  const memberSignIn = await memberDevice.post('/api/auth/sign-in/email', {
    data: { email: member.email, password: member.password },
    headers: { origin: server.baseURL },
  });
  expect(memberSignIn.ok()).toBeTruthy();
  await memberRow.getByRole('button', { name: `Disable member-${suffix}` }).click();
  await expect(page.getByText('The account is disabled and signed out everywhere.')).toBeVisible();
  await expect(memberRow).toContainText('Disabled');
  expect((await memberDevice.get('/api/me')).status()).toBe(401);
  await memberRow.getByRole('button', { name: `Enable member-${suffix}` }).click();
  await expect(page.getByText('The account is enabled again.')).toBeVisible();
  await expect(memberRow).not.toContainText('Disabled');
  await memberDevice.dispose();

  // An admin cannot take away their own admin role.
  await page.getByLabel('Search users').fill('');
  await table.getByRole('button', { name: `Edit chief-${suffix}` }).click();
  await expect(page.getByRole('dialog').getByText('You cannot remove your own admin role.')).toBeVisible();
  await expect(page.getByRole('dialog').getByRole('combobox', { name: 'Role' })).toBeDisabled();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

  const requests = page.getByRole('list', { name: 'Contact Us and upgrade requests' });
  await expect(requests.getByText('I would like 40 contact shares a month.')).toBeVisible();
  await requests.getByRole('button', { name: 'Mark handled' }).click();
  await expect(page.getByText('Request marked as handled')).toBeVisible();
  await expect(page.getByText('No requests.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Show' }).click();
  await page.getByRole('option', { name: 'Handled' }).click();
  await expect(requests.getByText('Upgrade request please')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the admin API refuses a user with 403 even when the page is skipped', async ({ page, request }) => {
  const user = { email: `late-${randomUUID().slice(0, 6)}@example.com`, password: strongPassword, name: 'Late User' };
  await registerAccount(request, user, server.baseURL);
  await signInThroughApi(page, user, server.baseURL);
  expect((await page.request.get(`${server.baseURL}/api/admin/users`)).status()).toBe(403);
  await page.goto(`${server.baseURL}/settings?tab=admin`);
  await expect(page.getByRole('tab', { name: 'Scheduling' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Total Users')).toHaveCount(0);
});
