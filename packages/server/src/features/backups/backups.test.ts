import { PGlite } from '@electric-sql/pglite';
import { gunzipSync, gzipSync } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { extract as tarExtract } from 'tar-stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createUser,
  openTestDatabase,
  testBaseUrl,
  type TestApp,
  type TestUser,
} from '../../../test/test-app.ts';
import { partialSuffix, restoreDatabase } from '../../db/backup.ts';
import { openDatabase, type DatabaseHandle } from '../../db/client.ts';
import { databaseDirectory, isDatabaseEntry } from '../../db/database-directory.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { startJobQueue } from '../../jobs.ts';
import { registerWorkers } from '../../workers.ts';
import { backupQueue, backUpIfDue } from './backup-worker.ts';
import { createBackup, findBackups, isBackupDue, pruneBackups, removeStalePartialBackups } from './backups-service.ts';

const directories: string[] = [];
function temporaryDirectory() {
  const directory = mkdtempSync(path.join(tmpdir(), 'life-updates-backups-'));
  directories.push(directory);
  return directory;
}
afterAll(() => {
  for (const directory of directories) rmSync(directory, { recursive: true, force: true });
});

/** The names in a tar archive, without a leading `/`. */
async function tarEntryNames(archive: Buffer): Promise<string[]> {
  const extract = tarExtract();
  extract.end(archive);
  const names: string[] = [];
  for await (const entry of extract) {
    names.push(entry.header.name.replace(/^\.?\/+/, ''));
    entry.resume();
  }
  return names;
}

/** The rows of a raw query (node-postgres and PGlite both answer { rows }). */
function rowsOf<Row>(result: unknown) {
  return (result as { rows: Row[] }).rows;
}

/** Every row of every table of the app's schema (and the scratch table), in a stable order, as JSON. */
async function contentsOf(handle: DatabaseHandle) {
  const tables = rowsOf<{ name: string }>(
    await handle.db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    ),
  );
  const contents: Record<string, unknown> = {};
  for (const { name } of tables) {
    const [table] = rowsOf<{ rows: unknown }>(
      await handle.db.execute(
        sql`select coalesce(json_agg(t order by t::text), '[]') as rows from ${sql.identifier(name)} t`,
      ),
    );
    contents[name] = table?.rows;
  }
  return contents;
}

/** PGlite on a folder of its own, as the server opens it (a backup copies its files). */
async function pgliteOnDisk() {
  const pglite = new PGlite(path.join(temporaryDirectory(), 'db'));
  await pglite.waitReady;
  return pglite;
}

