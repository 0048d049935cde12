import type { ContactFields, ParsedContactFile } from '@life-updates/contract/contacts';

export type ImportRowStatus = 'ready' | 'invalid' | 'existing' | 'duplicateInFile';

export type ImportPreviewRow = {
  /** 1-based: the CSV data row or the vCard card. */
  row: number;
  name: string | null;
  email: string | null;
  phone: string | null;
  relationship: string | null;
  status: ImportRowStatus;
  /** field → catalogue key of the problem, for invalid rows. */
  problems: Record<string, string>;
};

export type ImportPreview = {
  rows: ImportPreviewRow[];
  /** What will be sent: valid rows whose email is neither already a contact nor repeated in the file. */
  ready: Array<{ row: number; contact: ContactFields }>;
  counts: Record<ImportRowStatus, number>;
};

const emailKey = (email: string) => email.trim().toLowerCase();

/**
 * Marks each row of a read file before anything is saved: errors from the
 * contact form rules, emails already among the user's contacts, and emails repeated in the file
 * (the first one wins). Emails compare case-insensitively, as the server does.
 */
export function buildImportPreview(parsed: ParsedContactFile, existingEmails: Iterable<string>): ImportPreview {
  const existing = new Set([...existingEmails].map(emailKey));
  const seen = new Set<string>();
  const rows: ImportPreviewRow[] = [];
  const ready: ImportPreview['ready'] = [];

  for (const error of parsed.errors) {
    rows.push({
      row: error.row,
      name: error.name,
      email: error.email,
      phone: null,
      relationship: null,
      status: 'invalid',
      problems: error.fields,
    });
  }
  for (const entry of [...parsed.contacts].sort((a, b) => a.row - b.row)) {
    const key = emailKey(entry.contact.email);
    const status: ImportRowStatus = existing.has(key) ? 'existing' : seen.has(key) ? 'duplicateInFile' : 'ready';
    seen.add(key);
    if (status === 'ready') ready.push(entry);
    rows.push({ row: entry.row, ...entry.contact, status, problems: {} });
  }
  rows.sort((a, b) => a.row - b.row);

  const counts: Record<ImportRowStatus, number> = { ready: 0, invalid: 0, existing: 0, duplicateInFile: 0 };
  for (const row of rows) counts[row.status] += 1;
  return { rows, ready, counts };
}
