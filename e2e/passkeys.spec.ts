import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, signInThroughApi, test } from './fixtures';

/** Settings → Account → Sign Out, confirmed. */
async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByText('You have been logged out.')).toBeVisible();
}

/*
 * Chromium's virtual authenticator (DevTools protocol) stands in for the device's screen lock: it
 * keeps the passkey's private key, and answers "user verified" without a prompt.
 */
test('passkeys: add one with a name, sign out, sign in with it instead of the password, remove it', async ({
  page,
  account,
}) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });

  await signInThroughApi(page, account);
  await page.goto('/settings?tab=account');
  await expect(page.getByText('No passkeys yet.')).toBeVisible();
  await page.getByLabel('Passkey name').fill('Work laptop');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByText('Passkey added')).toBeVisible();
  const passkeys = page.getByRole('list', { name: 'Your passkeys' });
  await expect(passkeys.getByRole('listitem')).toHaveCount(1);
  await expect(passkeys.getByText('Work laptop')).toBeVisible();
  await expectNoAxeViolations(page);
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);

  // Signed out: the sign-in form offers the passkey, and no password is typed.
  await signOut(page);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/settings?tab=account');
  await page.getByRole('button', { name: 'Remove passkey Work laptop' }).click();
  await expect(page.getByText('Passkey removed')).toBeVisible();
  await expect(page.getByText('No passkeys yet.')).toBeVisible();
  await expect(cdp.send('WebAuthn.getCredentials', { authenticatorId })).resolves.toMatchObject({
    credentials: [expect.anything()],
  });

  // The authenticator still holds the key, but the account no longer knows it.
  await signOut(page);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page.getByText('Signing in with a passkey did not work. Try again or use your password.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});
