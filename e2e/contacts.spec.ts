import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, signInThroughApi, test } from './fixtures';

type NewContact = { name: string; email: string; phone?: string; relationship?: string };

/** Test data goes in through the real API, in the signed-in page's session. */
async function addContacts(page: Page, contacts: NewContact[]) {
  for (const contact of contacts) {
    const response = await page.request.post('/api/contacts', { data: contact });
    expect(response.status(), await response.text()).toBe(201);
  }
}

const contactList = (page: Page) => page.getByRole('list', { name: 'Your contacts' });
const card = (page: Page, name: string) => contactList(page).getByRole('listitem').filter({ hasText: name });

test('add with validation, edit and delete a contact', async ({ page, account }) => {
  await signInThroughApi(page, account);
  await page.goto('/contacts');
  await expect(page).toHaveTitle('Contacts | Life Updates');
  await expect(page.getByRole('heading', { name: 'Contacts', level: 1 })).toBeVisible();
  await expect(page.getByText('Manage people you share updates with')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No contacts yet' })).toBeVisible();
  await expect(page.getByText('Add your first contact to start sharing your life updates')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Add Contact' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New Contact' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Phone')).toHaveAttribute('placeholder', '+7 (999) 123-45-67');
  await expect(dialog.getByRole('combobox', { name: 'Relationship' })).toHaveText('Select relationship type');
  await expectNoAxeViolations(page);

  await dialog.getByLabel('Phone').fill('call me');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Name required')).toBeVisible();
  await expect(dialog.getByText('Email required')).toBeVisible();
  await expect(dialog.getByText('Incorrect phone number')).toBeVisible();
  await expectNoAxeViolations(page);

  // Each message clears as soon as its field is edited; the others stay until fixed.
  await dialog.getByLabel('Name *').fill('Анна Иванова');
  await expect(dialog.getByText('Name required')).toBeHidden();
  await expect(dialog.getByText('Email required')).toBeVisible();
  await dialog.getByLabel('Email *').fill('anna@example');
  await expect(dialog.getByText('Email required')).toBeHidden();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Incorrect email')).toBeVisible();
  await expect(dialog.getByText('Incorrect phone number')).toBeVisible();

  await dialog.getByLabel('Email *').fill('anna@example.com');
  await dialog.getByLabel('Phone').fill('+7 (999) 123-45-67');
  await dialog.getByRole('combobox', { name: 'Relationship' }).click();
  await page.getByRole('option', { name: 'family' }).click();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Contact added successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();

  const anna = card(page, 'Анна Иванова');
  await expect(anna.getByRole('heading', { name: 'Анна Иванова' })).toBeVisible();
  await expect(anna.getByText('family')).toBeVisible();
  await expect(anna.getByRole('link', { name: 'anna@example.com' })).toBeVisible();
  await expect(anna.getByRole('link', { name: '+7 (999) 123-45-67' })).toBeVisible();
  await expectNoAxeViolations(page);

  await anna.getByRole('button', { name: 'Edit Анна Иванова' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Contact' });
  await expect(edit.getByLabel('Email *')).toHaveValue('anna@example.com');
  await edit.getByLabel('Name *').fill('Анна Петрова');
  await edit.getByRole('combobox', { name: 'Relationship' }).click();
  await page.getByRole('option', { name: 'friend' }).click();
  await edit.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Contact updated successfully!')).toBeVisible();
  const renamed = card(page, 'Анна Петрова');
  await expect(renamed.getByText('friend')).toBeVisible();
  await expect(card(page, 'Анна Иванова')).toHaveCount(0);

  // A relationship set earlier can be cleared again.
  await renamed.getByRole('button', { name: 'Edit Анна Петрова' }).click();
  await edit.getByRole('combobox', { name: 'Relationship' }).click();
  await page.getByRole('option', { name: 'No relationship' }).click();
  await expect(edit.getByRole('combobox', { name: 'Relationship' })).toHaveText('Select relationship type');
  await edit.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Contact updated successfully!').first()).toBeVisible();
  await expect(edit).toHaveCount(0);
  await expect(renamed.getByText('friend')).toHaveCount(0);

  await renamed.getByRole('button', { name: 'Delete Анна Петрова' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Contact' });
  await expect(
    confirm.getByText('Are you sure you want to delete Анна Петрова? This action cannot be undone.'),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(renamed).toBeVisible();

  await renamed.getByRole('button', { name: 'Delete Анна Петрова' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Contact deleted successfully!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No contacts yet' })).toBeVisible();
});

test('search, relationship filter and the no-matches state', async ({ page, account }) => {
  await signInThroughApi(page, account);
  await addContacts(page, [
    { name: 'Boris Family', email: 'boris@example.ru', relationship: 'family' },
    { name: 'Fiona Friend', email: 'fiona@example.com', phone: '+7 900 111-22-33', relationship: 'friend' },
    { name: 'Carl Client', email: 'carl@clients.example', relationship: 'client' },
  ]);
  await page.goto('/contacts');
  await expect(contactList(page).getByRole('listitem')).toHaveCount(3);

  const filter = page.getByRole('combobox', { name: 'Filter by relationship' });
  await expect(filter).toHaveText('All relationships');
  await filter.click();
  await page.getByRole('option', { name: 'friend' }).click();
  await expect(contactList(page).getByRole('listitem')).toHaveCount(1);
  await expect(card(page, 'Fiona Friend')).toBeVisible();

  // While a search text is set the filter is ignored, and the page says so.
  const search = page.getByRole('searchbox', { name: 'Search contacts' });
  await expect(search).toHaveAttribute('placeholder', 'Search contacts...');
  await search.fill('CLIENTS.example');
  await expect(filter).toBeDisabled();
  await expect(page.getByText('The relationship filter is ignored while searching')).toBeVisible();
  await expect(contactList(page).getByRole('listitem')).toHaveCount(1);
  await expect(card(page, 'Carl Client')).toBeVisible();
  await expectNoAxeViolations(page);

  await search.fill('111-22');
  await expect(card(page, 'Fiona Friend')).toBeVisible();
  await expect(contactList(page).getByRole('listitem')).toHaveCount(1);

  await search.fill('nobody-like-this');
  await expect(page.getByText('No contacts match your search')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No contacts yet' })).toHaveCount(0);

  await search.fill('');
  await expect(filter).toBeEnabled();
  await expect(contactList(page).getByRole('listitem')).toHaveCount(1);
  await filter.click();
  await page.getByRole('option', { name: 'All relationships' }).click();
  await expect(contactList(page).getByRole('listitem')).toHaveCount(3);

  await page.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'Name' }).click();
  await page.getByRole('combobox', { name: 'Sort direction' }).click();
  await page.getByRole('option', { name: 'Ascending' }).click();
  await expect(contactList(page).getByRole('heading')).toHaveText(['Boris Family', 'Carl Client', 'Fiona Friend']);
});

test('import a CSV file and a vCard file with a preview; duplicates are reported, not doubled', async ({
  page,
  account,
}) => {
  await signInThroughApi(page, account);
  await addContacts(page, [
    { name: 'Already Here', email: 'already@example.com' },
    { name: 'Jane From Before', email: 'Jane.Doe@example.com' },
  ]);
  await page.goto('/contacts');
  await expect(contactList(page).getByRole('listitem')).toHaveCount(2);

  await page.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Contacts' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  const csv = [
    'name,email,phone,relationship',
    '"Петров, Пётр",petr@example.ru,+7 (999) 123-45-67,Друг',
    'Already Again,ALREADY@example.com,,',
    'Broken,broken-at-example.com,,',
    '"Ann ""Nan"" Lee",ann@example.com,,colleague',
  ].join('\r\n');
  await dialog.getByLabel('Contacts file').setInputFiles({
    name: 'people.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv, 'utf8'),
  });
  await expect(dialog.getByText('2 contacts ready to import')).toBeVisible();
  await expect(dialog.getByText('1 row has errors and will not be imported')).toBeVisible();
  await expect(dialog.getByText('Contacts whose email is already in your list are skipped.')).toBeVisible();
  const rows = dialog.getByRole('row');
  await expect(rows.filter({ hasText: 'Петров, Пётр' })).toContainText('Ready to import');
  await expect(rows.filter({ hasText: 'ALREADY@example.com' })).toContainText('Already in your contacts');
  await expect(rows.filter({ hasText: 'broken-at-example.com' })).toContainText('Incorrect email');
  await expect(rows.filter({ hasText: 'Ann "Nan" Lee' })).toContainText('Ready to import');
  await expectNoAxeViolations(page);
  // Nothing is saved before the user confirms.
  expect((await (await page.request.get('/api/contacts')).json()).contacts).toHaveLength(2);

  await dialog.getByRole('button', { name: 'Import 2 contacts' }).click();
  await expect(page.getByText('Contacts imported successfully!')).toBeVisible();
  await expect(
    page.getByText('2 contacts imported · 1 duplicate skipped · 1 row not imported because of errors'),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card(page, 'Петров, Пётр')).toContainText('friend');
  await expect(contactList(page).getByRole('listitem')).toHaveCount(4);

  await page.getByRole('button', { name: 'Import' }).click();
  await dialog
    .getByLabel('Contacts file')
    .setInputFiles(new URL('../packages/contract/test/fixtures/contacts-4.0.vcf', import.meta.url).pathname);
  await expect(dialog.getByText('1 contact ready to import')).toBeVisible();
  await expect(dialog.getByRole('row').filter({ hasText: 'jane.doe@example.com' })).toContainText(
    'Already in your contacts',
  );
  await expect(dialog.getByRole('row').filter({ hasText: 'Broken Email' })).toContainText('Incorrect email');
  await dialog.getByRole('button', { name: 'Import 1 contact' }).click();
  await expect(
    page.getByText('1 contact imported · 1 duplicate skipped · 1 row not imported because of errors'),
  ).toBeVisible();
  await expect(card(page, 'Константин Константинопольский')).toContainText('colleague');
  await expect(contactList(page).getByRole('listitem')).toHaveCount(5);
  await expect(card(page, 'Jane')).toHaveCount(1);
});

test('an unreadable file is explained and nothing is imported', async ({ page, account }) => {
  await signInThroughApi(page, account);
  await page.goto('/contacts');
  await page.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Contacts' });
  await dialog.getByLabel('Contacts file').setInputFiles({
    name: 'notes.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('title,notes\nhello,world\n'),
  });
  await expect(dialog.getByText('The CSV file has no name or email column.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: /^Import \d/ })).toHaveCount(0);
});

test('export as CSV and as vCard downloads every contact, sorted by name', async ({ page, account }) => {
  await signInThroughApi(page, account);
  await addContacts(page, [
    { name: 'Zoe, "the boss"', email: 'zoe@example.com', relationship: 'client' },
    { name: 'Андрей Кузнецов', email: 'andrey@example.ru', phone: '+7 (999) 000-00-00' },
    { name: 'bob', email: 'bob@example.com' },
  ]);
  await page.goto('/contacts');
  await expect(contactList(page).getByRole('listitem')).toHaveCount(3);

  await page.getByRole('button', { name: 'Export' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export Contacts' });
  await expectNoAxeViolations(page);
  const [csvDownload] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(csvDownload.suggestedFilename()).toMatch(/^contacts-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await csvDownload.path(), 'utf8');
  expect(csv.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
    'name,email,phone,relationship,description',
    'bob,bob@example.com,,,',
    '"Zoe, ""the boss""",zoe@example.com,,client,',
    'Андрей Кузнецов,andrey@example.ru,+7 (999) 000-00-00,,',
    '',
  ]);
  await expect(page.getByText('Contacts exported')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Export' }).click();
  const [vcardDownload] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Export vCard' }).click(),
  ]);
  expect(vcardDownload.suggestedFilename()).toMatch(/^contacts-\d{4}-\d{2}-\d{2}\.vcf$/);
  const vcard = await readFile(await vcardDownload.path(), 'utf8');
  expect(vcard.startsWith('BEGIN:VCARD\r\nVERSION:4.0\r\n')).toBe(true);
  expect([...vcard.matchAll(/^FN:(.*)$/gm)].map((match) => match[1]?.trim())).toEqual([
    'bob',
    'Zoe\\, "the boss"',
    'Андрей Кузнецов',
  ]);
  expect(vcard).toContain('TEL;VALUE=text:+7 (999) 000-00-00');
});

test('load and delete failures are shown, and the list can be retried', async ({ page, account }) => {
  await signInThroughApi(page, account);
  await addContacts(page, [{ name: 'Stays Here', email: 'stays@example.com' }]);
  let failLoads = true;
  await page.route(
    (url) => url.pathname === '/api/contacts',
    (route) =>
      failLoads && route.request().method() === 'GET'
        ? route.fulfill({
            status: 500,
            json: { code: 'CONTACTS_FAILED', message: 'Could not get the list of contacts' },
          })
        : route.continue(),
  );
  await page.goto('/contacts');
  const alert = page.getByRole('alert').filter({ hasText: 'Failed to load contacts' });
  await expect(alert).toBeVisible({ timeout: 20_000 });
  await expect(alert).toContainText('Could not get the list of contacts');
  failLoads = false;
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(card(page, 'Stays Here')).toBeVisible();

  await page.route('**/api/contacts/*', (route) =>
    route.request().method() === 'DELETE'
      ? route.fulfill({ status: 500, json: { code: 'CONTACTS_FAILED', message: 'Could not delete the contact' } })
      : route.continue(),
  );
  await card(page, 'Stays Here').getByRole('button', { name: 'Delete Stays Here' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Unable to delete contact')).toBeVisible();
  await expect(page.getByText('Could not delete the contact')).toBeVisible();
  await expect(card(page, 'Stays Here')).toBeVisible();
});

test('works at 375 px wide: no sideways scrolling on the page, the form or the import preview', async ({
  page,
  account,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signInThroughApi(page, account);
  await addContacts(page, [
    {
      name: 'A very long name that should wrap nicely on a phone',
      email: 'a.very.long.address.for.testing@example.com',
      phone: '+7 (999) 123-45-67',
      relationship: 'colleague',
    },
  ]);
  await page.goto('/contacts');
  await expect(contactList(page).getByRole('listitem')).toHaveCount(1);
  const hasNoSidewaysScroll = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(await hasNoSidewaysScroll()).toBe(true);
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Add Contact' }).click();
  const form = page.getByRole('dialog', { name: 'New Contact' });
  await expect(form.getByRole('button', { name: 'Create' })).toBeInViewport();
  expect(await hasNoSidewaysScroll()).toBe(true);
  await form.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Import' }).click();
  const importDialog = page.getByRole('dialog', { name: 'Import Contacts' });
  await importDialog
    .getByLabel('Contacts file')
    .setInputFiles(new URL('../packages/contract/test/fixtures/contacts.csv', import.meta.url).pathname);
  await expect(importDialog.getByText('3 contacts ready to import')).toBeVisible();
  const box = await importDialog.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
  const tableWidth = await importDialog
    .getByRole('table')
    .evaluate((table) => table.scrollWidth <= table.clientWidth + 1);
  expect(tableWidth).toBe(true);
  await expectNoAxeViolations(page);
});
