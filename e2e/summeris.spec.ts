import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, mainServerOrigin, signInThroughApi, test } from './fixtures';

async function createIdea(request: APIRequestContext, content: string) {
  const response = await request.post('/api/ideas', { data: { content }, headers: { origin: mainServerOrigin() } });
  expect(response.ok(), await response.text()).toBeTruthy();
}

async function createContact(
  request: APIRequestContext,
  contact: { name: string; email: string; relationship?: string },
) {
  const response = await request.post('/api/contacts', { data: contact, headers: { origin: mainServerOrigin() } });
  expect(response.ok(), await response.text()).toBeTruthy();
}

/** Ticks an idea card in My Stories' Idea Organizer (the card's name holds the idea's text). */
async function tickIdea(page: Page, text: string | RegExp) {
  const card = page.getByRole('tabpanel').getByRole('button', { name: text }).first();
  await card.click();
  await expect(card).toHaveAttribute('aria-pressed', 'true');
}

/** My Stories → tick the ideas → Share → template → contacts → Generate Summaries → Summeris. */
async function shareIdeas(page: Page, ideas: string[], template: string, contacts: string[]) {
  await page.goto('/dashboard');
  for (const idea of ideas) await tickIdea(page, idea);
  await page.getByRole('button', { name: /^Share/ }).click();
  const templateDialog = page.getByRole('dialog', { name: 'Choose a Template' });
  await templateDialog.getByRole('radio', { name: new RegExp(template) }).check();
  await templateDialog.getByRole('button', { name: 'Continue' }).click();
  const contactDialog = page.getByRole('dialog', { name: 'Select Contacts' });
  for (const contact of contacts) await contactDialog.getByRole('checkbox', { name: new RegExp(contact) }).check();
  await contactDialog.getByRole('button', { name: 'Generate Summaries' }).click();
  await expect(page.getByText('Summaries generated! Redirecting...')).toBeVisible();
  await expect(page.getByText('Generated summaries saved successfully and ready to send.')).toBeVisible();
  await expect(page).toHaveURL(/\/summeris$/);
}

