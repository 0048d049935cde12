import { expect, expectNoAxeViolations, mainServerOrigin, signInThroughApi, test } from './fixtures';

test('Settings → Scheduling: set up the sharing schedule for chosen contacts, save, and see it again after a reload', async ({
  page,
  account,
}) => {
  await signInThroughApi(page, account);
  const origin = mainServerOrigin();
  for (const [name, email] of [
    ['Bob Stone', 'bob.schedule@example.com'],
    ['Carol King', 'carol.schedule@example.com'],
  ] as const) {
    const response = await page.request.post('/api/contacts', {
      data: { name, email, relationship: 'friend' },
      headers: { origin },
    });
    expect(response.status(), await response.text()).toBe(201);
  }

  await page.goto('/settings');
  await expect(page.getByRole('tab', { name: 'Scheduling' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Sharing Schedule' })).toBeVisible();
  // The default schedule, not yet running; the zone is the browser's.
  await expect(page.getByText('Not scheduled yet: save the schedule to start it.')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Sharing Frequency' })).toHaveText('Weekly');
  await expect(page.getByLabel('Start Time')).toHaveValue('09:00');
  await expect(page.getByLabel('Time Zone')).toHaveValue('Europe/Berlin');
  await expect(page.getByRole('switch', { name: 'Automatic Sharing' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Share with All Contacts' })).toBeChecked();
  await expect(page.getByText('Share summaries without approval')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('combobox', { name: 'Sharing Frequency' }).click();
  await page.getByRole('option', { name: 'Daily' }).click();
  await page.getByLabel('Start Date').fill('2030-06-03');
  await page.getByLabel('Start Time').fill('');
  await page.getByRole('button', { name: 'Save Schedule' }).click();
  await expect(page.getByText('Start time is required')).toBeVisible();
  await page.getByLabel('Start Time').fill('07:30');
  await page.getByRole('switch', { name: 'Automatic Sharing' }).click();

  // Off → an empty selection, then the user picks contacts.
  await page.getByRole('switch', { name: 'Share with All Contacts' }).click();
  await expect(page.getByRole('group', { name: 'Choose contacts' })).toBeVisible();
  const bob = page.getByRole('checkbox', { name: /Bob Stone/ });
  const carol = page.getByRole('checkbox', { name: /Carol King/ });
  await expect(bob).not.toBeChecked();
  await expect(carol).not.toBeChecked();
  await expect(page.getByText(/No contact selected/)).toBeVisible();
  await bob.click();
  await expect(bob).toBeChecked();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Save Schedule' }).click();
  await expect(page.getByText('Sharing schedule saved successfully')).toBeVisible();
  const nextRun = page.getByTestId('schedule-next-run');
  await expect(nextRun).toContainText('Monday, June 3, 2030');
  await expect(nextRun).toContainText('7:30');
  await expect(nextRun).toContainText('(Europe/Berlin)');

  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Sharing Frequency' })).toHaveText('Daily');
  await expect(page.getByLabel('Start Date')).toHaveValue('2030-06-03');
  await expect(page.getByLabel('Start Time')).toHaveValue('07:30');
  await expect(page.getByLabel('Time Zone')).toHaveValue('Europe/Berlin');
  await expect(page.getByRole('switch', { name: 'Automatic Sharing' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Share with All Contacts' })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: /Bob Stone/ })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: /Carol King/ })).not.toBeChecked();
  await expect(page.getByTestId('schedule-next-run')).toContainText('Monday, June 3, 2030');
  await expect(page.getByText('No scheduled run yet.')).toBeVisible();

  // Back to everyone: the choice list goes away and "all" is saved.
  await page.getByRole('switch', { name: 'Share with All Contacts' }).click();
  await expect(page.getByRole('group', { name: 'Choose contacts' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Save Schedule' }).click();
  await expect(page.getByText('Sharing schedule saved successfully')).toBeVisible();
  const saved = await page.request.get('/api/schedule');
  expect(((await saved.json()) as { schedule: { selectedContacts: unknown } }).schedule.selectedContacts).toBe('all');
});

test('Settings → Scheduling works at 375 px wide', async ({ page, account }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signInThroughApi(page, account);
  await page.goto('/settings?tab=scheduling');
  await expect(page.getByRole('button', { name: 'Save Schedule' })).toBeVisible();
  await page.getByRole('button', { name: 'Save Schedule' }).click();
  await expect(page.getByText('Sharing schedule saved successfully')).toBeVisible();
  await expect(page.getByTestId('schedule-next-run')).not.toContainText('Not scheduled yet');
  const hasNoSideScroll = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(hasNoSideScroll).toBe(true);
  await expectNoAxeViolations(page);
});