describe('automatic backups: retention', () => {
  it('keeps the newest BACKUP_KEEP backups and leaves other files alone', async () => {
    const pglite = await pgliteOnDisk();
    const directory = temporaryDirectory();
    writeFileSync(path.join(directory, 'notes.txt'), 'mine');
    const start = Date.parse('2026-11-01T03:07:00.000Z');
    const day = 24 * 60 * 60 * 1000;
    for (let index = 0; index < 9; index += 1) {
      await createBackup({
        pglite,
        directory,
        keep: 7,
        now: new Date(start + index * day),
      });
    }
    await pglite.close();
    const kept = await findBackups({ directory });
    expect(kept.map((backup) => backup.createdAt)).toEqual(
      [8, 7, 6, 5, 4, 3, 2].map((index) => new Date(start + index * day).toISOString()),
    );
    expect(kept.every((backup) => backup.size > 0)).toBe(true);
    expect(readdirSync(directory).sort()).toEqual([...kept.map((backup) => backup.name), 'notes.txt'].sort());
  }, 120_000);

  it('removes what a backup killed half-way left when it prunes, and never lists it', async () => {
    const directory = temporaryDirectory();
    // As a killed backup leaves it: the first part of a gzip, under the partial name.
    const stale = `life-updates-2026-11-01T03-07-00-000Z.tar.gz${partialSuffix}`;
    writeFileSync(path.join(directory, stale), gzipSync(randomBytes(64 * 1024)).subarray(0, 4096));
    writeFileSync(path.join(directory, `notes.txt${partialSuffix}`), 'not a backup of ours');
    expect(await findBackups({ directory })).toEqual([]);
    await pruneBackups({ directory, keep: 7 });
    expect(readdirSync(directory)).toEqual([`notes.txt${partialSuffix}`]);

    // Also when a backup prunes after itself.
    writeFileSync(path.join(directory, stale), 'cut short');
    const pglite = await pgliteOnDisk();
    const backup = await createBackup({ pglite, directory, keep: 7, now: new Date('2026-11-02T03:07:00.000Z') });
    await pglite.close();
    expect(readdirSync(directory).sort()).toEqual([backup.name, `notes.txt${partialSuffix}`].sort());
  }, 60_000);

  it('keeps the partial file of a backup this process is still writing', async () => {
    const directory = temporaryDirectory();
    const pglite = await pgliteOnDisk();
    const now = new Date('2026-11-03T03:07:00.000Z');
    const backingUp = createBackup({ pglite, directory, keep: 7, now });
    const partial = path.join(directory, `life-updates-2026-11-03T03-07-00-000Z.tar.gz${partialSuffix}`);
    while (!existsSync(partial)) await new Promise((resolve) => setImmediate(resolve));
    // "Back up now" pruning while the daily backup is still copying.
    await removeStalePartialBackups({ directory });
    expect(existsSync(partial)).toBe(true);
    expect(await backingUp).toMatchObject({ createdAt: now.toISOString() });
    await pglite.close();
    expect(readdirSync(directory)).toEqual(['life-updates-2026-11-03T03-07-00-000Z.tar.gz']);
  }, 60_000);

  it('is due when the newest backup is a day old, or there is none', async () => {
    const directory = temporaryDirectory();
    const now = new Date('2026-11-27T10:00:00.000Z');
    const maxAgeMs = 23.5 * 60 * 60 * 1000;
    expect(await isBackupDue({ directory: path.join(directory, 'missing'), now, maxAgeMs })).toBe(true);
    const pglite = await pgliteOnDisk();
    await createBackup({
      pglite,
      directory,
      keep: 7,
      now: new Date('2026-11-27T03:00:00.000Z'),
    });
    await pglite.close();
    expect(await isBackupDue({ directory, now, maxAgeMs })).toBe(false);
    expect(await isBackupDue({ directory, now: new Date('2026-11-28T02:30:00.000Z'), maxAgeMs })).toBe(true);
  }, 60_000);
});

describe('the daily backup job', () => {
  it('is scheduled for a database in a data dir, and backs up once a day', async () => {
    const dataDir = temporaryDirectory();
    const backupDir = temporaryDirectory();
    const config = loadConfig(
      { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, BACKUP_DIR: backupDir },
      { BASE_URL: testBaseUrl },
    );
    const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
    const jobs = await startJobQueue(database, { error: () => {} });
    const app = await buildApp({ config, database, jobs, webDistDir: null });
    // Left by a backup the server was killed in the middle of, before this start.
    const stale = path.join(backupDir, `life-updates-2026-11-26T03-07-00-000Z.tar.gz${partialSuffix}`);
    writeFileSync(stale, 'cut short');
    try {
      await registerWorkers(app);
      expect(existsSync(stale)).toBe(false);
      const schedules = await jobs.getSchedules();
      expect(schedules.map((schedule) => [schedule.name, schedule.cron])).toContainEqual([backupQueue, '7 * * * *']);

      const first = new Date('2026-11-27T03:07:00.000Z');
      const options = { pglite: database.pglite!, directory: backupDir, keep: 7 };
      expect(await backUpIfDue({ ...options, now: first })).toMatchObject({ createdAt: first.toISOString() });
      expect(await backUpIfDue({ ...options, now: new Date('2026-11-27T22:07:00.000Z') })).toBeUndefined();
      const nextDay = new Date('2026-11-28T03:07:00.000Z');
      expect(await backUpIfDue({ ...options, now: nextDay })).toMatchObject({ createdAt: nextDay.toISOString() });
      expect((await findBackups({ directory: backupDir })).length).toBe(2);
    } finally {
      await app.close();
      await jobs.stop({ graceful: false, timeout: 1000 });
      await database.close();
    }
  }, 120_000);

  it('is not scheduled for an in-memory database', async () => {
    const testApp = await createTestApp({ withJobs: true });
    try {
      const schedules = await testApp.jobs!.getSchedules();
      expect(schedules.map((schedule) => schedule.name)).not.toContain(backupQueue);
    } finally {
      await testApp.close();
    }
  });
});

