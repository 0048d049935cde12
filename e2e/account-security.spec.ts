import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { unzipSync } from 'fflate';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import {
  expect,
  expectNoAxeViolations,
  extraServerPort,
  mainServerOrigin,
  registerAccount,
  signInThroughApi,
  strongPassword,
  test,
} from './fixtures';
import { appServerWithMail, signUpAndConfirm } from './mail-server';

test.describe('forgot password, with a real mail server', () => {
  const setup = appServerWithMail({ port: extraServerPort(2) });

  test('Sign in → Forgot password? → the emailed link → a new password that follows the rule', async ({ page }) => {
    const account = {
      email: `forgot-${randomUUID().slice(0, 8)}@example.com`,
      password: strongPassword,
      name: 'Forgetful',
    };
    await signUpAndConfirm(page, setup, account);

    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(
      page.getByText('If an account with this email exists, we have sent it a link to reset the password.', {
        exact: false,
      }),
    ).toBeVisible();

    await expect.poll(() => setup.mailbox.to(account.email).length).toBe(2);
    const resetMail = setup.mailbox.to(account.email)[1]!.mail;
    expect(resetMail.subject).toBe('Life Updates: reset your password');
    const link = resetMail.text?.match(/https?:\/\/\S+reset-password\S+/)?.[0];
    expect(link, resetMail.text).toBeTruthy();
    await page.goto(link!);
    await expect(page).toHaveURL(/\/reset-password\?token=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByLabel('New password', { exact: true }).fill('nouppercase1!');
    await page.getByLabel('Confirm new password').fill('nouppercase1!');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText('Password must contain at least one uppercase letter')).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('Fresh-passw0rd');
    await page.getByLabel('Confirm new password').fill('Fresh-passw0rd');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Your password has been changed. Sign in with the new one.')).toBeVisible();

    await page.getByLabel(/email/i).first().fill(account.email);
    await page.getByLabel(/^password$/i).fill('Fresh-passw0rd');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // The link worked once.
    await page.goto(link!);
    await expect(page.getByText('This reset link is invalid or has expired. Ask for a new one.')).toBeVisible();
  });
});

test('Settings → Account: signed-in devices, sign out the others, export the data, then delete the account', async ({
  page,
  playwright,
}) => {
  await registerAccount(page.request); // the instance's administrator, so the next account may leave
  const account = await registerAccount(page.request);
  await signInThroughApi(page, account);
  // A second device: its own cookies, its own browser name.
  const phone = await playwright.request.newContext({
    baseURL: mainServerOrigin(),
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  });
  const phoneSignIn = await phone.post('/api/auth/sign-in/email', {
    data: { email: account.email, password: account.password },
    headers: { origin: mainServerOrigin() },
  });
  expect(phoneSignIn.ok()).toBeTruthy();

  await page.goto('/settings?tab=account');
  const devices = page.getByRole('list', { name: 'Signed-in devices' });
  await expect(devices.getByRole('listitem')).toHaveCount(2);
  await expect(devices.getByText('This device')).toBeVisible();
  await expect(devices.getByText('Chrome on Android')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Sign out all other devices' }).click();
  await expect(page.getByText('All other devices were signed out.')).toBeVisible();
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  expect((await phone.get('/api/me')).status()).toBe(401);
  await phone.dispose();

  // Export my data: one zip with the idea in it.
  const idea = await page.request.post('/api/ideas', {
    data: { content: 'Exported idea before leaving' },
    headers: { origin: mainServerOrigin() },
  });
  expect(idea.ok()).toBeTruthy();
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^life-updates-export-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(await readFile(await download.path())));
  expect(Object.keys(files)).toEqual(
    expect.arrayContaining(['ideas.json', 'contacts.csv', 'contacts.vcf', 'shares.json']),
  );
  expect(Buffer.from(files['ideas.json']!).toString('utf8')).toContain('Exported idea before leaving');

  const password = page.getByLabel('Your password, to confirm');
  await password.fill('Not-the-passw0rd!');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('The current password is not correct.')).toBeVisible();
  await password.fill(account.password);
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Your account has been deleted.')).toBeVisible();
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    data: { email: account.email, password: account.password },
    headers: { origin: mainServerOrigin() },
  });
  expect(signIn.status()).toBe(401);
});

