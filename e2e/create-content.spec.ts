import { expect, expectNoAxeViolations, signInThroughApi, test } from './fixtures';
import {
  createAnnAndBob,
  createIdea,
  expectEmailedToAnnAndBob,
  generatedText,
  getIdea,
  openWithHandedOverIdeas,
  openWithNothingChosen,
  shareForIdea,
} from './generation-helpers';

test('Create Content: no idea, then generate, edit, save for later, approve and email an idea', async ({
  page,
  account,
}) => {
  await openWithNothingChosen(page, account, {
    path: '/create',
    title: 'Create Content',
    emptyText: 'No Idea Selected',
  });
  await page.getByRole('button', { name: 'Choose an idea' }).click();
  await expect(page.getByRole('dialog').getByText('No ideas found.')).toBeVisible();
  await page.keyboard.press('Escape');

  const idea = await createIdea(
    page,
    'Finished my first marathon in Berlin today after months of training with friends.',
  );
  const other = await createIdea(page, 'Started learning to play the cello at the community music school.');
  await createAnnAndBob(page);

  await openWithHandedOverIdeas(page, '/create', { selectedIdea: idea });
  await expect(page).toHaveURL(new RegExp(`/create\\?idea=${idea.id}$`));
  await expect(page.getByText('Finished my first...')).toBeVisible();
  await expect(page.getByText(idea.content)).toBeVisible();
  await expect(generatedText(page)).toHaveAttribute('placeholder', 'Content will appear here');
  // Create Content defaults the length to Medium.
  const length = page.getByRole('radiogroup', { name: 'Length' });
  await expect(length.getByRole('radio', { name: 'Medium' })).toHaveAttribute('aria-checked', 'true');
  await expect(
    page.getByRole('radiogroup', { name: 'Platform' }).getByRole('radio', { name: 'LinkedIn' }),
  ).toHaveAttribute('aria-checked', 'true');

  await page.getByRole('button', { name: 'Save for later' }).click();
  await expect(page.getByText('No text to save.')).toBeVisible();

  await length.getByRole('radio', { name: 'Short' }).click();
  await page.getByRole('radiogroup', { name: 'Structure' }).getByRole('radio', { name: 'Bulletins' }).click();
  await page.getByRole('button', { name: 'Generate Content' }).click();
  await expect(page.getByText('Text generated!')).toBeVisible();
  await expect(generatedText(page)).toHaveValue(/marathon/i);
  await expect(page.getByText('Written by Built-in offline composer (not an AI model)')).toBeVisible();
  await expect(page.getByText(/The built-in offline composer is not an AI model/)).toBeVisible();
  await expectNoAxeViolations(page);

  const generated = await generatedText(page).inputValue();
  await generatedText(page).fill(`${generated}\n\nEdited by me.`);
  await page.getByRole('button', { name: 'Save for later' }).click();
  const saved = page.getByRole('dialog', { name: 'Saved' });
  await expect(saved.getByText('Idea saved successfully.')).toBeVisible();
  await expectNoAxeViolations(page);
  await saved.getByRole('button', { name: 'Ok' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect((await getIdea(page, idea.id)).status).toBe('saved_for_later');
  expect((await getIdea(page, idea.id)).preferences).toMatchObject({ length: 'short', structure: 'bulletins' });
  expect((await shareForIdea(page, idea.id))?.texts.everyone).toContain('Edited by me.');

  // Reopened, the idea brings its saved text and preferences back.
  await page.goto(`/create?idea=${idea.id}`);
  await expect(generatedText(page)).toHaveValue(/Edited by me\.$/);
  await expect(length.getByRole('radio', { name: 'Short' })).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('radiogroup', { name: 'Platform' }).getByRole('radio', { name: 'Telegram' }).click();
  await page.getByRole('button', { name: 'Approve & Finish' }).click();
  // Approving asks who will receive the share.
  const approvePicker = page.getByRole('dialog', { name: 'Approve & Finish: who should receive it?' });
  await approvePicker.getByText('Ann Friend').click();
  await approvePicker.getByRole('button', { name: 'Approve' }).click();
  const approved = page.getByRole('dialog', { name: 'Approved' });
  await expect(approved.getByText('Idea approved.')).toBeVisible();
  await approved.getByRole('button', { name: 'Ok' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(await getIdea(page, idea.id)).toMatchObject({ status: 'approved', preferences: { platform: 'telegram' } });

  // Email to two contacts through the pipeline; the default transport keeps them in the outbox.
  await page.goto(`/create?idea=${idea.id}`);
  await expect(generatedText(page)).toHaveValue(/Edited by me\.$/);
  await page.getByRole('button', { name: 'Email to Contacts' }).click();
  const picker = page.getByRole('dialog', { name: 'Select Contacts to Share With' });
  const send = picker.getByRole('button', { name: 'Send Email' });
  await expect(send).toBeDisabled();
  await picker.getByRole('button', { name: 'Select All' }).click();
  await expect(picker.getByText('Selected', { exact: true })).toHaveCount(2);
  await picker.getByRole('button', { name: 'Clear All' }).click();
  await expect(picker.getByText('Selected', { exact: true })).toHaveCount(0);
  await expect(send).toBeDisabled();
  await expect(send).toHaveAccessibleDescription('Choose at least one contact, Telegram chat or LinkedIn.');
  // This server has no Telegram bot and no LinkedIn app: contacts only, now or at a time.
  await expect(picker.getByRole('group', { name: 'Telegram' })).toHaveCount(0);
  await expect(picker.getByRole('group', { name: 'LinkedIn' })).toHaveCount(0);
  await expect(picker.getByRole('group', { name: 'When' }).getByRole('radio', { name: 'Now' })).toBeChecked();
  // A click on the contact's row (its name) ticks it.
  await picker.getByText('Ann Friend').click();
  await picker.getByRole('checkbox', { name: /Bob Colleague/ }).check();
  await expect(picker.getByRole('checkbox', { name: /Ann Friend/ })).toBeChecked();
  await expect(picker.getByText('Selected: 2 of 2')).toBeVisible();
  await expectNoAxeViolations(page);
  await send.click();
  const { sent, outbox } = await expectEmailedToAnnAndBob(page);
  await expect(page.getByText('Successfully sent emails to all 2 recipients!')).toBeVisible();
  expect(outbox[0]!.text).toContain('Edited by me.');
  await sent.getByRole('button', { name: 'Ok' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect((await getIdea(page, idea.id)).status).toBe('sent');

  // A sent idea opens with its sent text; Change idea switches to another one.
  await page.goto(`/create?idea=${idea.id}`);
  await expect(generatedText(page)).toHaveValue(/Edited by me\.$/);
  await page.getByRole('button', { name: 'Change idea' }).click();
  const ideasDialog = page.getByRole('dialog', { name: 'Choose an idea' });
  await expectNoAxeViolations(page);
  await ideasDialog.getByRole('button', { name: /Started learning to/ }).click();
  await expect(page).toHaveURL(new RegExp(`idea=${other.id}$`));
  await expect(page.getByText(other.content)).toBeVisible();
  await expect(generatedText(page)).toHaveValue('');
});

test('Create Content: with no contacts the picker leads to the Contacts screen', async ({ page, account }) => {
  await signInThroughApi(page, account);
  const idea = await createIdea(page, 'Planted tomatoes and basil on the balcony this weekend.');
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/create?idea=${idea.id}`);
  await page.getByRole('button', { name: 'Generate Content' }).click();
  await expect(generatedText(page)).toHaveValue(/tomatoes/i);
  // Works at 375 px wide: nothing sticks out sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.getByRole('button', { name: 'Email to Contacts' }).click();
  const picker = page.getByRole('dialog', { name: 'Select Contacts to Share With' });
  await expect(picker.getByText('No contacts found. Please add contacts first.')).toBeVisible();
  await expectNoAxeViolations(page);
  await picker.getByRole('link', { name: 'Add Contacts' }).click();
  await expect(page).toHaveURL(/\/contacts$/);
});
