import ICAL from 'ical.js';
import Papa from 'papaparse';
import {
  toRelationship,
  validateContactRow,
  type ContactFields,
  type ContactFileFormat,
  type ContactImportRow,
  type ParsedContactFile,
  type Relationship,
} from './contacts.ts';

/*
 * Reading and writing contact files (CSV and vCard). Kept apart from the contact
 * schemas so that ical.js and papaparse (large: docs/benchmarks.md) load only where a file is read or
 * written: the web app's Import dialog fetches this module when a file is chosen.
 */

function collectRows(rows: Array<{ row: number; fields: ContactImportRow }>): ParsedContactFile {
  const result: ParsedContactFile = { contacts: [], errors: [], fileError: null };
  for (const { row, fields } of rows) {
    const checked = validateContactRow(fields);
    if (checked.success) result.contacts.push({ row, contact: checked.contact });
    else
      result.errors.push({
        row,
        name: fields.name?.trim() || null,
        email: fields.email?.trim() || null,
        fields: checked.fields,
      });
  }
  if (result.contacts.length === 0 && result.errors.length === 0) result.fileError = 'contacts.errors.importEmpty';
  return result;
}

// ── CSV ──

type ContactField = keyof ContactFields;
const contactFieldOrder: ContactField[] = ['name', 'email', 'phone', 'relationship', 'description'];

/** Header names recognised in a CSV file, compared lower-cased and trimmed (English, Russian, Google, Outlook). */
const csvHeaderAliases: Record<ContactField, string[]> = {
  name: ['name', 'full name', 'fullname', 'display name', 'имя', 'фио', 'полное имя', 'имя контакта'],
  email: [
    'email',
    'e-mail',
    'email address',
    'e-mail address',
    'e-mail 1 - value',
    'mail',
    'почта',
    'эл. почта',
    'электронная почта',
    'адрес электронной почты',
  ],
  phone: [
    'phone',
    'phone number',
    'telephone',
    'tel',
    'mobile',
    'mobile phone',
    'phone 1 - value',
    'телефон',
    'номер телефона',
    'мобильный телефон',
  ],
  relationship: ['relationship', 'relation', 'отношение', 'отношения', 'кем приходится'],
  description: ['description', 'notes', 'note', 'описание', 'заметки', 'заметка', 'примечание', 'комментарий'],
};

function headerField(header: string): ContactField | undefined {
  const normalized = header
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ');
  return contactFieldOrder.find((field) => csvHeaderAliases[field].includes(normalized));
}

/** Spreadsheet formula guard written by `contactsToCsv`: a leading apostrophe before = + - @. */
export const formulaStart = /^[=+\-@\t\r]/;
const unguard = (value: string) =>
  value.startsWith("'") && formulaStart.test(value.slice(1)) ? value.slice(1) : value;

/**
 * Reads CSV text (comma, semicolon or tab separated; quoted fields). When the first row names
 * the columns (name, email, phone, relationship, description; any case; also Имя, Email,
 * Телефон ...) they are mapped by name; otherwise columns are taken in that order.
 */
export function parseContactsCsv(text: string): ParsedContactFile {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const records = parsed.data;
  const isBroken = parsed.errors.some((error) => error.type === 'Quotes');
  if (isBroken) return { contacts: [], errors: [], fileError: 'contacts.import.fileUnreadable' };
  const first = records[0];
  if (!first) return { contacts: [], errors: [], fileError: 'contacts.errors.importEmpty' };

  const headerFields = first.map(headerField);
  const hasHeader = headerFields.some((field) => field !== undefined);
  if (hasHeader && !headerFields.includes('email') && !headerFields.includes('name')) {
    return { contacts: [], errors: [], fileError: 'contacts.import.noColumns' };
  }
  const columns: Array<ContactField | undefined> = hasHeader ? headerFields : contactFieldOrder;
  const dataRows = hasHeader ? records.slice(1) : records;

  return collectRows(
    dataRows.map((cells, index) => {
      const fields: Record<string, string> = {};
      columns.forEach((field, column) => {
        const cell = cells[column];
        if (field && cell !== undefined && fields[field] === undefined) fields[field] = unguard(cell);
      });
      const relationship = fields.relationship?.trim();
      // Russian labels ("Семья") become values; unknown text stays and fails validation visibly.
      if (relationship) fields.relationship = toRelationship(relationship) ?? relationship;
      return { row: index + 1, fields };
    }),
  );
}

/** The shape every exporter takes: a stored contact or the parsed rows of a file. */
export type ContactExportRow = {
  name: string;
  email: string;
  phone?: string | null | undefined;
  relationship?: Relationship | null | undefined;
  description?: string | null | undefined;
};

