import { expect, expectNoAxeViolations, signInThroughApi, test } from './fixtures';

test('Settings → Account: change the name and password, then sign out with the confirmation', async ({
  page,
  account,
}) => {
  await signInThroughApi(page, account);
  await page.goto('/settings?tab=account');
  await expect(page.getByRole('tab', { name: 'Account', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText(account.email.split('@')[0]!, { exact: true })).toBeVisible();
  await expect(page.getByLabel('Confirm New Password')).toBeDisabled();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('No changes to save.')).toBeVisible();

  await page.getByLabel('Full Name').fill('Renamed Person');
  await page.getByLabel('New Password', { exact: true }).fill('weak');
  await expect(page.getByLabel('Confirm New Password')).toBeEnabled();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Password must be at least 8 characters long')).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill('N3w-passw0rd');
  await page.getByLabel('Confirm New Password').fill('N3w-passw0rd');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  // A new password needs the current one.
  await expect(page.getByText('Enter your current password to change the email or password.').first()).toBeVisible();
  await page.getByLabel('Current Password').fill(account.password);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Account updated successfully!')).toBeVisible();

  await page.getByRole('button', { name: 'Sign Out' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(
    dialog.getByText('Are you sure you want to sign out? Your data will be saved for when you return.'),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('You have been logged out.')).toBeVisible();

  const oldPassword = await page.request.post('/api/auth/sign-in/email', {
    data: { email: account.email, password: account.password },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(oldPassword.status()).toBe(401);
});

test('a non-admin asking for the Admin tab is switched back to Scheduling', async ({ page, request }) => {
  const { registerAccount } = await import('./fixtures');
  await registerAccount(request); // makes sure an admin exists, so the next account is a user
  const user = await registerAccount(request);
  await signInThroughApi(page, user);
  await page.goto('/settings?tab=admin');
  await expect(page.getByRole('tab', { name: 'Scheduling' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Admin' })).toHaveCount(0);
  await expect(page.getByText('Admin Access')).toHaveCount(0);
  await expect(page.getByText('Version 1.2.0')).toBeVisible();
});
