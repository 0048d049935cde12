import { defaultPreferences } from '@life-updates/contract/preferences';
import type { ShareReviewResponse } from '@life-updates/contract/shares';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client.ts';
import { startFakeLinkedin, type FakeLinkedin } from './doubles/linkedin.ts';
import { freePort, startServerProcess, type ServerProcess } from './server-process.ts';
import { openTestDatabase, strongPassword } from './test-app.ts';

/**
 * Scheduled LinkedIn posts with two real server processes on one PostgreSQL database: the OAuth
 * flow started on one instance finishes on the other, and each scheduled post goes out exactly once
 * though both instances' workers watch the queue. Only in the PostgreSQL run (vitest.config.ts).
 */
const clientId = 'scale-out-linkedin-client';
const clientSecret = 'scale-out-linkedin-secret';

type Instance = ServerProcess & { url: string };

let database: DatabaseHandle;
let fake: FakeLinkedin;
let baseUrl: string;
const instances: Instance[] = [];

function startInstance(port: number): Instance {
  const server = startServerProcess({
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATABASE_URL: database.connectionString!,
    APP_SECRET: 'linkedin-scale-out-secret-long-enough-0123456789',
    BASE_URL: baseUrl,
    RATE_LIMIT_SCALE: '100',
    ...fake.appEnv,
  });
  return { url: `http://127.0.0.1:${port}`, ...server };
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`timed out: ${what}\n${instances.map((instance) => instance.output()).join('\n')}`);
}

beforeAll(async () => {
  database = await openTestDatabase();
  fake = await startFakeLinkedin({ clientId, clientSecret });
  const ports = [await freePort(), await freePort()];
  baseUrl = `http://localhost:${ports[0]}`;
  instances.push(...ports.map((port) => startInstance(port)));
  for (const instance of instances) {
    await waitUntil(async () => (await fetch(`${instance.url}/api/health`)).ok, 90_000, 'instance start');
  }
}, 180_000);

afterAll(async () => {
  for (const instance of instances) if (instance.child.exitCode === null) instance.child.kill('SIGKILL');
  await Promise.all(instances.map((instance) => instance.exited));
  await fake?.close();
  await database?.close();
});

describe('LinkedIn on two instances', () => {
  it('connects across instances, and each scheduled post goes out exactly once', async () => {
    const [first, second] = instances as [Instance, Instance];
    const email = 'linkedin-scale@example.com';
    const call = async (instance: Instance, cookie: string, method: string, url: string, body?: unknown) => {
      const response = await fetch(`${instance.url}${url}`, {
        method,
        redirect: 'manual',
        headers: {
          cookie,
          origin: baseUrl,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return response;
    };
    expect(
      (await call(first, '', 'POST', '/api/auth/sign-up/email', { email, name: 'Scale', password: strongPassword }))
        .status,
    ).toBe(200);
    const signIn = await call(first, '', 'POST', '/api/auth/sign-in/email', { email, password: strongPassword });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((value) => value.split(';')[0])
      .join('; ');

    // Started on the first instance, finished on the second: the state lives in the database.
    const started = (await (await call(first, cookie, 'POST', '/api/linkedin/connect', {})).json()) as {
      authorizationUrl: string;
    };
    const approved = await fetch(started.authorizationUrl, { redirect: 'manual' });
    const callback = new URL(approved.headers.get('location')!);
    expect(callback.origin).toBe(baseUrl);
    const landed = await call(second, cookie, 'GET', callback.pathname + callback.search);
    expect(landed.headers.get('location')).toBe('/settings?tab=connected&linkedin=connected');

    const texts = ['First scheduled post', 'Second scheduled post', 'Third scheduled post'];
    const sendAt = new Date(Date.now() + 4000).toISOString();
    for (const [index, text] of texts.entries()) {
      const instance = index % 2 === 0 ? first : second;
      const idea = (await (await call(instance, cookie, 'POST', '/api/ideas', { content: text })).json()) as {
        id: string;
      };
      const scheduled = await call(instance, cookie, 'POST', '/api/shares/send', {
        ideaIds: [idea.id],
        text,
        preferences: defaultPreferences,
        destinations: { linkedin: true },
        sendAt,
      });
      expect(scheduled.status, await scheduled.clone().text()).toBe(200);
      expect(await scheduled.json()).toMatchObject({ outcome: 'scheduled', queued: 1 });
    }

    const review = async () =>
      (await (await call(second, cookie, 'GET', '/api/shares/review')).json()) as ShareReviewResponse;
    expect((await review()).scheduled).toHaveLength(3);
    await waitUntil(
      async () =>
        (await review()).sent.filter((share) => share.deliveries.some((delivery) => delivery.status === 'published'))
          .length === 3,
      60_000,
      'all three scheduled posts published',
    );
    // Give a second run, if there were one, the time to post again before counting.
    await new Promise((resolve) => setTimeout(resolve, 5000));
    for (const text of texts)
      expect(
        fake.posts.filter((post) => post.commentary === text),
        text,
      ).toHaveLength(1);
    expect(fake.posts).toHaveLength(3);
    expect(fake.protocolErrors).toEqual([]);
    const jobs = (await database.db.execute(
      sql`select state, count(*)::int as count from pgboss.job where name = 'deliveries' group by state`,
    )) as unknown as { rows: Array<{ state: string; count: number }> };
    expect(jobs.rows).toEqual([{ state: 'completed', count: 3 }]);
  }, 150_000);
});
