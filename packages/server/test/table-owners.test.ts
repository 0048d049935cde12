import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * One owner per table (decision 009): a table's rows are written (inserted, updated, deleted) by
 * its owning feature only; every other feature asks that owner. Reading stays free.
 */

const sourceDir = fileURLToPath(new URL('../src/', import.meta.url));

/** Every `.ts` file under `dir` except tests. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The table (by its drizzle name and its SQL name) → the folders under src whose files may write it. */
const owners: Record<string, { sqlName: string; writers: readonly string[] }> = {
  userSettings: { sqlName: 'user_settings', writers: ['features/settings'] },
  // Contacts own the row; recipients own whether it may be sent to (unsubscribed, bouncing).
  contacts: { sqlName: 'contacts', writers: ['features/contacts', 'features/recipients'] },
  // Kept by the database's own triggers on contacts; no code writes it.
  unsubscribedAddresses: { sqlName: 'unsubscribed_addresses', writers: [] },
  shares: { sqlName: 'shares', writers: ['features/shares'] },
  ideaPhotos: { sqlName: 'idea_photos', writers: ['features/photos'] },
  // The share pipeline owns deliveries; the email channel fixes an email's Message-ID before its
  // first attempt, and records what the mail provider reports (delivered, bounced, complaint).
  deliveries: { sqlName: 'deliveries', writers: ['features/shares', 'features/email'] },
};

/** The files under src that write `table`, as paths relative to src. */
function writersOf(table: string, sqlName: string): string[] {
  const drizzleWrite = new RegExp(String.raw`\.(?:insert|update|delete)\(\s*${table}\b`);
  const sqlWrite = new RegExp(String.raw`\b(?:insert\s+into|update|delete\s+from)\s+"?${sqlName}\b`, 'i');
  return sourceFiles(sourceDir)
    .filter((file) => {
      const text = readFileSync(file, 'utf8');
      return drizzleWrite.test(text) || sqlWrite.test(text);
    })
    .map((file) => path.relative(sourceDir, file).split(path.sep).join('/'));
}

describe('table owners', () => {
  it('finds the writers of a table (the check itself works)', () => {
    expect(writersOf('userSettings', 'user_settings')).toContain('features/settings/settings-service.ts');
    expect(writersOf('contacts', 'contacts')).toContain('features/contacts/contacts-service.ts');
  });

  for (const [table, { sqlName, writers }] of Object.entries(owners)) {
    it(`${table} is written by its owner only`, () => {
      const strangers = writersOf(table, sqlName).filter(
        (file) => !writers.some((owner) => file.startsWith(`${owner}/`)),
      );
      expect(strangers).toEqual([]);
    });
  }
});