test('ideas → template → two contacts → edit one text → Approve delivers both; Cancel; regenerating updates the same share', async ({
  page,
  account,
}) => {
  test.setTimeout(120_000);
  await signInThroughApi(page, account);
  await createIdea(page.request, 'We moved to Lisbon and found a flat near the river.');
  await createIdea(page.request, 'I started a new job at the port.');
  await createContact(page.request, { name: 'Maria Silva', email: 'maria@example.com', relationship: 'family' });
  await createContact(page.request, { name: 'Oleg Petrov', email: 'oleg@example.com', relationship: 'colleague' });

  // With no idea ticked, Share is disabled.
  await page.goto('/dashboard');
  await expect(page.getByRole('button', { name: /^Share/ })).toBeDisabled();
  await tickIdea(page, /Lisbon/);
  await page.getByRole('button', { name: /^Share/ }).click();
  await expect(
    page.getByRole('dialog', { name: 'Choose a Template' }).getByRole('radio', { name: /Default Template/ }),
  ).toBeChecked();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  const contactDialog = page.getByRole('dialog', { name: 'Select Contacts' });
  // With no contact ticked, Generate Summaries is disabled and says why.
  await expect(contactDialog.getByRole('button', { name: 'Generate Summaries' })).toBeDisabled();
  await expect(contactDialog.getByText('Please select at least one contact')).toBeVisible();
  await contactDialog.getByRole('button', { name: 'Select All' }).click();
  await expect(contactDialog.getByRole('checkbox', { name: /Maria Silva/ })).toBeChecked();
  await expect(contactDialog.getByRole('checkbox', { name: /Oleg Petrov/ })).toBeChecked();
  await expectNoAxeViolations(page);
  await contactDialog.getByRole('button', { name: 'Clear All' }).click();
  await expect(contactDialog.getByRole('checkbox', { name: /Maria Silva/ })).not.toBeChecked();
  await contactDialog.getByRole('button', { name: 'Cancel' }).click();

  // The share to approve: both ideas, Personal Brand, both contacts.
  await shareIdeas(
    page,
    ['We moved to Lisbon and found a flat near the river.', 'I started a new job at the port.'],
    'Personal Brand',
    ['Maria Silva', 'Oleg Petrov'],
  );
  await expect(page).toHaveTitle('Summeris | Life Updates');
  await expect(page.getByRole('tab', { name: /Pending\s*1/ })).toBeVisible();
  await expect(page.getByRole('tab', { name: /Sent\s*0/ })).toBeVisible();
  await expect(page.getByRole('tab', { name: /Scheduled\s*0/ })).toBeVisible();
  await expect(page.getByRole('tab', { name: /Failed\s*0/ })).toBeVisible();
  const card = page.getByRole('article', { name: /Share with Maria Silva, Oleg Petrov/ });
  await expect(card.getByText('Personal Brand')).toBeVisible();
  await expect(card.getByText(/^Generated /)).toBeVisible();
  const mariaText = card.getByRole('textbox', { name: 'Summary for Maria Silva' });
  const olegText = card.getByRole('textbox', { name: 'Summary for Oleg Petrov' });
  await expect(mariaText).toHaveValue(/Hi Maria Silva,/);
  await expect(olegText).toHaveValue(/Hi Oleg Petrov,/);
  await expect(olegText).toHaveValue(/As my colleague/);
  await expectNoAxeViolations(page);

  await mariaText.fill('Maria, only for you: we live in Lisbon now!');
  await card.getByRole('button', { name: 'Save summary for Maria Silva' }).click();
  await expect(page.getByText('Summary successfully updated!')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Summary for Maria Silva' })).toHaveValue(
    'Maria, only for you: we live in Lisbon now!',
  );

  // Regenerating for the same ordered ideas updates that share (dedupe): still one pending share.
  await shareIdeas(
    page,
    ['We moved to Lisbon and found a flat near the river.', 'I started a new job at the port.'],
    'Corporate Report',
    ['Maria Silva', 'Oleg Petrov'],
  );
  await expect(page.getByRole('tab', { name: /Pending\s*1/ })).toBeVisible();
  const regenerated = page.getByRole('article', { name: /Share with Maria Silva, Oleg Petrov/ });
  await expect(regenerated.getByText('Corporate Report')).toBeVisible();
  await expect(regenerated.getByRole('textbox', { name: 'Summary for Maria Silva' })).toHaveValue(/Dear Maria Silva,/);
  await regenerated
    .getByRole('textbox', { name: 'Summary for Maria Silva' })
    .fill('Maria, only for you: we live in Lisbon now!');
  await regenerated.getByRole('button', { name: 'Save summary for Maria Silva' }).click();
  await expect(page.getByText('Summary successfully updated!').first()).toBeVisible();

  // A second share (one idea, one contact), cancelled after confirming.
  await shareIdeas(page, ['I started a new job at the port.'], 'Startup Update', ['Oleg Petrov']);
  await expect(page.getByRole('tab', { name: /Pending\s*2/ })).toBeVisible();
  const toCancel = page.getByRole('article', { name: /^Share with Oleg Petrov$/ });
  await toCancel.getByRole('button', { name: 'Cancel' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Cancel Share' });
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: 'Cancel Share' }).click();
  await expect(page.getByText('Pending share cancelled successfully.')).toBeVisible();
  await expect(page.getByRole('tab', { name: /Pending\s*1/ })).toBeVisible();
  await expect(toCancel).toHaveCount(0);

  // Approve: the emails go out through the pipeline (the outbox transport here).
  await regenerated.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Summaries successfully sent to 2 contacts!')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Successfully sent emails to all 2 recipients!')).toBeVisible();
  await expect(page.getByText('No pending shares')).toBeVisible();
  await page.getByRole('tab', { name: /Sent\s*1/ }).click();
  const sent = page.getByRole('article', { name: /Share with Maria Silva, Oleg Petrov/ });
  await expect(sent.getByText(/^Sent /)).toBeVisible();
  await expect(sent.getByText('Sent', { exact: true })).toHaveCount(2);
  await expect(sent.getByText('2 of 2 destinations have it.')).toBeVisible();
  await expect(sent.getByText('Maria, only for you: we live in Lisbon now!')).toBeVisible();
  await expect(sent.getByRole('textbox')).toHaveCount(0);
  await expectNoAxeViolations(page);

  const outbox = await page.request.get('/api/outbox?pageSize=50');
  expect(outbox.ok()).toBeTruthy();
  const { items } = (await outbox.json()) as { items: Array<{ to: string; text: string }> };
  const toMaria = items.filter((item) => item.to.includes('maria@example.com'));
  const toOleg = items.filter((item) => item.to.includes('oleg@example.com'));
  expect(toMaria).toHaveLength(1);
  expect(toOleg).toHaveLength(1);
  expect(toMaria[0]!.text).toContain('Maria, only for you: we live in Lisbon now!');
  expect(toOleg[0]!.text).toContain('Dear Oleg Petrov,');
  expect(toOleg[0]!.text).not.toContain('only for you');

  // Both ideas are now sent: My Stories lists them under Sent, and Raw is empty.
  await page.goto('/dashboard');
  await expect(page.getByText('No raw ideas yet')).toBeVisible();
  await page.getByRole('tab', { name: /Sent/ }).click();
  await expect(page.getByRole('tabpanel').getByRole('button', { name: /^We moved to/ })).toBeVisible();
  await expect(page.getByRole('tabpanel').getByRole('button', { name: /^I started a/ })).toBeVisible();
});

