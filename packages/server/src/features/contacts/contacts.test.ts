import { parseContactsCsv, parseContactsFile, parseContactsVcard } from '@life-updates/contract/contact-files';
import type { Contact, ContactImportResult } from '@life-updates/contract/contacts';
import { eq, sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testAppForFile, createUser, type TestApp, type TestUser } from '../../../test/test-app.ts';
import { contacts } from '../../db/schema.ts';

const testApp = testAppForFile();
let app: FastifyInstance;
beforeAll(async () => {
  app = testApp.app;
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
function call(
  user: TestUser | null,
  method: Method,
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method,
    url,
    headers: { ...(user?.headers ?? {}), ...headers },
    ...(payload ? { payload } : {}),
  });
}

async function addContact(user: TestUser, contact: Record<string, unknown>): Promise<Contact> {
  const response = await call(user, 'POST', '/api/contacts', contact);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function listContacts(user: TestUser, query = ''): Promise<Contact[]> {
  const response = await call(user, 'GET', `/api/contacts${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().contacts;
}

const names = (list: Contact[]) => list.map((contact) => contact.name);

describe('contact form validation', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await createUser(app);
  });

  it.each([
    ['name missing', 'Name required', { email: 'a@example.com' }, 'name'],
    ['name whitespace-only', 'Name required', { name: '   ', email: 'a@example.com' }, 'name'],
    ['email missing', 'Email required', { name: 'Ann' }, 'email'],
    ['email empty', 'Email required', { name: 'Ann', email: '' }, 'email'],
    ['email malformed', 'Incorrect email', { name: 'Ann', email: 'ann@example' }, 'email'],
    [
      'phone with letters',
      'Incorrect phone number',
      { name: 'Ann', email: 'a@example.com', phone: '+7 999 abc' },
      'phone',
    ],
    [
      'phone with a plus inside',
      'Incorrect phone number',
      { name: 'Ann', email: 'a@example.com', phone: '8+999' },
      'phone',
    ],
    [
      'unknown relationship',
      'Unknown relationship: use family, friend, colleague, client or other',
      { name: 'Ann', email: 'a@example.com', relationship: 'enemy' },
      'relationship',
    ],
    ['NUL in the name', 'The request is not valid', { name: 'A\u0000nn', email: 'a@example.com' }, 'name'],
  ])('%s → 400 "%s"', async (_label, message, body, field) => {
    const response = await call(user, 'POST', '/api/contacts', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message, fields: { [field]: message } });
    const update = await call(user, 'PUT', '/api/contacts/00000000-0000-4000-8000-000000000000', body);
    expect(update.statusCode).toBe(400);
    expect(update.json().fields[field]).toBe(message);
  });

  it('answers in Russian when the browser asks for it', async () => {
    const response = await call(
      user,
      'POST',
      '/api/contacts',
      { name: ' ', email: 'x' },
      { 'accept-language': 'ru-RU,ru;q=0.9' },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ name: 'Укажите имя', email: 'Некорректный email' });
    const missing = await call(user, 'GET', '/api/contacts/00000000-0000-4000-8000-000000000000', undefined, {
      'accept-language': 'ru',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'NOT_FOUND', message: 'Контакт не найден' });
  });

  it('accepts the optional fields empty and stores them as absent', async () => {
    const contact = await addContact(user, {
      name: '  Ann  ',
      email: ' ann@example.com ',
      phone: '',
      relationship: '',
      description: '',
    });
    expect(contact).toMatchObject({
      name: 'Ann',
      email: 'ann@example.com',
      phone: null,
      relationship: null,
      description: null,
      templateId: null,
    });
    const full = await addContact(user, {
      name: 'Bob',
      email: 'bob@example.com',
      phone: '+7 (999) 123-45-67',
      relationship: 'client',
      description: 'VIP',
    });
    expect(full).toMatchObject({ phone: '+7 (999) 123-45-67', relationship: 'client', description: 'VIP' });
    expect(new Date(full.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('asks for a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/contacts'],
      ['POST', '/api/contacts'],
      ['GET', '/api/contacts/export'],
      ['POST', '/api/contacts/import'],
    ] as const) {
      const response = await call(
        null,
        method,
        url,
        method === 'POST' ? { name: 'Ann', email: 'a@example.com' } : undefined,
      );
      expect(response.statusCode, url).toBe(401);
    }
  });
});

describe('every query is scoped to the session user', () => {
  let alice: TestUser;
  let mallory: TestUser;
  let aliceContact: Contact;
  beforeAll(async () => {
    alice = await createUser(app);
    mallory = await createUser(app);
    aliceContact = await addContact(alice, {
      name: 'Alice Friend',
      email: 'friend@example.com',
      description: 'secret',
    });
  });

  it('answers 404 "Contact not found" for another user\'s contact on get, update and delete, and changes nothing', async () => {
    const url = `/api/contacts/${aliceContact.id}`;
    for (const response of [
      await call(mallory, 'GET', url),
      await call(mallory, 'PUT', url, { name: 'Hijacked', email: 'evil@example.com' }),
      await call(mallory, 'DELETE', url),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Contact not found' });
    }
    const own = await call(alice, 'GET', url);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual(aliceContact);
  });

  it('never lists, searches or exports another user’s rows', async () => {
    await addContact(mallory, { name: 'Mallory Own', email: 'own@example.com' });
    expect(names(await listContacts(mallory))).toEqual(['Mallory Own']);
    expect(names(await listContacts(mallory, '?search=friend'))).toEqual([]);
    const exported = await call(mallory, 'GET', '/api/contacts/export?format=csv');
    expect(exported.body).not.toContain('friend@example.com');
    expect(names(await listContacts(alice))).toEqual(['Alice Friend']);
  });

  it('refuses a user_id in the body of create, update and import, and inserts nothing', async () => {
    const before = await testApp.database.db.select().from(contacts).where(eq(contacts.userId, alice.id));
    const create = await call(mallory, 'POST', '/api/contacts', {
      name: 'Planted',
      email: 'planted@example.com',
      user_id: alice.id,
    });
    expect(create.statusCode).toBe(400);
    expect(create.json().message).toBe('user_id cannot be set: contacts always belong to the signed-in user');
    const ownId = (await listContacts(mallory))[0]!.id;
    const update = await call(mallory, 'PUT', `/api/contacts/${ownId}`, {
      name: 'Moved',
      email: 'own@example.com',
      userId: alice.id,
    });
    expect(update.statusCode).toBe(400);
    const importResponse = await call(mallory, 'POST', '/api/contacts/import', {
      contacts: [{ name: 'Planted', email: 'planted@example.com', user_id: alice.id }],
    });
    expect(importResponse.statusCode).toBe(400);
    expect(importResponse.json().message).toBe('user_id cannot be set: contacts always belong to the signed-in user');
    const topLevel = await call(mallory, 'POST', '/api/contacts/import', {
      user_id: alice.id,
      contacts: [{ name: 'Planted', email: 'p@example.com' }],
    });
    expect(topLevel.statusCode).toBe(400);
    const after = await testApp.database.db.select().from(contacts).where(eq(contacts.userId, alice.id));
    expect(after).toEqual(before);
    expect(names(await listContacts(mallory))).toEqual(['Mallory Own']);
  });

  it('imports into the session user only', async () => {
    const response = await call(mallory, 'POST', '/api/contacts/import', {
      contacts: [{ name: 'Imported', email: 'imported@example.com' }],
    });
    expect(response.statusCode).toBe(200);
    const rows = await testApp.database.db.select().from(contacts).where(eq(contacts.email, 'imported@example.com'));
    expect(rows.map((row) => row.userId)).toEqual([mallory.id]);
  });

  it('answers 404 for an id that is not a contact id at all', async () => {
    const response = await call(alice, 'GET', '/api/contacts/not-a-uuid');
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Contact not found');
    expect((await call(alice, 'DELETE', "/api/contacts/1';drop table contacts;--")).statusCode).toBe(404);
  });
});

describe('search, filter and sort', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await createUser(app);
    // Created one after another, so created_at order is this order.
    for (const contact of [
      { name: 'ann Smith', email: 'ann@example.com', phone: '+7 (999) 123-45-67', relationship: 'friend' },
      { name: 'Борис Петров', email: 'boris@example.ru', relationship: 'family' },
      { name: 'Carl Jung', email: 'CARL@Example.org', phone: '555-0100', relationship: 'colleague' },
      { name: 'Дарья', email: 'darya@example.ru', relationship: 'friend', description: '100% friend' },
      { name: 'Eve', email: 'eve@example.com' },
    ]) {
      await addContact(user, contact);
    }
  });

  it('lists newest first by default', async () => {
    expect(names(await listContacts(user))).toEqual(['Eve', 'Дарья', 'Carl Jung', 'Борис Петров', 'ann Smith']);
  });

  it.each([
    ['name, any case', 'ANN', ['ann Smith']],
    ['Cyrillic name, any case', 'бОрИс', ['Борис Петров']],
    ['email, any case', 'example.ORG', ['Carl Jung']],
    ['part of an email shared by several', '@example.ru', ['Дарья', 'Борис Петров']],
    ['phone as written', '123-45', ['ann Smith']],
    ['phone digits only', '9991234567', ['ann Smith']],
    ['LIKE wildcards taken literally', '%', []],
    ['nothing', 'zzz', []],
  ])('searches %s', async (_label, search, expected) => {
    expect(names(await listContacts(user, `?search=${encodeURIComponent(search)}`))).toEqual(expected);
  });

  it('filters by relationship, and ignores the filter while a search text is set', async () => {
    expect(names(await listContacts(user, '?relationship=friend'))).toEqual(['Дарья', 'ann Smith']);
    expect(names(await listContacts(user, '?relationship=all'))).toHaveLength(5);
    expect(names(await listContacts(user, '?relationship=friend&search=carl'))).toEqual(['Carl Jung']);
    expect(names(await listContacts(user, '?relationship=friend&search=%20%20'))).toEqual(['Дарья', 'ann Smith']);
  });

  it('sorts by any allowed field in either direction', async () => {
    expect(names(await listContacts(user, '?sortBy=name&sortDirection=asc'))).toEqual([
      'ann Smith',
      'Carl Jung',
      'Eve',
      'Борис Петров',
      'Дарья',
    ]);
    expect(names(await listContacts(user, '?sortBy=name&sortDirection=desc'))).toEqual([
      'Дарья',
      'Борис Петров',
      'Eve',
      'Carl Jung',
      'ann Smith',
    ]);
    expect(names(await listContacts(user, '?sortBy=email&sortDirection=asc'))).toEqual([
      'ann Smith',
      'Борис Петров',
      'Carl Jung',
      'Дарья',
      'Eve',
    ]);
    expect(names(await listContacts(user, '?sortBy=created_at&sortDirection=asc'))).toEqual([
      'ann Smith',
      'Борис Петров',
      'Carl Jung',
      'Дарья',
      'Eve',
    ]);
    // Without a relationship last in either direction; ties by name.
    expect(names(await listContacts(user, '?sortBy=relationship&sortDirection=asc'))).toEqual([
      'Carl Jung',
      'Борис Петров',
      'ann Smith',
      'Дарья',
      'Eve',
    ]);
    expect(names(await listContacts(user, '?sortBy=relationship&sortDirection=desc'))).toEqual([
      'ann Smith',
      'Дарья',
      'Борис Петров',
      'Carl Jung',
      'Eve',
    ]);
  });

  it('sorts by updated_at after an edit', async () => {
    const carl = (await listContacts(user, '?search=carl'))[0]!;
    const updated = await call(user, 'PUT', `/api/contacts/${carl.id}`, {
      name: 'Carl Jung',
      email: 'carl@example.org',
    });
    expect(updated.statusCode).toBe(200);
    expect(names(await listContacts(user, '?sortBy=updated_at&sortDirection=desc'))[0]).toBe('Carl Jung');
  });

  it('refuses an unknown sort field, direction or relationship', async () => {
    for (const query of ['?sortBy=password', '?sortDirection=sideways', '?relationship=enemy']) {
      const response = await call(user, 'GET', `/api/contacts${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('update and delete', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await createUser(app);
  });

  it('replaces the form fields, keeps an omitted description, clears what is sent empty', async () => {
    const contact = await addContact(user, {
      name: 'Old',
      email: 'old@example.com',
      phone: '123',
      relationship: 'friend',
      description: 'kept',
    });
    const response = await call(user, 'PUT', `/api/contacts/${contact.id}`, {
      name: 'New',
      email: 'new@example.com',
      phone: '',
      relationship: null,
    });
    expect(response.statusCode).toBe(200);
    const updated: Contact = response.json();
    expect(updated).toMatchObject({
      id: contact.id,
      name: 'New',
      email: 'new@example.com',
      phone: null,
      relationship: null,
      description: 'kept',
    });
    expect(new Date(updated.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(contact.updatedAt).getTime());
    expect((await call(user, 'GET', `/api/contacts/${contact.id}`)).json()).toEqual(updated);
  });

  it('deletes, then the contact is gone', async () => {
    const contact = await addContact(user, { name: 'Gone', email: 'gone@example.com' });
    const response = await call(user, 'DELETE', `/api/contacts/${contact.id}`);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await call(user, 'GET', `/api/contacts/${contact.id}`)).statusCode).toBe(404);
    expect((await call(user, 'DELETE', `/api/contacts/${contact.id}`)).statusCode).toBe(404);
  });
});

