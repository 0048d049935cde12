import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let testApp: TestApp | undefined;
afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
});

describe('GET /api/health (liveness)', () => {
  it('answers 200 without a session, and without asking the database', async () => {
    testApp = await createTestApp();
    const execute = vi.spyOn(testApp.database.db, 'execute').mockRejectedValue(new Error('database down'));
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', database: testApp.database.kind });
    expect(execute).not.toHaveBeenCalled();
  });
});

describe('GET /api/ready (readiness)', () => {
  it('answers 200 without a session when the database answers, migrations are applied and the queue runs', async () => {
    testApp = await createTestApp({ withJobs: true });
    const response = await testApp.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', database: 'ok', migrations: 'ok', jobs: 'ok' });
  });

  it('answers 503 when the job queue was never started', async () => {
    testApp = await createTestApp();
    const response = await testApp.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'not-ready', database: 'ok', migrations: 'ok', jobs: 'not-started' });
  });

  it('answers 503 once the job queue has stopped', async () => {
    testApp = await createTestApp({ withJobs: true });
    await testApp.jobs!.stop({ graceful: false, timeout: 1000, close: false });
    const response = await testApp.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 'not-ready', jobs: 'stopped' });
  });

  it('answers 503 when the database is older than the code (a migration not applied)', async () => {
    testApp = await createTestApp({ withJobs: true });
    await testApp.database.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    const response = await testApp.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'not-ready', database: 'ok', migrations: 'pending', jobs: 'ok' });
  });

  it('answers 503 when the database does not answer', async () => {
    testApp = await createTestApp({ withJobs: true });
    vi.spyOn(testApp.database.db, 'execute').mockRejectedValue(new Error('connection refused'));
    const response = await testApp.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 'not-ready', database: 'failed', migrations: 'failed' });
  });
});
