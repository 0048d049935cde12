import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, signInThroughApi, test } from './fixtures';
import { approveThroughApi, createIdea, saveForLaterThroughApi } from './generation-helpers';
import { entryBox, organizer } from './my-stories';

/** Holds the answers to `url` back until the returned function is called. */
async function holdBack(page: Page, url: string): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return () => release();
}
const card = (page: Page, title: string) => organizer(page).getByRole('button', { name: new RegExp(`^${title}`) });

test('type and save ideas; whitespace is ignored; the usage meter and the voice notice', async ({ page, account }) => {
  await signInThroughApi(page, account);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'My Stories', level: 1 })).toBeVisible();
  await expect(page.getByText('Loading application data...')).toBeHidden();

  // Usage meter: nothing sent yet this month.
  await expect(page.getByText('Monthly Usage')).toBeVisible();
  await expect(page.getByText('0 of 10 contact shares used')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Monthly usage: 0%' })).toBeVisible();
  await expect(page.getByText('Limit reached')).toHaveCount(0);

  // Empty organizer.
  await expect(page.getByRole('tab', { name: /Raw/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('No raw ideas yet')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create', exact: true })).toBeDisabled();
  await expectNoAxeViolations(page);

  // Desktop shows the longer prompt; Save Event waits for real text.
  await expect(entryBox(page)).toHaveAttribute('placeholder', /^What happened today\? Describe/);
  const save = page.getByRole('button', { name: 'Save Event' });
  await expect(save).toBeDisabled();
  await entryBox(page).fill('    \n   ');
  await expect(save).toBeDisabled();
  await entryBox(page).press('Enter');
  await expect(page.getByText('No raw ideas yet')).toBeVisible();

  await entryBox(page).fill('  Went hiking in the Alps with my sister  ');
  await save.click();
  await expect(page.getByText('Event created successfully')).toBeVisible();
  await expect(entryBox(page)).toHaveValue('');
  await expect(card(page, 'Went hiking in\\.\\.\\.')).toBeVisible();
  await expect(organizer(page).getByText('Went hiking in the Alps with my sister')).toBeVisible();

  await entryBox(page).fill('Short note');
  await save.click();
  await expect(card(page, 'Short note')).toBeVisible();
  await expect(page.getByRole('tab', { name: /Raw/ })).toContainText('2');
  await expect(page.getByText('2 of 10 open ideas')).toBeVisible();

  // Stored as typed text, newest first.
  const list = await (await page.request.get('/api/ideas')).json();
  expect(
    list.ideas.map((idea: { content: string; isAudioRecording: boolean }) => [idea.content, idea.isAudioRecording]),
  ).toEqual([
    ['Short note', false],
    ['Went hiking in the Alps with my sister', false],
  ]);

  // No transcription provider is configured for this server: Record Voice says so instead of recording.
  await page.getByRole('button', { name: 'Record Voice' }).click();
  await expect(page.getByText(/Voice input needs a transcription provider/).first()).toBeVisible();
  await expect(page.getByText('Recording in progress...')).toHaveCount(0);
});

test('the open-ideas limit is explained when saving one more', async ({ page, account }) => {
  await signInThroughApi(page, account);
  for (let index = 1; index <= 10; index += 1) await createIdea(page, `Idea number ${index}`);
  await page.goto('/dashboard');
  await expect(page.getByText('10 of 10 open ideas')).toBeVisible();
  await entryBox(page).fill('One idea too many');
  await page.getByRole('button', { name: 'Save Event' }).click();
  await expect(page.getByText('Unable to add event')).toBeVisible();
  await expect(page.getByText(/You have reached the limit of 10 open ideas/)).toBeVisible();
  // Nothing is lost: the text stays in the box.
  await expect(entryBox(page)).toHaveValue('One idea too many');
});

test('edit an idea, and delete one after the confirmation', async ({ page, account }) => {
  await signInThroughApi(page, account);
  await createIdea(page, 'Keep this one around');
  await createIdea(page, 'Old words to change');
  await page.goto('/dashboard');

  await page.getByRole('button', { name: 'Edit Old words to...' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Event' });
  await expect(dialog.getByLabel('Content')).toHaveValue('Old words to change');
  await expectNoAxeViolations(page);
  await dialog.getByLabel('Content').fill('   ');
  await expect(dialog.getByRole('button', { name: 'Update' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(card(page, 'Old words to\\.\\.\\.')).toBeVisible();

  await page.getByRole('button', { name: 'Edit Old words to...' }).click();
  await dialog.getByLabel('Content').fill('Brand new wording for this idea');
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Event updated')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card(page, 'Brand new wording\\.\\.\\.')).toBeVisible();

  await page.getByRole('button', { name: 'Delete Brand new wording...' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Event' });
  await expect(
    confirm.getByText('Are you sure you want to delete this event? This action cannot be undone.'),
  ).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(card(page, 'Brand new wording\\.\\.\\.')).toBeVisible();

  await page.getByRole('button', { name: 'Delete Brand new wording...' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Event deleted')).toBeVisible();
  await expect(card(page, 'Brand new wording\\.\\.\\.')).toHaveCount(0);
  await expect(card(page, 'Keep this one\\.\\.\\.')).toBeVisible();
  const list = await (await page.request.get('/api/ideas')).json();
  expect(list.ideas.map((idea: { content: string }) => idea.content)).toEqual(['Keep this one around']);
});

test('selection and the bottom button; Create opens Create Content with the idea', async ({ page, account }) => {
  await signInThroughApi(page, account);
  const first = await createIdea(page, 'First idea of the day');
  await createIdea(page, 'Second idea of the day');
  await page.goto('/dashboard');

  const create = page.getByRole('button', { name: 'Create', exact: true });
  await expect(create).toBeDisabled();
  const firstCard = card(page, 'First idea of\\.\\.\\.');
  const secondCard = card(page, 'Second idea of\\.\\.\\.');
  await firstCard.click();
  await expect(firstCard).toHaveAttribute('aria-pressed', 'true');
  await expect(create).toBeEnabled();
  await secondCard.click();
  await expect(secondCard).toHaveAttribute('aria-pressed', 'true');
  await expect(firstCard).toHaveAttribute('aria-pressed', 'true');
  await secondCard.click();
  await expect(secondCard).toHaveAttribute('aria-pressed', 'false');
  await firstCard.press('Enter');
  await expect(firstCard).toHaveAttribute('aria-pressed', 'false');
  await expect(create).toBeDisabled();
  await expectNoAxeViolations(page);

  await firstCard.press(' ');
  await expect(firstCard).toHaveAttribute('aria-pressed', 'true');
  await create.click();
  await expect(page).toHaveURL(new RegExp(`/create\\?idea=${first.id}$`));
  await expect(page.getByText('First idea of the day').first()).toBeVisible();

  // Several selected ideas go to the Generate screen, which writes one post from all of them.
  await page.goto('/dashboard');
  await firstCard.click();
  await secondCard.click();
  await create.click();
  await expect(page).toHaveURL(/\/generate/);
  await expect(page.getByText('First idea of the day').first()).toBeVisible();
  await expect(page.getByText('Second idea of the day').first()).toBeVisible();
});

test('tabs by status: Later, Ready with its saved text, and Sent', async ({ page, account }) => {
  await signInThroughApi(page, account);
  const later = await createIdea(page, 'Later idea waiting here');
  const ready = await createIdea(page, 'Ready idea with text');
  await createIdea(page, 'Still a raw idea');
  await saveForLaterThroughApi(page, [later.id], 'A draft kept for later');
  await approveThroughApi(page, [ready.id], 'Our polished post about the ready idea');

  await page.goto('/dashboard');
  await expect(page.getByRole('tab', { name: /Raw/ })).toContainText('1');
  await expect(page.getByRole('tab', { name: /Later/ })).toContainText('1');
  await expect(page.getByRole('tab', { name: /Ready/ })).toContainText('1');
  await expect(page.getByRole('tab', { name: /Sent/ })).toContainText('0');
  await expect(card(page, 'Still a raw\\.\\.\\.')).toBeVisible();

  await page.getByRole('tab', { name: /Later/ }).click();
  await expect(card(page, 'Later idea waiting\\.\\.\\.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit Later idea waiting...' })).toBeVisible();
  const open = page.getByRole('button', { name: 'Open', exact: true });
  await expect(open).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Create', exact: true })).toHaveCount(0);

  await page.getByRole('tab', { name: /Ready/ }).click();
  const readyCard = card(page, 'Ready idea with\\.\\.\\.');
  await expect(readyCard).toContainText('Our polished post about the ready idea');
  await expect(readyCard).not.toContainText('Ready idea with text');
  await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(0);
  await readyCard.click();
  await expect(open).toBeEnabled();
  await expectNoAxeViolations(page);

  await page.getByRole('tab', { name: /Sent/ }).click();
  await expect(page.getByText('No sent stories yet')).toBeVisible();
  await page.getByRole('tab', { name: /Ready/ }).click();
  // Changing tabs clears the selection.
  await expect(open).toBeDisabled();
  await readyCard.click();
  await open.click();
  await expect(page).toHaveURL(new RegExp(`/create\\?idea=${ready.id}$`));
});

test('one column at 375 px with the short prompt', async ({ page, account }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signInThroughApi(page, account);
  await page.goto('/dashboard');
  await expect(entryBox(page)).toHaveAttribute('placeholder', 'What happened today?');
  const meter = await page.getByText('Monthly Usage').boundingBox();
  const organizerTitle = await page.getByText('Idea Organizer').boundingBox();
  expect(meter && organizerTitle && organizerTitle.y > meter.y).toBeTruthy();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoAxeViolations(page);
});

test('"Loading application data..." covers the screen until the ideas arrive', async ({ page, account }) => {
  await signInThroughApi(page, account);
  await createIdea(page, 'Slow network idea');
  // Hold the real answer back for a moment so the overlay can be seen.
  await page.route('**/api/ideas', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await page.goto('/dashboard');
  await expect(page.getByRole('status').filter({ hasText: 'Loading application data...' })).toBeVisible();
  await expect(page.getByText('Loading application data...')).toBeHidden();
  await expect(card(page, 'Slow network idea')).toBeVisible();
});

test('the usage figures arriving late hold nothing back: the ideas and the entry form are there meanwhile', async ({
  page,
  account,
}) => {
  await signInThroughApi(page, account);
  await createIdea(page, 'Here before the figures');
  const releaseUsage = await holdBack(page, '**/api/usage');
  await page.goto('/dashboard');
  await expect(organizer(page).getByText('Here before the figures')).toBeVisible();
  await expect(page.getByText('Loading application data...')).toHaveCount(0);
  await entryBox(page).fill('Typed while the figures load');
  await expect(page.getByRole('button', { name: 'Save Event' })).toBeEnabled();
  // The meter keeps its place without figures, then shows them.
  await expect(page.getByText('Monthly Usage')).toBeVisible();
  await expect(page.getByText('0 of 10 contact shares used')).toBeHidden();
  releaseUsage();
  await expect(page.getByText('0 of 10 contact shares used')).toBeVisible();
});

test('the heading is on the page, in its place, while the session is checked', async ({ page, account }) => {
  await signInThroughApi(page, account);
  const releaseMe = await holdBack(page, '**/api/me');
  await page.goto('/dashboard');
  const heading = page.getByRole('heading', { level: 1, name: 'My Stories' });
  await expect(heading).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Loading\.\.\.$/ })).toBeVisible();
  await expect(page).toHaveTitle('My Stories | Life Updates');
  // Who is signed in is not known yet: the top bar offers neither "Sign in" nor the signed-in links.
  const topBar = page.getByRole('banner');
  await expect(topBar.getByRole('link', { name: /Life Updates/ })).toBeVisible();
  await expect(topBar.getByRole('link')).toHaveCount(1);
  // Read in one step: the loading states replace the heading's element as they follow each other.
  const headingBox = () =>
    page.evaluate(() => {
      const { x, y, width, height } = document.querySelector('h1')!.getBoundingClientRect();
      return { x, y, width, height };
    });
  const whileLoading = await headingBox();
  releaseMe();
  await expect(page.getByText('Idea Organizer')).toBeVisible();
  await expect(heading).toHaveCount(1);
  expect(await headingBox()).toEqual(whileLoading);
});

test('nothing on the phone layout moves when the usage figures and ideas arrive late', async ({ page, account }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signInThroughApi(page, account);
  await createIdea(page, 'Late idea');
  // Layout shifts as the browser reports them (the Cumulative Layout Shift of Core Web Vitals).
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // A deliberate delay, not a wait: the usage figures and the ideas answer late (the figures last),
  // as on a slow phone connection, so that their arrival is what could move the layout.
  for (const path of ['**/api/usage', '**/api/ideas']) {
    await page.route(path, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, path.endsWith('usage') ? 1_200 : 600));
      await route.continue();
    });
  }
  await page.goto('/dashboard');
  await expect(page.getByText('0 of 10 contact shares used')).toBeVisible();
  await expect(card(page, 'Late idea')).toBeVisible();
  await expect(page.getByText('1 of 10 open ideas', { exact: false })).toBeVisible();
  const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
  expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.01);
});

test('My Stories asks for its ideas side by side with the profile, not after it', async ({ page, account }) => {
  await signInThroughApi(page, account);
  await createIdea(page, 'Asked for at once');
  // The profile is held back until the ideas have been asked for: had the screen waited for the
  // profile first, the ideas would never be asked for and this test would time out.
  const releaseProfile = await holdBack(page, '**/api/me');
  const ideasAsked = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/ideas', {
    timeout: 15_000,
  });
  const opened = page.goto('/dashboard');
  await ideasAsked;
  releaseProfile();
  await opened;
  await expect(organizer(page).getByText('Asked for at once')).toBeVisible();
  await expect(page.getByText('Loading application data...')).toBeHidden();
});

test('a signed-out visitor who opens My Stories signs in and sees their ideas, with no error from before', async ({
  page,
  account,
}) => {
  await signInThroughApi(page, account);
  await createIdea(page, 'Waiting behind the sign-in');
  await page.context().clearCookies();
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 401) refused.push(new URL(response.url()).pathname);
  });

  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  // The screen's requests went out with the profile's and were refused like it.
  await expect.poll(() => refused).toEqual(expect.arrayContaining(['/api/me', '/api/ideas']));

  // After the sign-in the ideas are held back: an error kept from before would show meanwhile.
  const releaseIdeas = await holdBack(page, '**/api/ideas');
  await page.getByLabel('Email (or username)').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // The refused answers held no data: the screen loads again instead of showing an error from before.
  await expect(page.getByText('Loading application data...')).toBeVisible();
  await expect(page.getByText('Failed to load events')).toHaveCount(0);
  await expect(page.getByText(/Error loading app data/)).toHaveCount(0);
  releaseIdeas();
  await expect(organizer(page).getByText('Waiting behind the sign-in')).toBeVisible();
  await expect(page.getByText('Loading application data...')).toBeHidden();
});
