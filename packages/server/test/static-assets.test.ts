import { mkdirSync, mkdtempSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { precompressWebAssets } from '../src/lib/precompress-web-assets.ts';
import { openTestDatabase } from './test-app.ts';

const script = `console.log(${JSON.stringify('a fairly repetitive bundle '.repeat(200))});`;
let close: () => Promise<void>;
let inject: Awaited<ReturnType<typeof buildApp>>['inject'];

beforeAll(async () => {
  const webDist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>x</title>');
  writeFileSync(path.join(webDist, 'sw.js'), 'self.x=1');
  writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), script);
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

it('sends the built files compressed to browsers that accept it, and plain to others', async () => {
  const brotli = await inject({
    method: 'GET',
    url: '/assets/index-abc123.js',
    headers: { 'accept-encoding': 'br, gzip' },
  });
  expect(brotli.headers['content-encoding']).toBe('br');
  expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(script);
  expect(brotli.rawPayload.length).toBeLessThan(script.length / 5);
  const gzip = await inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);
  const plain = await inject({
    method: 'GET',
    url: '/assets/index-abc123.js',
    headers: { 'accept-encoding': 'identity' },
  });
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body).toBe(script);
});

it('answers /robots.txt itself instead of with the page', async () => {
  const response = await inject({ method: 'GET', url: '/robots.txt' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('text/plain');
  expect(response.body).toContain('User-agent: *');
});

it('sends index.html for every page path, whatever the language or session, and JSON 404 under /api/', async () => {
  const page = (url: string, headers: Record<string, string> = {}) => inject({ method: 'GET', url, headers });
  const visitors: Record<string, string>[] = [
    {},
    { 'accept-language': 'ru-RU,ru;q=0.9' },
    { 'accept-language': 'en-GB', cookie: 'better-auth.session_token=abc.def' },
  ];
  for (const url of [
    '/',
    '/?ref=mail',
    '/dashboard',
    '/dashboard/',
    '/dashboard?tab=ready',
    '/login',
    '/no-such-page',
  ]) {
    for (const headers of visitors) {
      const response = await page(url, headers);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.body, url).toBe('<!doctype html><title>x</title>');
    }
  }
  // Every spelling that reaches the API's routes gets its JSON 404 (docs/security.md, finding 13);
  // a path no route of ours has in any spelling is a page, whose screen says "Page not found".
  for (const url of ['/api/no-such-route', '/%61pi/no-such-route', '/api/%6eo-such-route']) {
    const api = await page(url);
    expect(api.statusCode, url).toBe(404);
    expect(api.json(), url).toMatchObject({ code: 'NOT_FOUND' });
  }
  for (const url of ['//api/no-such-route', '/API/no-such-route', '/api%2fno-such-route']) {
    const other = await page(url);
    expect(other.headers['content-type'], url).toContain('text/html');
    expect(other.body, url).toBe('<!doctype html><title>x</title>');
  }
});

it('compresses a built file again when it has changed since its compressed copies were made', () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  const file = path.join(dist, 'page.html');
  const log = { warn: () => undefined };
  writeFileSync(file, script);
  precompressWebAssets(dist, log);
  expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(script);
  // Unchanged: the copies stay as they are.
  writeFileSync(`${file}.gz`, 'kept');
  precompressWebAssets(dist, log);
  expect(readFileSync(`${file}.gz`, 'utf8')).toBe('kept');
  // Changed in place (a later modification time): both copies are made again.
  const changed = script.replace('fairly', 'rather');
  writeFileSync(file, changed);
  const later = new Date(Date.now() + 60_000);
  utimesSync(file, later, later);
  precompressWebAssets(dist, log);
  expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(changed);
  expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(changed);
});
