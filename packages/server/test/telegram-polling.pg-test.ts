import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { startJobQueue } from '../src/jobs.ts';
import { registerWorkers } from '../src/workers.ts';
import { privateMessage, startFakeTelegramApi, type FakeTelegramApi } from './doubles/telegram.ts';
import { openTestDatabase } from './test-app.ts';

/**
 * Two instances with the same bot on one PostgreSQL database: only the one holding the advisory
 * lock long-polls (Telegram refuses a second poller with 409 Conflict), and when it stops the other
 * takes over. Only in the PostgreSQL run (vitest.config.ts includes *.pg-test.ts then).
 */
type Instance = { close: () => Promise<void> };

let fake: FakeTelegramApi;
let database: DatabaseHandle;

async function startInstance(): Promise<Instance> {
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      APP_SECRET: 'test-secret-that-is-long-enough-0123456789',
      ...fake.appEnv,
    },
    { BASE_URL: 'http://localhost:3000' },
  );
  const handle = await openDatabase({ connectionString: database.connectionString, dataDir: '' });
  const jobs = await startJobQueue(handle, { error: () => {} });
  const app = await buildApp({ config, database: handle, jobs, webDistDir: null });
  await registerWorkers(app);
  await app.ready();
  return {
    close: async () => {
      await app.close();
      await jobs.stop({ graceful: false, timeout: 1000 });
      await handle.close();
    },
  };
}

const getUpdatesCalls = () => fake.calls.filter((call) => call.method === 'getUpdates').length;

beforeAll(async () => {
  fake = await startFakeTelegramApi();
  database = await openTestDatabase();
});
afterAll(async () => {
  await fake?.close();
  await database?.close();
});

describe('long polling on a shared PostgreSQL', () => {
  it('polls from one instance at a time, and another takes over when it stops', async () => {
    const first = await startInstance();
    await expect.poll(getUpdatesCalls, { timeout: 10_000 }).toBeGreaterThan(0);
    const second = await startInstance();
    try {
      // Several long polls' worth of time with both running: never two pollers at once.
      fake.pushUpdate(privateMessage({ id: 31, language_code: 'en' }, { text: 'one' }));
      await fake.waitForMessage(31, (text) => text.includes('not connected'));
      await new Promise((resolve) => setTimeout(resolve, 3000));
      expect(fake.conflicts()).toBe(0);

      await first.close();
      fake.pushUpdate(privateMessage({ id: 32, language_code: 'en' }, { text: 'two' }));
      // The second instance tries the lock every 15 s.
      await fake.waitForMessage(32, (text) => text.includes('not connected'), 30_000);
      expect(fake.conflicts()).toBe(0);
    } finally {
      await second.close();
    }
  }, 60_000);
});
