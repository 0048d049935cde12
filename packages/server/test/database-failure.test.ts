import { renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { DatabaseFailedError } from '../src/db/pglite-fatal-errors.ts';
import { contactMessages } from '../src/db/schema.ts';
import { freePort, scratch, startServerProcess } from './server-process.ts';

// PGlite after a PANIC. The PANIC is real: pg_wal is made unusable (a file instead of the
// folder) and PostgreSQL is made to start a new WAL segment, so the next write cannot open one, the
// same failure as a full disk refusing the new segment, without filling a disk. The real-disk
// version is scripts/full-disk-probe.mjs (docs/security.md).
const { temporaryDirectory, track, cleanUp } = scratch('life-updates-fatal-');

function breakWalFolder(dataDir: string) {
  renameSync(path.join(dataDir, 'pg_wal'), path.join(dataDir, 'pg_wal.moved'));
  writeFileSync(path.join(dataDir, 'pg_wal'), 'not a folder');
}

afterEach(cleanUp);

describe('a fatal error in the embedded database', () => {
  it('stops every later query at once, and /api/health answers 503', async () => {
    const dataDir = temporaryDirectory();
    const fatalErrors: Error[] = [];
    const database = await openDatabase({ dataDir, onFatalError: (error) => fatalErrors.push(error) });
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, APP_SECRET: 'x'.repeat(40) });
    const app = await buildApp({ config, database, webDistDir: null, diskSpace: null });
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    breakWalFolder(dataDir);
    await database.pglite!.query('select pg_switch_wal()');
    const write = database.db
      .insert(contactMessages)
      .values({ name: 'Ann', email: 'ann@example.com', subject: 'Hello there', message: 'Needs a new WAL segment' });
    await expect(write).rejects.toThrow();

    // Checked before any further query: on PGlite as it is, the next query never returns.
    expect(fatalErrors).toHaveLength(1);
    expect(fatalErrors[0]).toMatchObject({ severity: 'PANIC' });
    expect(fatalErrors[0]!.message).toContain('pg_wal');
    expect(database.fatalError).toBe(fatalErrors[0]);

    await expect(database.pglite!.query('select 1')).rejects.toThrow(DatabaseFailedError);
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({
      code: 'DATABASE_FAILED',
      message: "The server's database stopped after an error. The server is restarting: please try again in a minute.",
    });
    const healthInRussian = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-language': 'ru' },
    });
    expect(healthInRussian.json()).toMatchObject({
      code: 'DATABASE_FAILED',
      message: 'База данных сервера остановилась из-за ошибки. Сервер перезапускается: попробуйте снова через минуту.',
    });
    // Any other request that meets the failed database says the same, not "something went wrong".
    const contactUs = await app.inject({
      method: 'POST',
      url: '/api/contact-us',
      payload: { name: 'Bob', email: 'bob@example.com', subject: 'Hello there', message: 'After the failure' },
    });
    expect(contactUs.statusCode).toBe(503);
    expect(contactUs.json()).toMatchObject({ code: 'DATABASE_FAILED' });
    expect(fatalErrors).toHaveLength(1);

    await app.close();
    await database.close(); // does not run PostgreSQL again
  }, 60_000);

  it('makes the server log one clear line and exit with code 1, for its service manager to restart it', async () => {
    const dataDir = temporaryDirectory();
    const port = await freePort();
    const { child, exited, output } = track(
      startServerProcess(
        {
          DATA_DIR: dataDir,
          PORT: String(port),
          HOST: '127.0.0.1',
          BASE_URL: `http://localhost:${port}`,
          LOG_LEVEL: 'info',
          LOG_FORMAT: 'json',
        },
        { preload: ['./test/wal-switch-on-signal.ts'] },
      ),
    );
    const waitForOutput = async (pattern: RegExp) => {
      const deadline = Date.now() + 60_000;
      while (!pattern.test(output()) && child.exitCode === null) {
        if (Date.now() > deadline) throw new Error(`no ${pattern} in:\n${output()}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    await waitForOutput(/Life Updates is ready/);
    expect(child.exitCode).toBe(null);

    breakWalFolder(path.join(dataDir, 'db'));
    child.kill('SIGUSR2');
    // The job queue's own writes may meet the PANIC before the request below does.
    await waitForOutput(/wal switched/);
    const startedAt = Date.now();
    const response = await fetch(`http://127.0.0.1:${port}/api/contact-us`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Ann',
        email: 'ann@example.com',
        subject: 'Hello there',
        message: 'A write after the WAL switch',
      }),
      signal: AbortSignal.timeout(15_000),
    }).catch((error: Error) => {
      if (error.name === 'TimeoutError') throw new Error(`the server stopped answering:\n${output()}`);
      return undefined; // the server had already met the PANIC in a background write, and is gone
    });
    if (response) {
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ code: 'DATABASE_FAILED' });
    }

    expect(await exited).toBe(1);
    expect(Date.now() - startedAt).toBeLessThan(10_000);
    const fatal = output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter((entry) => entry.level === 60);
    expect(fatal).toHaveLength(1);
    expect(fatal[0]!.msg).toMatch(
      new RegExp(
        `^The embedded database in ${path.join(dataDir, 'db')} stopped after a fatal error \\(PANIC: could not open file "pg_wal/[0-9A-F]+": Not a directory\\)\\. ` +
          'Exiting with code 1 so that the service manager restarts the server, which recovers the database\\.$',
      ),
    );
  }, 120_000);
});