describe('automatic backups: consistency', () => {
  let source: DatabaseHandle;
  let sourceDir: string;
  beforeAll(async () => {
    sourceDir = temporaryDirectory();
    source = await openDatabase({ dataDir: path.join(sourceDir, 'data') });
  }, 60_000);
  afterAll(async () => {
    await source.close();
  });

  async function restoreInto(file: string) {
    const target = path.join(temporaryDirectory(), 'restored');
    await restoreDatabase({ dataDir: target, file });
    return openDatabase({ dataDir: databaseDirectory(target) });
  }

  it('a backup of the running database, restored into a fresh one, holds the same rows in every table', async () => {
    await source.db.execute(
      sql`insert into users (id, name, email, email_verified) values ('u1', 'Ann', 'ann@example.com', true)`,
    );
    await source.db.execute(sql`insert into contacts (user_id, name, email) values ('u1', 'Bo', 'bo@example.com')`);
    const backup = await createBackup({
      pglite: source.pglite!,
      directory: path.join(sourceDir, 'backups'),
      keep: 7,
    });
    const restored = await restoreInto(path.join(sourceDir, 'backups', backup.name));
    try {
      const before = await contentsOf(source);
      expect(Object.keys(before).length).toBeGreaterThan(10);
      expect(JSON.stringify(before)).toContain('bo@example.com');
      expect(await contentsOf(restored)).toEqual(before);
    } finally {
      await restored.close();
    }
  }, 120_000);

  it('holds the database folder only: the photos and the earlier backups beside it in DATA_DIR are not read', async () => {
    const dataDir = temporaryDirectory();
    const handle = await openDatabase({ dataDir: databaseDirectory(dataDir) });
    try {
      await handle.db.execute(
        sql`insert into users (id, name, email, email_verified) values ('u2', 'Cy', 'cy@example.com', true)`,
      );
      const mediaDirectory = path.join(dataDir, 'media');
      const directory = path.join(dataDir, 'backups');
      mkdirSync(path.join(mediaDirectory, 'u2', 'idea'), { recursive: true });
      // Random bytes do not compress: a backup holding them would be a megabyte larger.
      writeFileSync(path.join(mediaDirectory, 'u2', 'idea', 'photo.jpg'), randomBytes(1024 * 1024));
      writeFileSync(path.join(dataDir, 'app-secret'), 'not in any backup');
      const options = { pglite: handle.pglite!, directory, keep: 7 };
      const first = await createBackup({ ...options, now: new Date('2026-11-01T03:07:00.000Z') });
      const second = await createBackup({ ...options, now: new Date('2026-11-02T03:07:00.000Z') });
      const third = await createBackup({ ...options, now: new Date('2026-11-03T03:07:00.000Z') });
      // Each holds the database only, not the ones before it: they stay the same size (with the
      // earlier backups in it the third would be twice the first and more).
      expect(second.size).toBeLessThan(first.size + 512 * 1024);
      expect(third.size).toBeLessThan(first.size + 512 * 1024);
      const names = await tarEntryNames(gunzipSync(readFileSync(path.join(directory, third.name))));
      expect(names).toContain('PG_VERSION');
      expect(names).toContain('base');
      expect(names.filter((name) => !isDatabaseEntry(name.split('/')[0]!))).toEqual([]);

      const restored = await restoreInto(path.join(directory, third.name));
      try {
        expect(JSON.stringify(await contentsOf(restored))).toContain('cy@example.com');
      } finally {
        await restored.close();
      }
    } finally {
      await handle.close();
    }
  }, 120_000);

  it('taken while transactions are writing, holds each transaction whole or not at all', async () => {
    await source.db.execute(sql`create table backup_check (batch int not null, part int not null)`);
    let isWriting = true;
    let batches = 0;
    const writer = (async () => {
      while (isWriting) {
        const batch = batches;
        // Two rows per transaction, the second after a pause: a copy taken mid-transaction would hold one.
        await source.db.transaction(async (transaction) => {
          await transaction.execute(sql`insert into backup_check values (${batch}, 1)`);
          await new Promise((resolve) => setTimeout(resolve, 5));
          await transaction.execute(sql`insert into backup_check values (${batch}, 2)`);
        });
        batches += 1;
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const backup = await createBackup({
      pglite: source.pglite!,
      directory: path.join(sourceDir, 'backups'),
      keep: 7,
    });
    const batchesAtBackup = batches;
    await new Promise((resolve) => setTimeout(resolve, 100));
    isWriting = false;
    await writer;

    const restored = await restoreInto(path.join(sourceDir, 'backups', backup.name));
    try {
      const rows = rowsOf<{ batch: number; parts: number }>(
        await restored.db.execute(
          sql`select batch, count(*)::int as parts from backup_check group by batch order by batch`,
        ),
      );
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.length).toBeLessThanOrEqual(batchesAtBackup + 1);
      expect(rows.filter((row) => row.parts !== 2)).toEqual([]);
      // No gaps: the batches the backup holds are the first ones written.
      expect(rows.map((row) => row.batch)).toEqual(rows.map((_row, index) => index));
    } finally {
      await restored.close();
    }
  }, 120_000);
});

/**
 * The real app on an embedded database in a data dir of its own, as the server runs it (a backup
 * copies the database's files, which an in-memory one has not); on PostgreSQL the test database.
 */
async function appOnDisk({ backupDir }: { backupDir: string }): Promise<TestApp> {
  const dataDir = temporaryDirectory();
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, BACKUP_DIR: backupDir },
    { BASE_URL: testBaseUrl },
  );
  const database = process.env.TEST_DATABASE_URL
    ? await openTestDatabase()
    : await openDatabase({ dataDir: databaseDirectory(dataDir) });
  const app = await buildApp({ config, database, jobs: undefined, webDistDir: null });
  await app.ready();
  return {
    app,
    database,
    config,
    jobs: undefined,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

describe('Settings → Admin → Backups', () => {
  let testApp: TestApp;
  let admin: TestUser;
  let user: TestUser;
  let backupDir: string;
  beforeAll(async () => {
    backupDir = temporaryDirectory();
    testApp = await appOnDisk({ backupDir });
    admin = await createUser(testApp.app, 'root@example.com');
    user = await createUser(testApp.app, 'alice@example.com');
  });
  afterAll(async () => {
    await testApp.close();
  });
  afterEach(() => {
    for (const name of readdirSync(backupDir)) rmSync(path.join(backupDir, name));
  });

  const call = (who: TestUser | null, method: 'GET' | 'POST', url: string) =>
    testApp.app.inject({ method, url, headers: who ? who.headers : { origin: testBaseUrl } });

  it.each([
    ['GET', '/api/admin/backups'],
    ['POST', '/api/admin/backups'],
    ['GET', '/api/admin/backups/life-updates-2026-11-27T03-07-00-000Z.tar.gz'],
  ] as const)('%s %s answers 401 signed out and 403 for a user who is not an admin', async (method, url) => {
    expect((await call(null, method, url)).statusCode).toBe(401);
    const response = await call(user, method, url);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect(readdirSync(backupDir)).toEqual([]);
  });

  it('Back up now makes a backup the admin can download and the list shows', async () => {
    if (testApp.database.kind === 'postgres') {
      const refused = await call(admin, 'POST', '/api/admin/backups');
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ message: 'This server uses PostgreSQL: back it up with pg_dump.' });
      expect((await call(admin, 'GET', '/api/admin/backups')).json()).toEqual({
        database: 'postgres',
        directory: null,
        keep: 7,
        backups: [],
      });
      return;
    }
    const created = await call(admin, 'POST', '/api/admin/backups');
    expect(created.statusCode, created.body).toBe(201);
    const backup = created.json<{ name: string; size: number }>();
    expect(readdirSync(backupDir)).toEqual([backup.name]);

    const list = await call(admin, 'GET', '/api/admin/backups');
    expect(list.json()).toEqual({ database: 'pglite', directory: backupDir, keep: 7, backups: [created.json()] });

    const download = await call(admin, 'GET', `/api/admin/backups/${backup.name}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${backup.name}"`);
    expect(download.rawPayload.equals(readFileSync(path.join(backupDir, backup.name)))).toBe(true);
    // A PGlite data directory archive: a tar (ustar magic at 257) of PostgreSQL's files.
    const tar = gunzipSync(download.rawPayload);
    expect(tar.subarray(257, 262).toString()).toBe('ustar');
    expect(tar.toString('latin1')).toContain('PG_VERSION');
  }, 60_000);

  it('downloads nothing but backups: other names are refused', async () => {
    writeFileSync(path.join(backupDir, 'secret.txt'), 'x');
    for (const name of ['secret.txt', '..%2Fapp-secret', 'life-updates-2026-11-27T03-07-00-000Z.tar.gz']) {
      const response = await call(admin, 'GET', `/api/admin/backups/${name}`);
      expect([400, 404], `${name}: ${response.statusCode}`).toContain(response.statusCode);
      expect(response.body).not.toBe('x');
    }
  });
});
