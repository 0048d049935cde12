import { expect, expectNoAxeViolations, signInThroughApi, test } from './fixtures';

test('Settings → Templates: start from a built-in, edit, set default, delete after confirming, validation', async ({
  page,
  account,
}) => {
  test.setTimeout(90_000);
  await signInThroughApi(page, account);
  await page.goto('/settings?tab=templates');
  await expect(page.getByRole('tab', { name: 'Email Structures' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'System Email Structures' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your Email Structures' })).toBeVisible();
  for (const name of ['Personal Brand', 'Startup Update', 'Corporate Report']) {
    await expect(page.getByRole('button', { name: `Use as starting point: ${name}` })).toBeVisible();
  }
  // Built-ins are read-only: no edit or delete for them.
  await expect(page.getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // Validation: a missing name and a body under 10 characters are refused.
  await page.getByRole('tab', { name: 'Create/Edit Structure' }).click();
  await page.getByRole('textbox', { name: 'Template Structure' }).fill('Too short');
  await page.getByRole('button', { name: 'Save Template' }).click();
  await expect(page.getByText('Template name is required')).toBeVisible();
  await expect(page.getByText('Template should be at least 10 characters')).toBeVisible();
  await expect(page.getByText('{{events}} — the events you selected')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('tab', { name: 'Email Structures' })).toHaveAttribute('aria-selected', 'true');

  // A built-in as the starting point prefills the form.
  await page.getByRole('button', { name: 'Use as starting point: Startup Update' }).click();
  await expect(page.getByRole('tab', { name: 'Create/Edit Structure' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('textbox', { name: 'Template Name' })).toHaveValue('Startup Update (my version)');
  await expect(page.getByRole('textbox', { name: 'Template Structure' })).toHaveValue(/Highlights/);
  await page.getByRole('textbox', { name: 'Template Name' }).fill('Investor letter');
  await page.getByRole('textbox', { name: 'Structure Description (optional)' }).fill('For my angels');
  await page.getByRole('switch', { name: 'Set as Default Structure' }).click();
  await page.getByRole('button', { name: 'Save Template' }).click();
  await expect(page.getByText('Email structure saved successfully')).toBeVisible();
  await expect(page.getByText('Summary template added')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Email Structures' })).toHaveAttribute('aria-selected', 'true');
  const yours = page.locator('section', { has: page.getByRole('heading', { name: 'Your Email Structures' }) });
  await expect(yours.getByText('Investor letter')).toBeVisible();
  await expect(yours.getByText('Default', { exact: true })).toBeVisible();
  await expect(yours.getByText('For my angels')).toBeVisible();

  // Edit: the form switches to edit mode.
  await page.getByRole('button', { name: 'Edit Investor letter' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Email Structure' })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Set as Default Structure' })).toBeChecked();
  await page.getByRole('textbox', { name: 'Template Name' }).fill('Investor update');
  await page
    .getByRole('textbox', { name: 'Template Structure' })
    .fill('Hello {{name}}, my {{relationship}}: {{events}}');
  await page.getByRole('button', { name: 'Update Template' }).click();
  await expect(page.getByText('Email structure updated successfully')).toBeVisible();
  await expect(page.getByText('Summary template updated')).toBeVisible();
  await expect(yours.getByText('Investor update')).toBeVisible();
  await expect(yours.getByText('Hello {{name}}, my {{relationship}}: {{events}}')).toBeVisible();

  // A second default replaces the first.
  await page.getByRole('tab', { name: 'Create/Edit Structure' }).click();
  await page.getByRole('textbox', { name: 'Template Name' }).fill('Family note');
  await page.getByRole('textbox', { name: 'Template Structure' }).fill('Hi {{name}}! {{events}}');
  await page.getByRole('switch', { name: 'Set as Default Structure' }).click();
  await page.getByRole('button', { name: 'Save Template' }).click();
  await expect(page.getByText('Email structure saved successfully').last()).toBeVisible();
  await expect(yours.getByText('Default', { exact: true })).toHaveCount(1);
  const familyCard = yours.getByRole('listitem').filter({ hasText: 'Family note' });
  await expect(familyCard.getByText('Default', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  // Delete after a confirmation; cancelling keeps it.
  await page.getByRole('button', { name: 'Delete Investor update' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete Email Structure' });
  await expect(
    dialog.getByText('Are you sure you want to delete this email structure template? This action cannot be undone.'),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(yours.getByText('Investor update')).toBeVisible();
  await page.getByRole('button', { name: 'Delete Investor update' }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete Email Structure' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('Email structure deleted successfully')).toBeVisible();
  await expect(page.getByText('Summary template deleted')).toBeVisible();
  await expect(yours.getByText('Investor update')).toHaveCount(0);
  await expect(yours.getByText('Family note')).toBeVisible();
});
