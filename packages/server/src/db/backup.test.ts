import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseSize, growDatabase } from '../../test/grow-database.ts';
import { scratch, serverDirectory } from '../../test/server-process.ts';
import { createBackup } from '../features/backups/backups-service.ts';
import { partialSuffix, restoreDatabase } from './backup.ts';
import { openDatabase, type DatabaseHandle } from './client.ts';
import { databaseDirectory } from './database-directory.ts';

const { temporaryDirectory, cleanUp } = scratch('life-updates-backup-');
afterAll(cleanUp);

const mebibyte = 1024 * 1024;

/** The rows of a raw query (node-postgres and PGlite both answer { rows }). */
function rowsOf<Row>(result: unknown) {
  return (result as { rows: Row[] }).rows;
}

/**
 * Every table of the database (the app's, drizzle's migrations, any other schema but PostgreSQL's
 * own) with its row count and a checksum of its rows: the md5 of the rows' md5s in order, so two
 * tables match only when they hold the same rows.
 */
async function tableChecksums(handle: DatabaseHandle) {
  const tables = rowsOf<{ schema: string; name: string }>(
    await handle.db.execute(sql`
      select table_schema as schema, table_name as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
      order by 1, 2`),
  );
  const checksums: Record<string, { rows: number; checksum: string }> = {};
  for (const { schema, name } of tables) {
    const [table] = rowsOf<{ rows: number; checksum: string }>(
      await handle.db.execute(sql`
        select count(*)::int as rows, md5(coalesce(string_agg(md5(t::text), '' order by md5(t::text)), '')) as checksum
        from ${sql.identifier(schema)}.${sql.identifier(name)} t`),
    );
    checksums[`${schema}.${name}`] = table!;
  }
  return checksums;
}

/** `npm run db:backup -- FILE` in a process of its own, on DATA_DIR `dataDir`. */
function backupCommand(dataDir: string, file: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/db/backup-cli.ts', 'backup', file], {
    cwd: serverDirectory,
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, exited, output: () => output };
}

describe('a backup of a 100 MiB database', () => {
  let dataDir: string;
  let source: DatabaseHandle;
  let isSourceOpen = false;
  let before: Awaited<ReturnType<typeof tableChecksums>>;
  beforeAll(async () => {
    dataDir = temporaryDirectory();
    source = await openDatabase({ dataDir: databaseDirectory(dataDir) });
    isSourceOpen = true;
    await growDatabase(source.db, { bytes: 100 * mebibyte });
    before = await tableChecksums(source);
  }, 180_000);
  afterAll(async () => {
    if (isSourceOpen) await source.close();
  });

  it('taken from the running database and restored into a new data dir, holds every table row for row', async () => {
    expect(await databaseSize(source.db)).toBeGreaterThanOrEqual(100 * mebibyte);
    expect(before['public.ideas']!.rows).toBeGreaterThanOrEqual(30_000);
    expect(before['public.contacts']!.rows).toBeGreaterThanOrEqual(6_000);
    expect(Object.keys(before)).toContain('drizzle.__drizzle_migrations');

    const backup = await createBackup({ pglite: source.pglite!, directory: path.join(dataDir, 'backups'), keep: 7 });
    // The database's text is hex: gzip halves it, and PostgreSQL's own pages of it compress too.
    expect(backup.size).toBeGreaterThan(20 * mebibyte);
    expect(backup.size).toBeLessThan(100 * mebibyte);

    const target = temporaryDirectory();
    await restoreDatabase({ dataDir: target, file: path.join(dataDir, 'backups', backup.name) });
    const restored = await openDatabase({ dataDir: databaseDirectory(target) });
    try {
      expect(await tableChecksums(restored)).toEqual(before);
    } finally {
      await restored.close();
    }
  }, 180_000);

  it('killed half-way leaves no file that looks complete, and the next one replaces what it left', async () => {
    // The server is stopped for `npm run db:backup` (the data-dir lock): here, the test's own database.
    await source.close();
    isSourceOpen = false;
    const file = path.join(temporaryDirectory(), 'backup.tar.gz');
    const partial = file + partialSuffix;

    const killed = backupCommand(dataDir, file);
    // Killed once the archive is being written, well before its end (gzip of the database is tens of MiB).
    let sizeAtKill = 0;
    while (sizeAtKill < 2 * mebibyte) {
      expect(killed.child.exitCode, killed.output()).toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 10));
      sizeAtKill = existsSync(partial) ? statSync(partial).size : 0;
    }
    killed.child.kill('SIGKILL');
    expect(await killed.exited).toEqual({ code: null, signal: 'SIGKILL' });
    expect(existsSync(file)).toBe(false);
    expect(existsSync(partial)).toBe(true);
    // What it left is not a backup either: a restore of it fails and leaves no database behind.
    const target = temporaryDirectory();
    await expect(restoreDatabase({ dataDir: target, file: partial })).rejects.toThrow();
    expect(existsSync(databaseDirectory(target))).toBe(false);

    const next = backupCommand(dataDir, file);
    expect(await next.exited, next.output()).toEqual({ code: 0, signal: null });
    expect(next.output()).toContain(`Backed up to ${file}`);
    expect(existsSync(partial)).toBe(false);
    expect(statSync(file).size).toBeGreaterThan(sizeAtKill);
  }, 180_000);
});