describe('import', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await createUser(app);
    await addContact(user, { name: 'Existing', email: 'existing@example.com' });
  });

  it('skips emails already in the list or repeated in the file, reports bad rows, inserts the rest once', async () => {
    const response = await call(user, 'POST', '/api/contacts/import', {
      contacts: [
        { name: 'Новый Один', email: 'one@example.com', phone: '+7 900 000-00-01', relationship: 'friend' },
        { name: 'Existing Again', email: 'EXISTING@example.com' },
        { name: 'Two', email: 'two@example.com', description: 'from file' },
        { name: 'One Repeated', email: 'One@Example.com' },
        { name: 'Broken', email: 'broken-at-example.com' },
        { name: '   ', email: 'nameless@example.com', phone: 'call me' },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const result: ContactImportResult = response.json();
    expect(result).toEqual({
      created: 2,
      skipped: [
        { row: 2, email: 'EXISTING@example.com', reason: 'existing' },
        { row: 4, email: 'One@Example.com', reason: 'duplicateInFile' },
      ],
      errors: [
        { row: 5, name: 'Broken', email: 'broken-at-example.com', fields: { email: 'Incorrect email' } },
        {
          row: 6,
          name: null,
          email: 'nameless@example.com',
          fields: { name: 'Name required', phone: 'Incorrect phone number' },
        },
      ],
    });
    expect(names(await listContacts(user, '?sortBy=name&sortDirection=asc'))).toEqual([
      'Existing',
      'Two',
      'Новый Один',
    ]);

    const again = await call(user, 'POST', '/api/contacts/import', {
      contacts: [{ name: 'Two', email: 'TWO@example.com' }],
    });
    expect(again.json()).toEqual({
      created: 0,
      skipped: [{ row: 1, email: 'TWO@example.com', reason: 'existing' }],
      errors: [],
    });
    expect(await listContacts(user)).toHaveLength(3);
  });

  it('translates row errors into the request language', async () => {
    const response = await call(
      user,
      'POST',
      '/api/contacts/import',
      { contacts: [{ name: 'X', email: 'nope' }] },
      { 'accept-language': 'ru' },
    );
    expect(response.json().errors[0].fields).toEqual({ email: 'Некорректный email' });
  });

  it('refuses an empty list ("Нет контактов для импорта") and more than 1000 rows', async () => {
    const empty = await call(user, 'POST', '/api/contacts/import', { contacts: [] }, { 'accept-language': 'ru' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Нет контактов для импорта');
    expect((await call(user, 'POST', '/api/contacts/import', { contacts: [] })).json().message).toBe(
      'No contacts to import',
    );
    const rows = Array.from({ length: 1001 }, (_, index) => ({
      name: `Row ${index}`,
      email: `row${index}@example.com`,
    }));
    const tooMany = await call(user, 'POST', '/api/contacts/import', { contacts: rows });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('You can import at most 1000 contacts at a time');
  });

  it('imports 1000 rows in one go', async () => {
    const bulkUser = await createUser(app);
    const rows = Array.from({ length: 1000 }, (_, index) => ({
      name: `Контакт ${index}`,
      email: `bulk${index}@example.com`,
      description: 'x'.repeat(1500),
    }));
    const response = await call(bulkUser, 'POST', '/api/contacts/import', { contacts: rows });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.json().created).toBe(1000);
    expect(await listContacts(bulkUser)).toHaveLength(1000);
  });
});

describe('import of real files, read as the web app reads them', () => {
  const fixture = (name: string) =>
    readFileSync(new URL(`../../../../contract/test/fixtures/${name}`, import.meta.url), 'utf8');
  let user: TestUser;
  beforeAll(async () => {
    user = await createUser(app);
    // Already a contact, in another case: the vCard 3.0 file's Anna Smith must not be doubled.
    await addContact(user, { name: 'Anna (old)', email: 'Anna.Smith@example.com' });
  });

  async function importFile(name: string) {
    const parsed = parseContactsFile(fixture(name), name);
    expect(parsed.fileError).toBeNull();
    const response = await call(user, 'POST', '/api/contacts/import', {
      contacts: parsed.contacts.map((entry) => entry.contact),
    });
    expect(response.statusCode, response.body).toBe(200);
    return { parsed, result: response.json() as ContactImportResult };
  }

  const stored = async (email: string) => {
    const [contact] = await listContacts(user, `?search=${encodeURIComponent(email)}`);
    return contact && { ...contact, id: undefined, templateId: undefined, createdAt: undefined, updatedAt: undefined };
  };

  it('vCard 3.0: Cyrillic name, preferred email and phone, folded note; the existing email is skipped', async () => {
    const { parsed, result } = await importFile('contacts-3.0.vcf');
    expect(parsed.errors.map((error) => error.row)).toEqual([3]);
    expect(result).toEqual({
      created: 1,
      skipped: [{ row: 2, email: 'anna.smith@example.com', reason: 'existing' }],
      errors: [],
    });
    expect(await stored('ivan.ivanov@example.ru')).toMatchObject({
      name: 'Иван Петрович Иванов',
      phone: '+7 (912) 345-67-89',
      relationship: 'family',
      description: 'Брат. Любит походы, рыбалку и длинные истории о том, как всё было на самом деле.',
    });
    expect(await listContacts(user, '?search=anna.smith')).toHaveLength(1);
  });

  it('vCard 4.0: PREF=1 email, tel: URI, Russian category, escaped newline', async () => {
    const { result } = await importFile('contacts-4.0.vcf');
    expect(result).toMatchObject({ created: 2, skipped: [], errors: [] });
    expect(await stored('kostya@example.org')).toMatchObject({
      name: 'Константин Константинопольский',
      phone: '+7-912-000-11-22',
      relationship: 'colleague',
      description: 'Работаем вместе с 2019 года\nОтдел разработки',
    });
    expect(await stored('jane.doe@example.com')).toMatchObject({ name: 'Jane Doe', relationship: 'client' });
  });

  it('CSV: quoted fields with commas and quotes, multi-line text, Cyrillic names and Russian headers', async () => {
    const { parsed, result } = await importFile('contacts.csv');
    expect(parsed.errors.map((error) => error.row)).toEqual([3, 5, 6]);
    expect(result).toMatchObject({ created: 3, skipped: [], errors: [] });
    expect(await stored('petr@example.ru')).toMatchObject({
      name: 'Петров, Пётр',
      phone: '+7 (999) 123-45-67',
      relationship: 'friend',
      description: 'Познакомились в "Школе №5", Москва',
    });
    expect(await stored('maria@example.ru')).toMatchObject({
      name: 'Мария Сидорова',
      description: 'Многострочное\nописание',
    });
  });

  it('importing the same files again adds nothing', async () => {
    const before = await listContacts(user);
    for (const name of ['contacts-3.0.vcf', 'contacts-4.0.vcf', 'contacts.csv']) {
      const { result } = await importFile(name);
      expect(result.created, name).toBe(0);
      expect(
        result.skipped.every((skip) => skip.reason === 'existing'),
        name,
      ).toBe(true);
    }
    expect(await listContacts(user)).toHaveLength(before.length);
  });
});

describe('export (all contacts, sorted by name)', () => {
  let owner: TestUser;
  const people = [
    {
      name: 'Zoe, "the boss"',
      email: 'zoe@example.com',
      phone: '+1 (555) 010-0000',
      relationship: 'client',
      description: 'Line one\nLine two, with comma; and semicolon',
    },
    { name: 'Андрей Кузнецов', email: 'andrey@example.ru', phone: null, relationship: 'family', description: null },
    {
      name: 'bob',
      email: 'bob@example.com',
      phone: '8-800-555-35-35',
      relationship: null,
      description: '=1+1 looks like a formula',
    },
  ];
  const sortedNames = ['bob', 'Zoe, "the boss"', 'Андрей Кузнецов'];
  beforeAll(async () => {
    owner = await createUser(app);
    for (const person of people) await addContact(owner, person);
  });

  const fields = (list: Array<Pick<Contact, 'name' | 'email' | 'phone' | 'relationship' | 'description'>>) =>
    list.map(({ name, email, phone, relationship, description }) => ({
      name,
      email,
      phone,
      relationship,
      description,
    }));

  it('exports CSV as an attachment, sorted by name, that imports back unchanged through the API', async () => {
    const response = await call(owner, 'GET', '/api/contacts/export?format=csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="contacts-\d{4}-\d{2}-\d{2}\.csv"$/);
    const parsed = parseContactsCsv(response.body);
    expect(parsed.errors).toEqual([]);
    expect(parsed.contacts.map((entry) => entry.contact.name)).toEqual(sortedNames);

    const receiver = await createUser(app);
    const imported = await call(receiver, 'POST', '/api/contacts/import', {
      contacts: parsed.contacts.map((entry) => entry.contact),
    });
    expect(imported.json()).toMatchObject({ created: 3, skipped: [], errors: [] });
    expect(fields(await listContacts(receiver, '?sortBy=name&sortDirection=asc'))).toEqual(
      fields(await listContacts(owner, '?sortBy=name&sortDirection=asc')),
    );
  });

  it('exports vCard 4.0 as an attachment, sorted by name, that imports back unchanged through the API', async () => {
    const response = await call(owner, 'GET', '/api/contacts/export?format=vcard');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/vcard; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="contacts-\d{4}-\d{2}-\d{2}\.vcf"$/);
    expect(response.body.startsWith('BEGIN:VCARD\r\nVERSION:4.0\r\n')).toBe(true);
    const parsed = parseContactsVcard(response.body);
    expect(parsed.errors).toEqual([]);
    expect(parsed.contacts.map((entry) => entry.contact.name)).toEqual(sortedNames);

    const receiver = await createUser(app);
    const imported = await call(receiver, 'POST', '/api/contacts/import', {
      contacts: parsed.contacts.map((entry) => entry.contact),
    });
    expect(imported.json()).toMatchObject({ created: 3, skipped: [], errors: [] });
    expect(fields(await listContacts(receiver, '?sortBy=name&sortDirection=asc'))).toEqual(
      fields(await listContacts(owner, '?sortBy=name&sortDirection=asc')),
    );
  });

  it('defaults to CSV and refuses an unknown format', async () => {
    expect((await call(owner, 'GET', '/api/contacts/export')).headers['content-type']).toBe('text/csv; charset=utf-8');
    const response = await call(owner, 'GET', '/api/contacts/export?format=xml');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Unsupported export format: use csv or vcard');
  });
});

describe('database failures are reported with the spec message, never the raw error', () => {
  let broken: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    broken = await createTestApp();
    user = await createUser(broken.app);
    await broken.database.db.execute(sql`alter table contacts rename to contacts_moved_away`);
  });
  afterAll(async () => {
    await broken.close();
  });

  it.each([
    ['GET', '/api/contacts', undefined, 'Could not get the list of contacts', 'Не удалось получить список контактов'],
    [
      'GET',
      '/api/contacts/00000000-0000-4000-8000-000000000000',
      undefined,
      'Could not get the contact',
      'Не удалось получить контакт',
    ],
    [
      'POST',
      '/api/contacts',
      { name: 'Ann', email: 'ann@example.com' },
      'Could not create the contact',
      'Не удалось создать контакт',
    ],
    [
      'PUT',
      '/api/contacts/00000000-0000-4000-8000-000000000000',
      { name: 'Ann', email: 'ann@example.com' },
      'Could not update the contact',
      'Не удалось обновить контакт',
    ],
    [
      'DELETE',
      '/api/contacts/00000000-0000-4000-8000-000000000000',
      undefined,
      'Could not delete the contact',
      'Не удалось удалить контакт',
    ],
    [
      'POST',
      '/api/contacts/import',
      { contacts: [{ name: 'Ann', email: 'ann@example.com' }] },
      'Could not import contacts',
      'Не удалось импортировать контакты',
    ],
    [
      'GET',
      '/api/contacts/export?format=vcard',
      undefined,
      'Could not export contacts',
      'Не удалось экспортировать контакты',
    ],
  ] as const)('%s %s', async (method, url, payload, english, russian) => {
    const inject = (language: string) =>
      broken.app.inject({
        method,
        url,
        headers: { ...user.headers, 'accept-language': language },
        ...(payload ? { payload } : {}),
      });
    const response = await inject('en');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: 'CONTACTS_FAILED', message: english });
    expect(response.body).not.toMatch(/relation|contacts_moved_away|does not exist/i);
    expect((await inject('ru')).json().message).toBe(russian);
  });
});
