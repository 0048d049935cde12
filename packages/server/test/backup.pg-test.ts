import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { backupDatabase, partialSuffix, restoreDatabase } from '../src/db/backup.ts';
import { contactMessages } from '../src/db/schema.ts';
import { scratch } from './server-process.ts';
import { openTestDatabase } from './test-app.ts';

const { temporaryDirectory, cleanUp } = scratch('life-updates-pg-backup-');
afterEach(cleanUp);

describe('db:backup and db:restore on PostgreSQL (DATABASE_URL)', () => {
  it('dump the database with pg_dump, written whole, and put it back with psql', async () => {
    const database = await openTestDatabase();
    try {
      const connectionString = database.connectionString!;
      await database.db
        .insert(contactMessages)
        .values({ name: 'Ann', email: 'ann@example.com', subject: 'Hello', message: 'Kept in the dump' });
      const file = path.join(temporaryDirectory(), 'backup.sql');
      await backupDatabase({ dataDir: temporaryDirectory(), connectionString, file });
      expect(existsSync(file + partialSuffix)).toBe(false);
      expect(readFileSync(file, 'utf8')).toContain('Kept in the dump');

      await database.db.delete(contactMessages);
      await restoreDatabase({ dataDir: temporaryDirectory(), connectionString, file });
      const rows = await database.db.select().from(contactMessages);
      expect(rows.map((row) => row.message)).toEqual(['Kept in the dump']);
    } finally {
      await database.close();
    }
  }, 60_000);
});
