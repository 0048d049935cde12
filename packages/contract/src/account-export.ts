import Papa from 'papaparse';
import { formulaStart } from './contact-files.ts';

export type CsvValue = string | number | boolean | null | undefined;

/**
 * A table as CSV with a header row, readable by any spreadsheet: a byte-order mark so Cyrillic reads
 * as UTF-8, and text that would start a formula prefixed with ' (as the contacts export does).
 */
export function rowsToCsv(fields: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  const cell = (value: CsvValue) => {
    if (value === null || value === undefined) return '';
    const text = String(value);
    return formulaStart.test(text) ? `'${text}` : text;
  };
  const csv = Papa.unparse({ fields: [...fields], data: rows.map((row) => row.map(cell)) }, { newline: '\r\n' });
  return `\uFEFF${csv.replace(/(\r\n)+$/, '')}\r\n`;
}

/** The download's name: `life-updates-export-2026-11-27.zip`. */
export const accountExportFileName = (date: Date) => `life-updates-export-${date.toISOString().slice(0, 10)}.zip`;
