import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { databaseDirectory, isDatabaseEntry, moveDatabaseIntoItsFolder } from '../src/db/database-directory.ts';
import { contactMessages } from '../src/db/schema.ts';
import { freePort, scratch, startServerProcess, waitForHealth } from './server-process.ts';

// Installs made before the embedded database had its own folder kept it directly in DATA_DIR,
// beside the secret, the photos and the backups: start-up moves it into DATA_DIR/db.
const { temporaryDirectory, track, cleanUp } = scratch('life-updates-db-dir-');
afterEach(cleanUp);

const secret = 'an-older-install-secret-that-is-long-enough-0123456';

/** An older install's DATA_DIR: a database with one row directly in it, its secret, a photo and a backup. */
async function olderInstall() {
  const dataDir = temporaryDirectory();
  const database = await openDatabase({ dataDir });
  await database.db
    .insert(contactMessages)
    .values({ name: 'Ann', email: 'ann@example.com', subject: 'Before', message: 'Written before the move' });
  await database.close();
  writeFileSync(path.join(dataDir, 'app-secret'), secret);
  mkdirSync(path.join(dataDir, 'media', 'user-1', 'idea-1'), { recursive: true });
  writeFileSync(path.join(dataDir, 'media', 'user-1', 'idea-1', 'photo.jpg'), 'a photo');
  mkdirSync(path.join(dataDir, 'backups'));
  writeFileSync(path.join(dataDir, 'backups', 'life-updates-2026-11-01T03-07-00-000Z.tar.gz'), 'an earlier backup');
  writeFileSync(path.join(dataDir, 'notes.txt'), 'mine');
  return dataDir;
}

/** The rows and files the older install had, now with the database in DATA_DIR/db. */
async function expectMovedIntact(dataDir: string) {
  expect(readdirSync(dataDir).filter(isDatabaseEntry)).toEqual([]);
  expect(readdirSync(dataDir)).not.toContain('db.moving');
  expect(readdirSync(databaseDirectory(dataDir))).toContain('PG_VERSION');
  expect(readdirSync(databaseDirectory(dataDir)).filter((name) => !isDatabaseEntry(name))).toEqual([]);
  expect(readFileSync(path.join(dataDir, 'app-secret'), 'utf8')).toBe(secret);
  expect(readFileSync(path.join(dataDir, 'media', 'user-1', 'idea-1', 'photo.jpg'), 'utf8')).toBe('a photo');
  expect(readdirSync(path.join(dataDir, 'backups'))).toEqual(['life-updates-2026-11-01T03-07-00-000Z.tar.gz']);
  expect(readFileSync(path.join(dataDir, 'notes.txt'), 'utf8')).toBe('mine');
  const database = await openDatabase({ dataDir: databaseDirectory(dataDir) });
  try {
    const rows = await database.db.select().from(contactMessages);
    expect(rows.map((row) => row.message)).toEqual(['Written before the move']);
  } finally {
    await database.close();
  }
}

describe('the embedded database in DATA_DIR/db', () => {
  it('an older install: the server moves its database into DATA_DIR/db once, leaving the rest where it was', async () => {
    const dataDir = await olderInstall();
    const port = await freePort();
    const environment = {
      DATA_DIR: dataDir,
      PORT: String(port),
      BASE_URL: `http://localhost:${port}`,
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
    };
    const first = track(startServerProcess(environment));
    await waitForHealth(port, first.output);
    const moved = first
      .output()
      .split('\n')
      .filter((line) => line.includes('Moved the embedded database'));
    expect(moved).toHaveLength(1);
    expect(moved[0]).toContain(`from ${dataDir} into its own folder ${databaseDirectory(dataDir)} (`);
    // The line names what was moved: the database's entries, and only them.
    const movedNames = /\(([^)]*)\)/.exec(moved[0]!)![1]!.split(', ');
    expect(movedNames).toEqual(expect.arrayContaining(['PG_VERSION', 'base', 'global', 'pg_wal', 'postgresql.conf']));
    expect(movedNames.filter((name) => !isDatabaseEntry(name))).toEqual([]);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    await expectMovedIntact(dataDir);

    // The next start finds it in place and moves nothing.
    const second = track(startServerProcess(environment));
    await waitForHealth(port, second.output);
    expect(second.output()).not.toContain('Moved the embedded database');
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    await expectMovedIntact(dataDir);
  }, 120_000);

  it('a move cut short by a crash, with part of the entries gathered, is finished at the next start', async () => {
    const dataDir = await olderInstall();
    mkdirSync(path.join(dataDir, 'db.moving'));
    for (const name of ['PG_VERSION', 'base', 'pg_wal']) {
      renameSync(path.join(dataDir, name), path.join(dataDir, 'db.moving', name));
    }
    const moved = moveDatabaseIntoItsFolder(dataDir);
    expect(moved).toEqual(expect.arrayContaining(['PG_VERSION', 'base', 'global', 'pg_wal', 'postgresql.conf']));
    await expectMovedIntact(dataDir);
    expect(moveDatabaseIntoItsFolder(dataDir)).toEqual([]);
  }, 60_000);

  it('a move cut short after gathering every entry, before its last rename, is finished too', async () => {
    const dataDir = await olderInstall();
    mkdirSync(path.join(dataDir, 'db.moving'));
    for (const name of readdirSync(dataDir).filter(isDatabaseEntry)) {
      renameSync(path.join(dataDir, name), path.join(dataDir, 'db.moving', name));
    }
    expect(moveDatabaseIntoItsFolder(dataDir)).toContain('PG_VERSION');
    await expectMovedIntact(dataDir);
  }, 60_000);

  it('refuses to choose when DATA_DIR holds a database both directly and in db/', async () => {
    const dataDir = await olderInstall();
    mkdirSync(databaseDirectory(dataDir));
    writeFileSync(path.join(databaseDirectory(dataDir), 'PG_VERSION'), '17\n');
    expect(() => moveDatabaseIntoItsFolder(dataDir)).toThrow(`${dataDir} holds two databases`);
    expect(readdirSync(dataDir)).toContain('base');
  }, 60_000);

  it('a new install has nothing to move', () => {
    expect(moveDatabaseIntoItsFolder(temporaryDirectory())).toEqual([]);
    expect(moveDatabaseIntoItsFolder(path.join(temporaryDirectory(), 'not-yet-made'))).toEqual([]);
  });
});
