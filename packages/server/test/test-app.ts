import type { FastifyBaseLogger, FastifyInstance, LightMyRequestResponse } from 'fastify';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { buildApp, type AppDependencies } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { startJobQueue, type JobQueue } from '../src/jobs.ts';
import { registerWorkers } from '../src/workers.ts';

export const testBaseUrl = 'http://localhost:3000';
export const strongPassword = 'Passw0rd!';

/**
 * A fresh database for one test file: in-memory PGlite, or, when TEST_DATABASE_URL is set,
 * a new database on that PostgreSQL server (dropped on close).
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openDatabase({ dataDir: 'memory://' });
  const name = `lu_test_${randomUUID().replaceAll('-', '')}`;
  const adminClient = new pg.Client({ connectionString: serverUrl });
  await adminClient.connect();
  await adminClient.query(`create database ${name}`);
  await adminClient.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ connectionString: url.toString(), dataDir: '' });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const dropClient = new pg.Client({ connectionString: serverUrl });
      await dropClient.connect();
      await dropClient.query(`drop database if exists ${name} with (force)`);
      await dropClient.end();
    },
  };
}

export type TestApp = {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  jobs: JobQueue | undefined;
  close: () => Promise<void>;
};

/** Builds the real app on a fresh database. Pass `withJobs` to start pg-boss and the workers. */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    withJobs?: boolean;
    /** BASE_URL; `null` runs without one (the request's own origin is same-origin). */
    baseUrl?: string | null;
    /** Where the features' loggers (the app's children) write, from before the workers start: for tests that read a log line. */
    featureLog?: FastifyBaseLogger;
  } & Partial<Pick<AppDependencies, 'mailer' | 'diskSpace' | 'media'>> = {},
): Promise<TestApp> {
  // Backups an admin takes (Settings → Admin) go to a folder of this app's own, removed on close.
  const backupDir = mkdtempSync(path.join(tmpdir(), 'life-updates-test-backups-'));
  // Photos, likewise.
  const mediaDir = mkdtempSync(path.join(tmpdir(), 'life-updates-test-media-'));
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      APP_SECRET: 'test-secret-that-is-long-enough-0123456789',
      BACKUP_DIR: backupDir,
      MEDIA_DIR: mediaDir,
      ...options.env,
    },
    options.baseUrl === null ? {} : { BASE_URL: options.baseUrl ?? testBaseUrl },
  );
  const database = await openTestDatabase();
  const jobs = options.withJobs ? await startJobQueue(database, { error: () => {} }) : undefined;
  const app = await buildApp({
    config,
    database,
    jobs,
    webDistDir: null,
    mailer: options.mailer,
    diskSpace: options.diskSpace,
    media: options.media,
  });
  if (options.featureLog) vi.spyOn(app.log, 'child').mockReturnValue(options.featureLog);
  await registerWorkers(app);
  await app.ready();
  return {
    app,
    database,
    config,
    jobs,
    close: async () => {
      await app.close();
      if (jobs) await jobs.stop({ graceful: false, timeout: 1000 });
      await database.close();
      rmSync(backupDir, { recursive: true, force: true });
      rmSync(mediaDir, { recursive: true, force: true });
    },
  };
}

/**
 * The real app for the tests of one file: built before them and closed after them. The object
 * returned is filled in when the file's tests start, so read it inside tests and hooks.
 */
export function testAppForFile(options: Parameters<typeof createTestApp>[0] = {}): TestApp {
  const testApp = {} as TestApp;
  beforeAll(async () => {
    Object.assign(testApp, await createTestApp(options));
  });
  afterAll(() => testApp.close());
  return testApp;
}

let ipCounter = 1;
/** Each test user gets its own client IP, so the per-IP auth rate limits don't interfere. */
export function nextClientIp() {
  ipCounter += 1;
  return `10.9.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
}

const jsonHeaders = { 'content-type': 'application/json', origin: testBaseUrl };

export async function signUp(
  app: FastifyInstance,
  { email, name = 'Test User', password = strongPassword }: { email: string; name?: string; password?: string },
) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: jsonHeaders,
    remoteAddress: nextClientIp(),
    payload: { email, name, password },
  });
}

export async function signIn(
  app: FastifyInstance,
  { email, password = strongPassword }: { email: string; password?: string },
) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: jsonHeaders,
    remoteAddress: nextClientIp(),
    payload: { email, password },
  });
}

export function cookieHeader(response: LightMyRequestResponse): string {
  const raw = response.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return list.map((cookie) => cookie.split(';')[0]).join('; ');
}

export type TestUser = { id: string; email: string; cookie: string; headers: Record<string, string> };

/** Registers and signs in a user through the real auth API; returns headers for later requests. */
export async function createUser(
  app: FastifyInstance,
  email = `user-${randomUUID().slice(0, 8)}@example.com`,
): Promise<TestUser> {
  const signUpResponse = await signUp(app, { email });
  if (signUpResponse.statusCode !== 200) throw new Error(`sign-up failed: ${signUpResponse.body}`);
  const signInResponse = await signIn(app, { email });
  if (signInResponse.statusCode !== 200) throw new Error(`sign-in failed: ${signInResponse.body}`);
  const cookie = cookieHeader(signInResponse);
  const id = (signInResponse.json() as { user: { id: string } }).user.id;
  return { id, email, cookie, headers: { cookie, origin: testBaseUrl } };
}

/** Writes an idea as the user through the real API; its id. */
export async function createIdea(
  app: FastifyInstance,
  user: TestUser,
  content = 'We moved to Lisbon',
): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/ideas', headers: user.headers, payload: { content } });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: string }).id;
}