test('two-factor authentication: turn on with the QR code key, backup codes once, then sign in with a code', async ({
  page,
  account,
}) => {
  await signInThroughApi(page, account);
  await page.goto('/settings?tab=account');
  await page.getByLabel('Your password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByRole('img', { name: 'Two-factor authentication' })).toBeVisible();
  await expectNoAxeViolations(page);
  const key = (await page.locator('code').first().textContent())!.trim();
  // The authenticator app's side, from the key shown.
  const codeNow = () => createOTP(base32.decode(key)).totp();
  await page.getByLabel('Code from the app').fill(await codeNow());
  await page.getByRole('button', { name: 'Confirm' }).click();
  const codes = page.getByRole('list', { name: 'Your backup codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the codes' }).click();
  expect((await downloading).suggestedFilename()).toBe('life-updates-backup-codes.txt');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('On', { exact: true })).toBeVisible();

  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByLabel(/email/i).first().fill(account.email);
  await page.getByLabel(/^password$/i).fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('Code', { exact: true }).fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('The code is not correct.')).toBeVisible();
  await page.getByLabel('Code', { exact: true }).fill(await codeNow());
  await page.getByLabel('Trust this device for 30 days').check();
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('two-factor sign-in: used-up codes ask for the password again; 10 wrong codes lock the account until a time', async ({
  page,
  account,
}) => {
  // Two-factor on, through the API as Settings → Account does (the screen is walked above).
  await signInThroughApi(page, account);
  const origin = { origin: mainServerOrigin() };
  const enabled = await page.request.post('/api/auth/two-factor/enable', {
    data: { password: account.password },
    headers: origin,
  });
  expect(enabled.ok()).toBeTruthy();
  const { totpURI } = (await enabled.json()) as { totpURI: string };
  const codeNow = () => createOTP(base32.decode(new URL(totpURI).searchParams.get('secret')!)).totp();
  const confirmed = await page.request.post('/api/auth/two-factor/verify-totp', {
    data: { code: await codeNow() },
    headers: origin,
  });
  expect(confirmed.ok()).toBeTruthy();
  await page.context().clearCookies();

  const passwordStep = async () => {
    await page.getByLabel(/email/i).first().fill(account.email);
    await page.getByLabel(/^password$/i).fill(account.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
  };
  const wrongCode = async () => {
    await page.getByLabel('Code', { exact: true }).fill('000000');
    const answered = page.waitForResponse((response) => response.url().includes('/two-factor/verify-totp'));
    await page.getByRole('button', { name: 'Verify' }).click();
    expect((await answered).status()).toBe(401);
    await expect(page.getByText('The code is not correct.')).toBeVisible();
  };

  await page.goto('/login');
  await passwordStep();
  for (let attempt = 1; attempt <= 5; attempt += 1) await wrongCode();
  // The sixth code, even the right one: this sign-in is over, the account is not locked.
  await page.getByLabel('Code', { exact: true }).fill(await codeNow());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(
    page.getByText('Too many wrong codes for this sign-in. Sign in again with your password.'),
  ).toBeVisible();
  await expect(page.getByLabel(/^password$/i)).toHaveValue('');
  await expect(page.getByText(/locked/)).toHaveCount(0);
  await expectNoAxeViolations(page);

  // Five more wrong codes make ten: the account is locked, and the page says until when.
  await passwordStep();
  for (let attempt = 1; attempt <= 4; attempt += 1) await wrongCode();
  await page.getByLabel('Code', { exact: true }).fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(
    page.getByText(
      /^Too many wrong codes for this account\. Two-factor sign-in is locked for 15 minutes, until \d{1,2}:\d\d\s[AP]M\.$/,
    ),
  ).toBeVisible();
  await expect(page.getByLabel(/^password$/i)).toBeVisible();
  await expectNoAxeViolations(page);

  // The right code does not get in while it lasts.
  await passwordStep();
  await page.getByLabel('Code', { exact: true }).fill(await codeNow());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(/Two-factor sign-in is locked for 15 minutes, until/)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});