test('Change recipients → one contact → Approve sends to that one and keeps the other summary pending', async ({
  page,
  account,
}) => {
  test.setTimeout(120_000);
  await signInThroughApi(page, account);
  await createIdea(page.request, 'We adopted a cat called Pixel.');
  await createContact(page.request, { name: 'Maria Silva', email: 'maria.subset@example.com', relationship: 'family' });
  await createContact(page.request, { name: 'Oleg Petrov', email: 'oleg.subset@example.com', relationship: 'friend' });
  await shareIdeas(page, ['We adopted a cat called Pixel.'], 'Personal Brand', ['Maria Silva', 'Oleg Petrov']);

  const card = page.getByRole('article', { name: 'Share with Maria Silva, Oleg Petrov' });
  const olegText = card.getByRole('textbox', { name: 'Summary for Oleg Petrov' });
  await olegText.fill('Oleg, Pixel already rules the flat.');
  await card.getByRole('button', { name: 'Save summary for Oleg Petrov' }).click();
  await expect(page.getByText('Summary successfully updated!')).toBeVisible();

  await card.getByRole('button', { name: 'Change recipients' }).click();
  const picker = page.getByRole('dialog', { name: 'Who should receive this share?' });
  await expect(picker.getByText('Contacts you leave out keep their summaries in Pending.')).toBeVisible();
  await expectNoAxeViolations(page);
  await picker.getByRole('checkbox', { name: /Maria Silva/ }).check();
  await picker.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Summary successfully sent to 1 contact!')).toBeVisible({ timeout: 30_000 });

  // Oleg's summary, with his edit, still waits in Pending; Maria's share is under Sent.
  await expect(page.getByRole('tab', { name: /Pending\s*1/ })).toBeVisible();
  const kept = page.getByRole('article', { name: 'Share with Oleg Petrov' });
  await expect(kept.getByRole('textbox', { name: 'Summary for Oleg Petrov' })).toHaveValue(
    'Oleg, Pixel already rules the flat.',
  );
  await expect(kept.getByRole('textbox', { name: 'Summary for Maria Silva' })).toHaveCount(0);
  await page.getByRole('tab', { name: /Sent\s*1/ }).click();
  await expect(page.getByRole('article', { name: 'Share with Maria Silva' })).toBeVisible();

  const outbox = await page.request.get('/api/outbox?pageSize=50');
  const { items } = (await outbox.json()) as { items: Array<{ to: string }> };
  expect(items.filter((item) => item.to.includes('maria.subset@example.com'))).toHaveLength(1);
  expect(items.filter((item) => item.to.includes('oleg.subset@example.com'))).toHaveLength(0);
});

test('Summeris empty states and the old paths', async ({ page, account }) => {
  await signInThroughApi(page, account);
  await page.goto('/summaries');
  await expect(page).toHaveURL(/\/summeris$/);
  await expect(page.getByText('No pending shares')).toBeVisible();
  await page.getByRole('tab', { name: /Scheduled/ }).click();
  await expect(page.getByText('No scheduled shares')).toBeVisible();
  await page.getByRole('tab', { name: /Sent/ }).click();
  await expect(page.getByText('No sent shares')).toBeVisible();
  await page.getByRole('tab', { name: /Failed/ }).click();
  await expect(page.getByText('No failed shares')).toBeVisible();
  await expectNoAxeViolations(page);
  // Phone width: the four tabs fit, nothing sticks out sideways.
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/summary-review');
  await expect(page.getByRole('heading', { name: 'Summeris' })).toBeVisible();
  await expect(page).toHaveTitle('Summeris | Life Updates');

  // No contacts yet: the picker says so and offers to add some.
  await createIdea(page.request, 'A quiet week at home.');
  await page.goto('/dashboard');
  await tickIdea(page, 'A quiet week at home.');
  await page.getByRole('button', { name: /^Share/ }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('No contacts found. Please add contacts first.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add Contacts' })).toHaveAttribute('href', '/contacts');
});
