import path from 'node:path';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { backupDatabase, restoreDatabase } from '../src/db/backup.ts';
import { openDatabase } from '../src/db/client.ts';
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
    const handle = await openDatabase({ dataDir: source });
    await handle.db
      .insert(contactMessages)
      .values({ name: 'Ann', email: 'ann@example.com', subject: 'Hello there', message: 'Kept in the backup' });
    await handle.close();

    // The photos (MEDIA_DIR's default) are a folder in the data directory, but not the database.
    mkdirSync(path.join(source, 'media', 'user'), { recursive: true });
    writeFileSync(path.join(source, 'media', 'user', 'photo.jpg'), 'photo');

    const file = path.join(temporaryDirectory(), 'backup.tar.gz');
    await backupDatabase({ dataDir: source, file, leaveOut: [path.join(source, 'media')] });

    // A photos folder unpacked into the new data directory first may stay there.
    const target = path.join(temporaryDirectory(), 'restored');
    mkdirSync(path.join(target, 'media', 'user'), { recursive: true });
    writeFileSync(path.join(target, 'media', 'user', 'photo.jpg'), 'copied photo');
    await restoreDatabase({ dataDir: target, file });
    const restored = await openDatabase({ dataDir: target });
    const rows = await restored.db.select().from(contactMessages);
    await restored.close();
    expect(rows.map((row) => row.message)).toEqual(['Kept in the backup']);
    expect(readFileSync(path.join(target, 'media', 'user', 'photo.jpg'), 'utf8')).toBe('copied photo');
    const fresh = path.join(temporaryDirectory(), 'fresh');
    await restoreDatabase({ dataDir: fresh, file });
    expect(existsSync(path.join(fresh, 'media'))).toBe(false);

    await expect(restoreDatabase({ dataDir: source, file })).rejects.toThrow(/empty data directory/);
  }, 60_000);
});
