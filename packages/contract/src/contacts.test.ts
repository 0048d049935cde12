import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  contactFormSchema,
  contactImportRequestSchema,
  contactInputSchema,
  contactListQuerySchema,
  type ContactFields,
} from './contacts.ts';
import {
  contactsToCsv,
  contactsToVcard,
  detectContactFileFormat,
  parseContactsCsv,
  parseContactsFile,
  parseContactsVcard,
} from './contact-files.ts';
import { translate } from './i18n.ts';
import * as en from './locales/en.ts';
import * as ru from './locales/ru.ts';

const fixture = (name: string) => readFileSync(new URL(`../test/fixtures/${name}`, import.meta.url), 'utf8');

const firstMessage = (input: unknown, field: string) => {
  const result = contactFormSchema.safeParse(input);
  if (result.success) return undefined;
  return result.error.issues.find((issue) => issue.path[0] === field)?.message;
};

describe('contact form schema', () => {
  it.each([
    [{ email: 'a@example.com' }, 'name', 'Name required'],
    [{ name: '   ', email: 'a@example.com' }, 'name', 'Name required'],
    [{ name: 'Ann' }, 'email', 'Email required'],
    [{ name: 'Ann', email: '  ' }, 'email', 'Email required'],
    [{ name: 'Ann', email: 'ann@' }, 'email', 'Incorrect email'],
    [{ name: 'Ann', email: 'ann.example.com' }, 'email', 'Incorrect email'],
    [{ name: 'Ann', email: 'a@example.com', phone: '12a45' }, 'phone', 'Incorrect phone number'],
    [{ name: 'Ann', email: 'a@example.com', phone: '7+999' }, 'phone', 'Incorrect phone number'],
    [{ name: 'Ann', email: 'a@example.com', phone: '()--' }, 'phone', 'Incorrect phone number'],
  ])('%j fails on %s with "%s"', (input, field, message) => {
    const key = firstMessage(input, field);
    expect(key).toMatch(/^contacts\.validation\./);
    expect(translate(key!, 'en')).toBe(message);
  });

  it('accepts the optional fields empty or in the allowed shapes, and trims', () => {
    for (const phone of ['+7 (999) 123-45-67', '8-800-555-35-35', '(555) 010 9999', '', undefined, null]) {
      expect(contactFormSchema.safeParse({ name: 'Ann', email: 'a@example.com', phone }).success).toBe(true);
    }
    const parsed = contactFormSchema.parse({ name: '  Ann  ', email: ' a@example.com ', relationship: 'friend' });
    expect(parsed).toMatchObject({ name: 'Ann', email: 'a@example.com', relationship: 'friend' });
    expect(contactFormSchema.safeParse({ name: 'Ann', email: 'a@example.com', relationship: '' }).success).toBe(true);
    expect(contactFormSchema.safeParse({ name: 'Ann', email: 'a@example.com', relationship: 'enemy' }).success).toBe(
      false,
    );
  });

  it('refuses a user_id in a request body with its own message', () => {
    const result = contactInputSchema.safeParse({ name: 'Ann', email: 'a@example.com', user_id: 'someone-else' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('contacts.errors.userIdNotAllowed');
  });

  it('defaults the list to created_at descending', () => {
    expect(contactListQuerySchema.parse({})).toEqual({ sortBy: 'created_at', sortDirection: 'desc' });
    expect(contactListQuerySchema.safeParse({ sortBy: 'password' }).success).toBe(false);
  });

  it('refuses an empty import with "Нет контактов для импорта" and more than 1000 rows', () => {
    const empty = contactImportRequestSchema.safeParse({ contacts: [] });
    expect(translate(empty.error!.issues[0]!.message, 'ru')).toBe('Нет контактов для импорта');
    expect(translate(empty.error!.issues[0]!.message, 'en')).toBe('No contacts to import');
    const rows = Array.from({ length: 1001 }, (_, index) => ({ name: `N${index}`, email: `n${index}@example.com` }));
    expect(contactImportRequestSchema.safeParse({ contacts: rows }).success).toBe(false);
    expect(contactImportRequestSchema.safeParse({ contacts: rows.slice(0, 1000) }).success).toBe(true);
  });
});

describe('vCard import', () => {
  it('reads a vCard 3.0 file (iPhone style: groups, TYPE=pref, folded NOTE, photo, Cyrillic)', () => {
    const result = parseContactsVcard(fixture('contacts-3.0.vcf'));
    expect(result.fileError).toBeNull();
    expect(result.contacts).toEqual([
      {
        row: 1,
        contact: {
          name: 'Иван Петрович Иванов',
          email: 'ivan.ivanov@example.ru',
          phone: '+7 (912) 345-67-89',
          relationship: 'family',
          description: 'Брат. Любит походы, рыбалку и длинные истории о том, как всё было на самом деле.',
        },
      },
      {
        row: 2,
        contact: {
          name: 'Anna Smith',
          email: 'anna.smith@example.com',
          phone: '(555) 010-9999',
          relationship: null,
          description: null,
        },
      },
    ]);
    expect(result.errors).toEqual([
      { row: 3, name: 'Олег Безадреса', email: null, fields: { email: 'contacts.validation.emailRequired' } },
    ]);
  });

  it('reads a vCard 4.0 file (PREF=1, tel: URIs, a name folded mid-word, Russian category, escaped newline)', () => {
    const result = parseContactsVcard(fixture('contacts-4.0.vcf'));
    expect(result.contacts).toEqual([
      {
        row: 1,
        contact: {
          name: 'Константин Константинопольский',
          email: 'kostya@example.org',
          phone: '+7-912-000-11-22',
          relationship: 'colleague',
          description: 'Работаем вместе с 2019 года\nОтдел разработки',
        },
      },
      {
        row: 2,
        contact: {
          name: 'Jane Doe',
          email: 'jane.doe@example.com',
          phone: '+1-555-555-0100',
          relationship: 'client',
          description: null,
        },
      },
    ]);
    expect(result.errors).toEqual([
      { row: 3, name: 'Broken Email', email: 'not-an-email', fields: { email: 'contacts.validation.emailInvalid' } },
    ]);
  });

  it('reads vCard 2.1 as Android exports it (QUOTED-PRINTABLE UTF-8 with soft line breaks)', () => {
    const android = [
      'BEGIN:VCARD',
      'VERSION:2.1',
      'N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=D0=9F=D0=B5=D1=82=D1=80=D0=BE=D0=B2=D0=B0;=D0=9E=D0=BB=D1=8C=D0=B3=D0=B0;;;',
      'FN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=D0=9E=D0=BB=D1=8C=D0=B3=D0=B0=20=D0=9F=D0=B5=D1=82=D1=80=D0=BE=',
      '=D0=B2=D0=B0',
      'TEL;CELL:+79161234567',
      'EMAIL;HOME:olga@example.ru',
      'END:VCARD',
      '',
    ].join('\r\n');
    expect(parseContactsVcard(android).contacts).toEqual([
      {
        row: 1,
        contact: {
          name: 'Ольга Петрова',
          email: 'olga@example.ru',
          phone: '+79161234567',
          relationship: null,
          description: null,
        },
      },
    ]);
  });

  it('says the file cannot be read when it is not a vCard', () => {
    expect(parseContactsVcard('hello there').fileError).toBe('contacts.import.fileUnreadable');
    expect(parseContactsVcard('BEGIN:VCARD\nFN:Cut off\n').fileError).toBe('contacts.import.fileUnreadable');
    expect(parseContactsVcard('').fileError).toBe('contacts.errors.importEmpty');
  });
});

describe('CSV import', () => {
  it('reads quoted fields, commas and quotes inside quotes, line breaks and Cyrillic, with Russian headers', () => {
    const result = parseContactsCsv(fixture('contacts.csv'));
    expect(result.fileError).toBeNull();
    expect(result.contacts).toEqual([
      {
        row: 1,
        contact: {
          name: 'Петров, Пётр',
          email: 'petr@example.ru',
          phone: '+7 (999) 123-45-67',
          relationship: 'friend',
          description: 'Познакомились в "Школе №5", Москва',
        },
      },
      {
        row: 2,
        contact: {
          name: 'Мария Сидорова',
          email: 'maria@example.ru',
          phone: null,
          relationship: 'family',
          description: 'Многострочное\nописание',
        },
      },
      {
        row: 4,
        contact: {
          name: "Ann O'Neil",
          email: 'ann@example.com',
          phone: '555-0100',
          relationship: 'colleague',
          description: null,
        },
      },
    ]);
    expect(result.errors).toEqual([
      { row: 3, name: null, email: 'no-name@example.com', fields: { name: 'contacts.validation.nameRequired' } },
      { row: 5, name: 'Bad Phone', email: 'bad@example.com', fields: { phone: 'contacts.validation.phoneInvalid' } },
      {
        row: 6,
        name: 'Bad Relationship',
        email: 'rel@example.com',
        fields: { relationship: 'contacts.validation.relationshipInvalid' },
      },
    ]);
  });

  it('maps headers by name in any order and case, and ignores unknown columns', () => {
    const text = 'EMAIL;Notes;Full Name;Company\r\nbob@example.com;"Likes ; semicolons";Bob Brown;ACME\r\n';
    expect(parseContactsCsv(text).contacts).toEqual([
      {
        row: 1,
        contact: {
          name: 'Bob Brown',
          email: 'bob@example.com',
          phone: null,
          relationship: null,
          description: 'Likes ; semicolons',
        },
      },
    ]);
  });

  it('takes columns in the export order when there is no header row', () => {
    const result = parseContactsCsv('Bob Brown,bob@example.com,+1 555 0100,client,VIP\n');
    expect(result.contacts).toEqual([
      {
        row: 1,
        contact: {
          name: 'Bob Brown',
          email: 'bob@example.com',
          phone: '+1 555 0100',
          relationship: 'client',
          description: 'VIP',
        },
      },
    ]);
  });

  it('refuses a file it cannot read, or one with headers but no name or email column', () => {
    expect(parseContactsCsv('name,email\n"Unclosed,a@example.com\n').fileError).toBe('contacts.import.fileUnreadable');
    expect(parseContactsCsv('phone,description\n123,x\n').fileError).toBe('contacts.import.noColumns');
    expect(parseContactsCsv('').fileError).toBe('contacts.errors.importEmpty');
  });
});

describe('export → import round trip', () => {
  const contacts: ContactFields[] = [
    {
      name: 'Петров, Пётр "Петя"',
      email: 'petr@example.ru',
      phone: '+7 (999) 123-45-67',
      relationship: 'friend',
      description: 'Строка 1\nСтрока 2; с точкой с запятой, и запятой',
    },
    { name: "Ann O'Neil", email: 'ann@example.com', phone: null, relationship: null, description: null },
    {
      name: '=HYPERLINK("http://evil.example")',
      email: 'formula@example.com',
      phone: '8-800-555-35-35',
      relationship: 'other',
      description: '@mention -minus +plus',
    },
    {
      name: 'Очень длинное имя, которое точно не поместится в одну строку vCard из семидесяти пяти октетов',
      email: 'long@example.com',
      phone: null,
      relationship: 'family',
      description: 'Backslash \\ stays',
    },
  ];

  it('CSV keeps every field, and guards formulas for spreadsheets', () => {
    const csv = contactsToCsv(contacts);
    expect(csv.startsWith('\uFEFFname,email,phone,relationship,description\r\n')).toBe(true);
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(detectContactFileFormat(csv, 'contacts.csv')).toBe('csv');
    const back = parseContactsFile(csv, 'contacts.csv');
    expect(back.errors).toEqual([]);
    expect(back.contacts.map((entry) => entry.contact)).toEqual(contacts);
  });

  it('vCard 4.0 keeps every field', () => {
    const vcard = contactsToVcard(
      contacts.map((contact, index) => ({ ...contact, id: `00000000-0000-4000-8000-00000000000${index}` })),
    );
    expect(vcard.startsWith('BEGIN:VCARD\r\nVERSION:4.0\r\n')).toBe(true);
    expect(vcard.endsWith('END:VCARD\r\n')).toBe(true);
    // Lines are folded at 75 octets (RFC 6350 §3.2).
    for (const line of vcard.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(vcard).toContain('UID:urn:uuid:00000000-0000-4000-8000-000000000000');
    expect(detectContactFileFormat(vcard)).toBe('vcard');
    const back = parseContactsFile(vcard, 'contacts.vcf');
    expect(back.errors).toEqual([]);
    expect(back.contacts.map((entry) => entry.contact)).toEqual(contacts);
  });

  it('exports nothing as an empty vCard file and a header-only CSV', () => {
    expect(contactsToVcard([])).toBe('');
    expect(contactsToCsv([])).toBe('\uFEFFname,email,phone,relationship,description\r\n');
  });
});

describe('catalogue section "contacts"', () => {
  type Nested = { [key: string]: string | Nested };
  const keys = (node: Nested, prefix = ''): string[] =>
    Object.entries(node).flatMap(([key, value]) =>
      typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
    );
  const withoutPlural = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');

  it('has the same keys in English and Russian (Russian may add plural forms)', () => {
    const english = new Set(keys(en.contacts as Nested).map(withoutPlural));
    const russian = new Set(keys(ru.contacts as Nested).map(withoutPlural));
    expect([...russian].sort()).toEqual([...english].sort());
  });

  it('holds every message key the contacts contract uses', () => {
    const source = readFileSync(new URL('./contacts.ts', import.meta.url), 'utf8');
    const used = new Set(source.match(/'(contacts|validation)\.[\w.]+'/g)?.map((quoted) => quoted.slice(1, -1)));
    expect(used.size).toBeGreaterThan(8);
    for (const key of used) {
      expect(translate(key, 'en'), key).not.toBe(key);
      expect(translate(key, 'ru'), key).not.toBe(key);
    }
  });

  it('keeps the spec strings verbatim', () => {
    expect(translate('contacts.errors.notFound', 'ru')).toBe('Контакт не найден');
    expect(translate('contacts.errors.notFound', 'en')).toBe('Contact not found');
    expect(translate('contacts.toasts.deleted', 'en')).toBe('Contact deleted successfully!');
    expect(translate('contacts.deleteConfirm', 'en', { name: 'Ann' })).toBe(
      'Are you sure you want to delete Ann? This action cannot be undone.',
    );
    expect(translate('contacts.form.phonePlaceholder', 'en')).toBe('+7 (999) 123-45-67');
  });
});
