import { parseContactsCsv } from '@life-updates/contract/contact-files';
import { describe, expect, it } from 'vitest';
import { buildImportPreview } from './import-preview';

describe('buildImportPreview', () => {
  it('marks invalid rows, emails already in the list and emails repeated in the file, and sends only the rest', () => {
    const parsed = parseContactsCsv(
      [
        'name,email,phone',
        'Ann,ann@example.com,',
        'Known,KNOWN@example.com,',
        'Broken,broken-at-example.com,',
        'Ann Again,Ann@Example.com,',
        '"Петров, Пётр",petr@example.ru,+7 (999) 123-45-67',
      ].join('\n'),
    );
    const preview = buildImportPreview(parsed, ['known@example.com']);
    expect(preview.rows.map((row) => [row.row, row.status])).toEqual([
      [1, 'ready'],
      [2, 'existing'],
      [3, 'invalid'],
      [4, 'duplicateInFile'],
      [5, 'ready'],
    ]);
    expect(preview.rows[2]?.problems).toEqual({ email: 'contacts.validation.emailInvalid' });
    expect(preview.ready.map((entry) => entry.contact.name)).toEqual(['Ann', 'Петров, Пётр']);
    expect(preview.counts).toEqual({ ready: 2, invalid: 1, existing: 1, duplicateInFile: 1 });
  });
});