/**
 * CSV with a header row, re-importable by `parseContactsCsv`. Starts with a byte-order mark so
 * spreadsheet programs read Cyrillic as UTF-8; text that would start a formula is prefixed with '.
 */
export function contactsToCsv(contacts: readonly ContactExportRow[]): string {
  const guard = (value: string | null | undefined) => (value && formulaStart.test(value) ? `'${value}` : (value ?? ''));
  const csv = Papa.unparse(
    {
      fields: contactFieldOrder,
      data: contacts.map((contact) => [
        guard(contact.name),
        guard(contact.email),
        contact.phone ?? '',
        contact.relationship ?? '',
        guard(contact.description),
      ]),
    },
    { newline: '\r\n' },
  );
  return `\uFEFF${csv.replace(/(\r\n)+$/, '')}\r\n`;
}

// ── vCard ──

type JCardProperty = { name: string; values: unknown[]; type: string; parameters: Record<string, unknown> };

/**
 * vCard 2.1 (what Android phones export) differs from 3.0 in two ways ical.js does not accept:
 * bare parameters (`TEL;CELL:`, here rewritten to `TEL;TYPE=CELL:`) and QUOTED-PRINTABLE values
 * with soft line breaks (a line ending in `=` continues on the next; joined here, decoded later).
 */
function adaptVcard21(text: string): string {
  const lines = text.split(/\r\n|\r|\n/);
  const adapted: string[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    let line = lines[index] ?? '';
    if (line === '') continue;
    const colon = line.indexOf(':');
    const head = colon === -1 ? '' : line.slice(0, colon);
    if (!/^[ \t]/.test(line) && head.includes(';') && !head.includes('"')) {
      const [name, ...parameters] = head.split(';');
      const named = parameters.map((parameter) => (parameter.includes('=') ? parameter : `TYPE=${parameter}`));
      line = [name, ...named].join(';') + line.slice(colon);
    }
    if (/ENCODING=QUOTED-PRINTABLE/i.test(head)) {
      while (line.endsWith('=') && index + 1 < lines.length) {
        index += 1;
        line = line.slice(0, -1) + (lines[index] ?? '').trimStart();
      }
    }
    adapted.push(line);
  }
  return adapted.join('\r\n');
}

function decodeQuotedPrintable(value: string, charset: string): string {
  const bytes: number[] = [];
  for (let index = 0; index < value.length; index += 1) {
    const hex = value.slice(index + 1, index + 3);
    if (value[index] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...new TextEncoder().encode(value[index]));
    }
  }
  try {
    return new TextDecoder(charset || 'utf-8').decode(new Uint8Array(bytes));
  } catch {
    return new TextDecoder('utf-8').decode(new Uint8Array(bytes));
  }
}

function readProperties(card: ICAL.Component): JCardProperty[] {
  return card.getAllProperties().map((property) => {
    const parameters = (property.toJSON() as [string, Record<string, unknown>])[1];
    let values = property.getValues();
    const encoding = String(parameters.encoding ?? '').toUpperCase();
    if (encoding === 'QUOTED-PRINTABLE') {
      const charset = String(parameters.charset ?? 'utf-8');
      const decode = (value: unknown): unknown =>
        typeof value === 'string'
          ? decodeQuotedPrintable(value, charset)
          : Array.isArray(value)
            ? value.map(decode)
            : value;
      values = values.map(decode);
    }
    return { name: property.name, values, type: property.type, parameters };
  });
}

const asText = (value: unknown): string =>
  // ical.js keeps "\;" escaped in text values; an unescaped semicolon is what the card meant.
  typeof value === 'string' ? value.replaceAll('\\;', ';') : Array.isArray(value) ? value.map(asText).join(' ') : '';

function typeList(parameters: Record<string, unknown>): string[] {
  const type = parameters.type;
  const list = Array.isArray(type) ? type : type === undefined ? [] : [type];
  return list.flatMap((entry) => String(entry).split(',')).map((entry) => entry.trim().toLowerCase());
}

/** The preferred one of several EMAIL or TEL properties: PREF=1 (4.0) or TYPE=pref (3.0), else the first. */
function preferred(properties: JCardProperty[], name: string): JCardProperty | undefined {
  const candidates = properties.filter(
    (property) => property.name === name && asText(property.values[0]).trim() !== '',
  );
  const rank = (property: JCardProperty) => {
    const pref = Number(property.parameters.pref);
    if (Number.isFinite(pref) && pref > 0) return pref;
    return typeList(property.parameters).includes('pref') ? 1 : 101;
  };
  return candidates.reduce<JCardProperty | undefined>(
    (best, property) => (!best || rank(property) < rank(best) ? property : best),
    undefined,
  );
}

