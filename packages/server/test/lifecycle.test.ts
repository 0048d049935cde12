import { PGlite } from '@electric-sql/pglite';
import path from 'node:path';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { backupDatabase, restoreDatabase } from '../src/db/backup.ts';
import { openDatabase } from '../src/db/client.ts';
import { databaseDirectory, isDatabaseEntry } from '../src/db/database-directory.ts';
import { contactMessages } from '../src/db/schema.ts';
import { freePort, scratch, startServerProcess, waitForHealth } from './server-process.ts';

const { temporaryDirectory, track, cleanUp } = scratch('life-updates-test-');

function startServer(env: Record<string, string>) {
  return track(
    startServerProcess({ LOG_LEVEL: 'info', NODE_ENV: 'production', BASE_URL: `http://localhost:${env.PORT}`, ...env }),
  );
}

afterEach(cleanUp);

describe('server process', () => {
  it('refuses a second process on the same data dir at once, and exits cleanly on SIGTERM within 5 s', async () => {
    const dataDir = temporaryDirectory();
    const port = await freePort();
    const first = startServer({ DATA_DIR: dataDir, PORT: String(port) });
    await waitForHealth(port, first.output);
    // A new install puts its database in its own folder straight away; nothing is moved.
    expect(existsSync(path.join(dataDir, 'db', 'PG_VERSION'))).toBe(true);
    expect(readdirSync(dataDir).filter(isDatabaseEntry)).toEqual([]);
    expect(first.output()).not.toContain('Moved the embedded database');

    const startedAt = Date.now();
    const second = startServer({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    expect(await second.exited).toBe(1);
    expect(Date.now() - startedAt).toBeLessThan(10_000);
    expect(second.output()).toContain('is in use by another Life Updates process');

    // OpenAPI document and UI are served.
    const openapi = await fetch(`http://127.0.0.1:${port}/api/docs/json`);
    expect(openapi.status).toBe(200);
    expect(((await openapi.json()) as { paths: Record<string, unknown> }).paths).toHaveProperty('/api/health');

    const signalledAt = Date.now();
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(5_000);
    expect(first.output()).not.toMatch(/app-secret|APP_SECRET=/);

    // The lock is released: the next start on the same data dir works.
    const third = startServer({ DATA_DIR: dataDir, PORT: String(port) });
    await waitForHealth(port, third.output);
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  }, 120_000);
});

describe('backup and restore', () => {
  it('round-trips the embedded database through a backup file', async () => {
    const source = temporaryDirectory();
    const handle = await openDatabase({ dataDir: databaseDirectory(source) });
    await handle.db
      .insert(contactMessages)
      .values({ name: 'Ann', email: 'ann@example.com', subject: 'Hello there', message: 'Kept in the backup' });
    await handle.close();

    // The photos (MEDIA_DIR's default) are a folder in the data directory, beside the database.
    mkdirSync(path.join(source, 'media', 'user'), { recursive: true });
    writeFileSync(path.join(source, 'media', 'user', 'photo.jpg'), 'photo');

    const file = path.join(temporaryDirectory(), 'backup.tar.gz');
    await backupDatabase({ dataDir: source, file });

    // A photos folder unpacked into the new data directory first may stay there.
    const target = path.join(temporaryDirectory(), 'restored');
    mkdirSync(path.join(target, 'media', 'user'), { recursive: true });
    writeFileSync(path.join(target, 'media', 'user', 'photo.jpg'), 'copied photo');
    expect(await restoreDatabase({ dataDir: target, file })).toEqual({
      movedEntries: [],
      secret: 'none in the backup',
    });
    const restored = await openDatabase({ dataDir: databaseDirectory(target) });
    const rows = await restored.db.select().from(contactMessages);
    await restored.close();
    expect(rows.map((row) => row.message)).toEqual(['Kept in the backup']);
    expect(readFileSync(path.join(target, 'media', 'user', 'photo.jpg'), 'utf8')).toBe('copied photo');
    const fresh = path.join(temporaryDirectory(), 'fresh');
    await restoreDatabase({ dataDir: fresh, file });
    expect(existsSync(path.join(fresh, 'media'))).toBe(false);
    expect(existsSync(path.join(fresh, 'db', 'PG_VERSION'))).toBe(true);

    await expect(restoreDatabase({ dataDir: source, file })).rejects.toThrow(
      `Restore needs a data directory without a database; ${databaseDirectory(source)} holds one.`,
    );
  }, 60_000);

  it('restores a backup made when the database lived directly in DATA_DIR: its files into DATA_DIR/db, its secret beside', async () => {
    // The old layout: the database's files, the secret, the lock, the photos and the backups all in one folder.
    const old = temporaryDirectory();
    const handle = await openDatabase({ dataDir: old });
    await handle.db
      .insert(contactMessages)
      .values({ name: 'Bo', email: 'bo@example.com', subject: 'Old', message: 'From the old layout' });
    await handle.close();
    const secret = 'an-old-install-secret-that-is-long-enough-0123456';
    writeFileSync(path.join(old, 'app-secret'), secret);
    writeFileSync(path.join(old, 'server.lock.3'), '');
    mkdirSync(path.join(old, 'media', 'user'), { recursive: true });
    writeFileSync(path.join(old, 'media', 'user', 'photo.jpg'), 'photo');
    mkdirSync(path.join(old, 'backups'));
    writeFileSync(path.join(old, 'backups', 'life-updates-2026-11-01T03-07-00-000Z.tar.gz'), 'an earlier backup');

    // The archive as the server wrote it then: PGlite's copy of its whole data directory, gzipped
    // (the oldest versions left nothing out; later ones dropped media/ and backups/ from it).
    const pglite = new PGlite(old);
    await pglite.waitReady;
    const archive = gzipSync(Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
    await pglite.close();
    const file = path.join(temporaryDirectory(), 'old-backup.tar.gz');
    writeFileSync(file, archive);
    expect(gunzipSync(archive).toString('latin1')).toContain('media/user/photo.jpg');

    const target = path.join(temporaryDirectory(), 'restored');
    expect(await restoreDatabase({ dataDir: target, file })).toEqual({ movedEntries: [], secret: 'restored' });
    expect(
      readdirSync(target)
        .filter((name) => !name.startsWith('server.lock'))
        .sort(),
    ).toEqual(['app-secret', 'db']);
    expect(readFileSync(path.join(target, 'app-secret'), 'utf8')).toBe(secret);
    const restoredEntries = readdirSync(databaseDirectory(target));
    expect(restoredEntries).toContain('PG_VERSION');
    expect(restoredEntries.filter((name) => !isDatabaseEntry(name))).toEqual([]);
    const restored = await openDatabase({ dataDir: databaseDirectory(target) });
    const rows = await restored.db.select().from(contactMessages);
    await restored.close();
    expect(rows.map((row) => row.message)).toEqual(['From the old layout']);

    // A data directory with a secret of its own keeps it, and says the backup holds another.
    const withSecret = temporaryDirectory();
    writeFileSync(path.join(withSecret, 'app-secret'), 'the-new-install-secret-that-is-long-enough-98765');
    expect(await restoreDatabase({ dataDir: withSecret, file })).toMatchObject({
      secret: 'kept, the backup holds another',
    });
    expect(readFileSync(path.join(withSecret, 'app-secret'), 'utf8')).toBe(
      'the-new-install-secret-that-is-long-enough-98765',
    );

    // `db:backup` on the older install itself first moves its database into DATA_DIR/db, as start-up does.
    const { movedEntries } = await backupDatabase({
      dataDir: old,
      file: path.join(temporaryDirectory(), 'now.tar.gz'),
    });
    expect(movedEntries).toEqual(expect.arrayContaining(['PG_VERSION', 'base', 'global']));
    expect(readdirSync(old).filter(isDatabaseEntry)).toEqual([]);
    expect(readFileSync(path.join(old, 'media', 'user', 'photo.jpg'), 'utf8')).toBe('photo');
  }, 60_000);
});
