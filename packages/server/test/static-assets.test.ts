import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openTestDatabase } from './test-app.ts';

let close: () => Promise<void>;
let inject: Awaited<ReturnType<typeof buildApp>>['inject'];

beforeAll(async () => {
  const webDist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>x</title>');
  writeFileSync(path.join(webDist, 'sw.js'), 'self.x=1');
  writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log(1)');
  const database = await openTestDatabase();
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_SECRET: 'test-secret-that-is-long-enough-0123456789' },
    { BASE_URL: 'http://localhost:3000' },
  );
  const app = await buildApp({ config, database, webDistDir: webDist });
  await app.ready();
  inject = app.inject.bind(app);
  close = async () => {
    await app.close();
    await database.close();
  };
  expect(readdirSync(webDist)).toContain('assets');
});
afterAll(async () => {
  await close?.();
});

it('caches content-hashed assets for good and revalidates the pages and the service worker', async () => {
  const asset = await inject({ method: 'GET', url: '/assets/index-abc123.js' });
  expect(asset.statusCode).toBe(200);
  expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  for (const url of ['/', '/sw.js', '/dashboard']) {
    const response = await inject({ method: 'GET', url });
    expect(response.statusCode, url).toBe(200);
    expect(String(response.headers['cache-control']), url).not.toContain('immutable');
  }
});
