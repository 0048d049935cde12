import { generateKeyPairSync } from 'node:crypto';
import { expect, expectNoAxeViolations, signInThroughApi, test } from './fixtures';

test('Settings → Email: validation, key heuristic, saved key, test email into the outbox', async ({
  page,
  account,
}) => {
  await signInThroughApi(page, account);
  await page.goto('/settings?tab=email');
  await expect(page.getByRole('tab', { name: 'Email' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Sender Name')).toHaveValue(account.name);
  await expect(page.getByLabel('Email Provider')).toHaveText('SendGrid');
  await expect(page.getByText('Emails are sent through: Outbox (this machine)')).toBeVisible();
  await expect(page.getByText(/emails are sent from noreply@localhost instead/)).toBeVisible();
  await expect(page.getByText(/messages stay on this machine and are not delivered to anyone/)).toBeVisible();
  await expect(page.getByText('No messages in the outbox')).toBeVisible();
  await expectNoAxeViolations(page);

  // No key is asked for while the server sends the mail; a key that is entered must look like one.
  await page.getByRole('button', { name: 'Save Email Settings' }).click();
  await expect(page.getByText('Email settings saved successfully')).toBeVisible();
  await expect(page.getByText('Please enter a SendGrid API key')).toHaveCount(0);
  await page.getByLabel('API Key').fill('SG.too-short');
  await page.getByRole('button', { name: 'Save Email Settings' }).click();
  await expect(page.getByText('This does not look like a valid SendGrid API key')).toBeVisible();

  // The second provider needs a sender address; the first forces the product address.
  await page.getByLabel('Email Provider').click();
  await page.getByRole('option', { name: 'Resend' }).click();
  await expect(page.getByText(/emails are sent from noreply@localhost instead/)).toHaveCount(0);
  await page.getByLabel('API Key').fill('re_' + 'k'.repeat(47));
  await page.getByRole('button', { name: 'Save Email Settings' }).click();
  await expect(page.getByText('Please enter a sender email address for Resend')).toBeVisible();
  await page.getByLabel('Email Provider').click();
  await page.getByRole('option', { name: 'SendGrid' }).click();

  await page.getByLabel('Sender Name').fill('Ann Example');
  await page.getByLabel('Reply-To Email').fill('ann.replies@example.com');
  await page.getByLabel('API Key').fill('SG.e2e-key-0123456789');
  await page.getByRole('button', { name: 'Save Email Settings' }).click();
  await expect(page.getByText('Email settings saved successfully').last()).toBeVisible();
  await expect(
    page.getByText('Your email has been saved and will be used as the reply-to address for all outgoing emails'),
  ).toBeVisible();
  await expect(page.getByText('Emails are sent through: SendGrid')).toBeVisible();

  // The key is never shown again, only that one is saved.
  await page.reload();
  await expect(page.getByLabel('Sender Name')).toHaveValue('Ann Example');
  await expect(page.getByLabel('API Key')).toHaveValue('');
  await expect(page.getByText('An API key is saved. Leave the field empty to keep it.').first()).toBeVisible();
  await expect(page.locator('body')).not.toContainText('e2e-key-0123456789');

  // With a key of their own, their SendGrid account's events come to their own address, verified
  // with that account's key (a P-256 public key, base64, as SendGrid's settings give it).
  const events = page.getByRole('region', { name: 'Delivery events from your SendGrid account' });
  const address = events.getByLabel('Webhook address');
  await expect(address).toHaveValue(/^http:\/\/[^/]+\/api\/webhooks\/sendgrid\/[0-9a-f-]{36}$/);
  await expect(events.getByText('Until the key is saved, events sent to this address are refused.')).toBeVisible();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await events.getByRole('button', { name: 'Copy address' }).click();
  await expect(page.getByText('Webhook address copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await address.inputValue());
  await events.getByLabel('Verification key').fill('whsec_not-a-sendgrid-key');
  await page.getByRole('button', { name: 'Save Email Settings' }).click();
  await expect(
    events.getByText('This does not look like a SendGrid verification key (base64, starting with MFkw)'),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  const verificationKey = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
    .publicKey.export({ type: 'spki', format: 'der' })
    .toString('base64');
  await events.getByLabel('Verification key').fill(verificationKey);
  await page.getByRole('button', { name: 'Save Email Settings' }).click();
  await expect(events.getByText('A key is saved. Leave the field empty to keep it.')).toBeVisible();
  await expect(events.getByLabel('Verification key')).toHaveValue('');
  await page.reload();
  await expect(page.getByText('A key is saved. Leave the field empty to keep it.')).toBeVisible();
  await expect(page.locator('body')).not.toContainText(verificationKey.slice(40, 80));

  await page.getByRole('button', { name: 'Remove API key' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByText(/Your saved SendGrid API key will be deleted/)).toBeVisible();
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: 'Remove API key' }).click();
  await expect(page.getByText("API key removed. Emails will be sent with this server's email settings.")).toBeVisible();
  await expect(page.getByText('Emails are sent through: Outbox (this machine)')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Delivery events from your SendGrid account' })).toHaveCount(0);

  // Test email: validation, then a real send and its result message.
  await page.getByRole('button', { name: 'Test Email Configuration' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByLabel('Test email address')).toHaveCount(0);
  await page.getByRole('button', { name: 'Test Email Configuration' }).click();
  await page.getByRole('button', { name: 'Send Test' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('Test email address').fill('friend@example.com');
  await page.getByRole('button', { name: 'Send Test' }).click();
  await expect(
    page.getByText('Test email sent to friend@example.com. Please check your inbox (and spam folder).'),
  ).toBeVisible();
  const outbox = page.getByRole('list', { name: 'Outbox' });
  await expect(outbox.getByText('Life Updates test email')).toBeVisible();
  await outbox.getByText('Life Updates test email').click();
  await expect(outbox.getByText('ann.replies@example.com')).toBeVisible();
  await expect(outbox.getByText(/If you can read it, your email settings work/)).toBeVisible();
  await expectNoAxeViolations(page);
});

test('Settings → Your Voice: hint, live word count, saved sample', async ({ page, account }) => {
  await signInThroughApi(page, account);
  await page.goto('/settings?tab=voice');
  await expect(page.getByRole('tab', { name: 'Your Voice' })).toHaveAttribute('aria-selected', 'true');
  await expect(
    page.getByText('Suggested length: 200-500 words. Include both formal and casual writing samples if possible.'),
  ).toBeVisible();
  await expect(page.getByText('0 words', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  const sample = 'Dear team, thanks for a great quarter.\nHey, pizza tonight?';
  await page.getByLabel('Your writing samples').fill(sample);
  await expect(page.getByText('10 words', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Save Your Voice Sample' }).click();
  await expect(
    page.getByText('Your voice sample has been saved and will be used to personalize your outgoing emails'),
  ).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Your writing samples')).toHaveValue(sample);
});

test('Settings → AI Settings: model, sliders, strength, tone of voice, saved on the server', async ({
  page,
  account,
}) => {
  await signInThroughApi(page, account);
  await page.goto('/settings?tab=ai');
  await expect(page.getByRole('tab', { name: 'AI Settings' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Model Settings' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('combobox', { name: 'Model' })).toHaveText('Built-in offline composer (not an AI model)');
  await expect(page.getByText(/The built-in offline composer is not an AI model/)).toBeVisible();
  const temperature = page.getByRole('slider', { name: 'Temperature' });
  const maxTokens = page.getByRole('slider', { name: 'Max Tokens' });
  await expect(temperature).toHaveAttribute('aria-valuenow', '0.7');
  await expect(temperature).toHaveAttribute('aria-valuemin', '0');
  await expect(temperature).toHaveAttribute('aria-valuemax', '2');
  await expect(maxTokens).toHaveAttribute('aria-valuenow', '1000');
  await expect(page.getByText('0.7', { exact: true })).toBeVisible();
  await expect(page.getByText('1000', { exact: true })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Medium' })).toHaveAttribute('aria-checked', 'true');
  await expectNoAxeViolations(page);

  await temperature.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByText('0.9', { exact: true })).toBeVisible();
  await maxTokens.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByText('1100', { exact: true })).toBeVisible();
  await page.getByRole('radio', { name: 'High' }).click();

  await page.getByRole('tab', { name: 'Tone of Voice' }).click();
  const tone = page.getByLabel('Describe your tone of voice');
  await expect(tone).toHaveValue('friendly and warm');
  await expect(page.getByText('Tips')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Playful and witty, with light humour and a relaxed rhythm' }).click();
  await expect(tone).toHaveValue('Playful and witty, with light humour and a relaxed rhythm');
  await page.getByRole('button', { name: 'Save AI Settings' }).click();
  await expect(page.getByText('AI settings saved successfully')).toBeVisible();

  const saved = await page.request.get('/api/ai-settings');
  expect(await saved.json()).toMatchObject({
    model: 'offline',
    temperature: 0.9,
    maxTokens: 1100,
    personalizationStrength: 'high',
    toneOfVoice: 'Playful and witty, with light humour and a relaxed rhythm',
  });
  await page.reload();
  await expect(page.getByRole('slider', { name: 'Temperature' })).toHaveAttribute('aria-valuenow', '0.9');
  await expect(page.getByRole('radio', { name: 'High' })).toHaveAttribute('aria-checked', 'true');
});