function cardToRow(properties: JCardProperty[]): ContactImportRow {
  const first = (name: string) => properties.find((property) => property.name === name);
  let name = asText(first('fn')?.values).trim();
  if (!name) {
    // N is family;given;additional;prefixes;suffixes
    const parts = first('n')?.values[0];
    const [family = '', given = ''] = Array.isArray(parts) ? parts.map(asText) : [asText(parts)];
    name = [given, family]
      .map((part) => part.trim())
      .filter(Boolean)
      .join(' ');
  }
  if (!name) name = asText(first('org')?.values).trim();
  const phone = asText(preferred(properties, 'tel')?.values[0]).trim().replace(/^tel:/i, '').replace(/;.*$/, '');
  const categories = properties
    .filter((property) => property.name === 'categories')
    .flatMap((property) => property.values.map(asText));
  const relationship = categories.map(toRelationship).find((value) => value !== null) ?? null;
  const description = properties
    .filter((property) => property.name === 'note')
    .map((property) => property.values.map(asText).join(','))
    .join('\n')
    .trim();
  return {
    name,
    email: asText(preferred(properties, 'email')?.values[0])
      .trim()
      .replace(/^mailto:/i, ''),
    phone: phone || null,
    relationship,
    description: description || null,
  };
}

/**
 * Reads a vCard file (4.0, 3.0, and 2.1 as phones export it) with ical.js. Name from FN (else N,
 * else ORG), the preferred EMAIL and TEL, relationship from CATEGORIES (the first known one),
 * description from NOTE. Folded lines and UTF-8 text are handled by the parser.
 */
export function parseContactsVcard(text: string): ParsedContactFile {
  let parsed: unknown;
  try {
    parsed = ICAL.parse(adaptVcard21(text.replace(/^\uFEFF/, '')));
  } catch {
    return { contacts: [], errors: [], fileError: 'contacts.import.fileUnreadable' };
  }
  const list = (Array.isArray(parsed) && typeof parsed[0] === 'string' ? [parsed] : (parsed as unknown[])) ?? [];
  const cards = list
    .map((jCal) => new ICAL.Component(jCal as unknown[]))
    .filter((component) => component.name === 'vcard');
  if (cards.length === 0) return { contacts: [], errors: [], fileError: 'contacts.errors.importEmpty' };
  return collectRows(cards.map((card, index) => ({ row: index + 1, fields: cardToRow(readProperties(card)) })));
}

/** vCard 4.0 (RFC 6350): FN, N, EMAIL, TEL (free text), CATEGORIES for the relationship, NOTE. */
export function contactsToVcard(contacts: readonly (ContactExportRow & { id?: string })[]): string {
  const cards = contacts.map((contact) => {
    const card = new ICAL.Component(['vcard', [], []]);
    card.addPropertyWithValue('version', '4.0');
    card.addPropertyWithValue('prodid', '-//Life Updates//Contacts 1.2.0//EN');
    if (contact.id) card.addPropertyWithValue('uid', `urn:uuid:${contact.id}`);
    card.addPropertyWithValue('fn', contact.name);
    // N is optional in 4.0 but some address books show only N; the whole name goes in "given".
    card.addPropertyWithValue('n', ['', contact.name, '', '', '']);
    const email = card.addPropertyWithValue('email', contact.email);
    email.setParameter('pref', '1');
    if (contact.phone) {
      const phone = card.addPropertyWithValue('tel', contact.phone);
      // RFC 6350 §6.4.1: TEL may stay free-form text for vCard 3 compatibility; keeps the user's format.
      phone.setParameter('value', 'text');
    }
    if (contact.relationship) card.addPropertyWithValue('categories', contact.relationship);
    if (contact.description) card.addPropertyWithValue('note', contact.description);
    return card.toJSON();
  });
  return cards.length === 0 ? '' : `${ICAL.stringify(cards as never)}`.replace(/(\r\n)?$/, '\r\n');
}

/** Guesses the format from the file name, else from the content (a vCard starts with BEGIN:VCARD). */
export function detectContactFileFormat(text: string, fileName?: string): ContactFileFormat {
  const extension = fileName?.split('.').pop()?.toLowerCase();
  if (extension === 'vcf' || extension === 'vcard') return 'vcard';
  if (extension === 'csv') return 'csv';
  return /^\uFEFF?\s*BEGIN:VCARD/i.test(text) ? 'vcard' : 'csv';
}

/** Reads an uploaded contacts file of either format. */
export function parseContactsFile(text: string, fileName?: string): ParsedContactFile {
  return detectContactFileFormat(text, fileName) === 'vcard' ? parseContactsVcard(text) : parseContactsCsv(text);
}
