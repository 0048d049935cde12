import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openTestDatabase } from '../../test/test-app.ts';

let app: Awaited<ReturnType<typeof buildApp>>;
let closeDatabase: () => Promise<void>;

beforeAll(async () => {
  const webDist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>x</title>');
  const database = await openTestDatabase();
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_SECRET: 'test-secret-that-is-long-enough-0123456789' },
    { BASE_URL: 'http://localhost:3000' },
  );
  app = await buildApp({ config, database, webDistDir: webDist });
  await app.ready();
  closeDatabase = () => database.close();
});
afterAll(async () => {
  await app?.close();
  await closeDatabase?.();
});

/** The body and content type a browser sends for this form (multipart/form-data, with its boundary). */
async function multipart(form: FormData) {
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  };
}

const photo = (name: string, bytes = 2048) => new File([new Uint8Array(bytes).fill(7)], name, { type: 'image/jpeg' });

/** The page the browser is sent to, as its path and query. */
function redirectTarget(location: string | string[] | number | undefined) {
  const url = new URL(String(location), 'http://localhost:3000');
  return { path: url.pathname, query: Object.fromEntries(url.searchParams) };
}

describe('POST /share without the service worker', () => {
  it('sends the browser on to the share page with the text, and says how many photos did not come through', async () => {
    const form = new FormData();
    form.append('title', 'Lisbon trip');
    form.append('text', 'Walked the whole Alfama district & ate pastéis 🥐');
    form.append('url', 'https://example.com/photos?album=alfama&day=2');
    form.append('photos', photo('tram.jpg'));
    form.append('photos', photo('river.jpg'));
    const response = await app.inject({ method: 'POST', url: '/share', ...(await multipart(form)) });
    expect(response.statusCode).toBe(303);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(redirectTarget(response.headers.location)).toEqual({
      path: '/share',
      query: {
        title: 'Lisbon trip',
        text: 'Walked the whole Alfama district & ate pastéis 🥐',
        url: 'https://example.com/photos?album=alfama&day=2',
        missedPhotos: '2',
      },
    });
  });

  it('a share of text alone says nothing about photos; an empty file input is no photo', async () => {
    const form = new FormData();
    form.append('text', 'Read this');
    form.append('photos', new File([], '', { type: 'application/octet-stream' }));
    const response = await app.inject({ method: 'POST', url: '/share', ...(await multipart(form)) });
    expect(response.statusCode).toBe(303);
    expect(redirectTarget(response.headers.location)).toEqual({ path: '/share', query: { text: 'Read this' } });
  });

  it('photos alone: the share page with only the count', async () => {
    const form = new FormData();
    for (let index = 0; index < 12; index += 1) form.append('photos', photo(`photo-${index}.jpg`, 200_000));
    const response = await app.inject({ method: 'POST', url: '/share', ...(await multipart(form)) });
    expect(response.statusCode).toBe(303);
    expect(redirectTarget(response.headers.location)).toEqual({ path: '/share', query: { missedPhotos: '12' } });
  });

  it('a long text is cut so that the share page’s address stays readable by this server', async () => {
    const form = new FormData();
    form.append('title', 'Долгая история');
    form.append('text', 'Очень длинный рассказ. '.repeat(1000));
    const response = await app.inject({ method: 'POST', url: '/share', ...(await multipart(form)) });
    expect(response.statusCode).toBe(303);
    const location = String(response.headers.location);
    expect(location.length).toBeLessThanOrEqual('/share?'.length + 8000);
    const { query } = redirectTarget(location);
    expect(query.title).toBe('Долгая история');
    expect(query.text?.length).toBeGreaterThan(500);
    expect('Очень длинный рассказ. '.repeat(1000).startsWith(query.text ?? '-')).toBe(true);
    // The page that address opens is served.
    const page = await app.inject({ method: 'GET', url: location });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });

  it('a form cut off half-way keeps the text read before the cut', async () => {
    const form = new FormData();
    form.append('text', 'Before the cut');
    form.append('photos', photo('big.jpg', 100_000));
    const { payload, headers } = await multipart(form);
    const response = await app.inject({
      method: 'POST',
      url: '/share',
      payload: payload.subarray(0, payload.length - 50_000),
      headers,
    });
    expect(response.statusCode).toBe(303);
    expect(redirectTarget(response.headers.location).query).toMatchObject({ text: 'Before the cut' });
  });

  it('a body of another kind goes on to the share page without reading it; a huge one is refused', async () => {
    const urlencoded = await app.inject({
      method: 'POST',
      url: '/share',
      payload: 'text=hello',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(urlencoded.statusCode).toBe(303);
    expect(urlencoded.headers.location).toBe('/share');
    const huge = await app.inject({
      method: 'POST',
      url: '/share',
      payload: 'x'.repeat(100_000),
      headers: { 'content-type': 'text/plain' },
    });
    expect(huge.statusCode).toBe(413);
  });

  it('leaves the other page paths as they were: GET /share is the page, a POST elsewhere a 404', async () => {
    const page = await app.inject({ method: 'GET', url: '/share?text=hello' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe('<!doctype html><title>x</title>');
    const elsewhere = await app.inject({ method: 'POST', url: '/dashboard', payload: {} });
    expect(elsewhere.statusCode).toBe(404);
  });
});
