import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import type { DatabaseHandle } from '../../src/db/client.ts';
import {
  testAppForFile,
  createUser,
  nextClientIp,
  openTestDatabase,
  signIn,
  signUp,
  strongPassword,
  testBaseUrl,
  type TestUser,
} from '../test-app.ts';
import { apiEndpoints, methodOf, pathOf, type OwnedIds } from './api-endpoints.ts';
import { createOwnedResources } from './owned-resources.ts';
import { snapshotRows } from './snapshots.ts';

const testApp = testAppForFile();
let user: TestUser;
let ids: OwnedIds;

beforeAll(async () => {
  user = await createUser(testApp.app);
  ids = await createOwnedResources(testApp.app, user, {
    idea: 'An idea',
    contact: { name: 'Friend', email: 'friend@example.com' },
  });
});

describe('cross-site requests with the session cookie (CSRF)', () => {
  const stateChanging = apiEndpoints.filter((endpoint) => methodOf(endpoint) !== 'GET');
  const foreignHeaders: Array<[string, Record<string, string>]> = [
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['a look-alike Origin', { origin: `${testBaseUrl}.evil.example` }],
    ['Origin "null" (sandboxed frame)', { origin: 'null' }],
    ['a foreign Referer without Origin', { referer: 'https://evil.example/page' }],
    ['Sec-Fetch-Site: cross-site without Origin', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site (a sibling subdomain)', { 'sec-fetch-site': 'same-site' }],
  ];

  it.each(stateChanging.map((endpoint) => [endpoint.route, endpoint] as const))(
    '%s is refused from another site',
    async (_route, endpoint) => {
      const before = await snapshotRows(testApp.database.db, null);
      for (const [, headers] of foreignHeaders) {
        const body = endpoint.body?.(ids);
        const response = await testApp.app.inject({
          method: methodOf(endpoint),
          url: pathOf(endpoint, ids),
          headers: { cookie: user.cookie, ...headers },
          remoteAddress: nextClientIp(),
          ...(body === undefined ? {} : { payload: body as object }),
        });
        expect(response.statusCode, JSON.stringify(headers)).toBe(403);
        expect(response.json()).toMatchObject({ code: 'FORBIDDEN_ORIGIN', message: expect.any(String) });
      }
      expect(await snapshotRows(testApp.database.db, null)).toEqual(before);
    },
  );

  it('sign-in, sign-up and sign-out are refused from another site too', async () => {
    for (const [url, payload] of [
      ['/api/auth/sign-in/email', { email: user.email, password: strongPassword }],
      ['/api/auth/sign-up/email', { email: 'csrf@example.com', name: 'Csrf', password: strongPassword }],
      ['/api/auth/sign-out', {}],
    ] as const) {
      const response = await testApp.app.inject({
        method: 'POST',
        url,
        headers: { cookie: user.cookie, origin: 'https://evil.example', 'content-type': 'application/json' },
        remoteAddress: nextClientIp(),
        payload,
      });
      expect(response.statusCode, url).toBe(403);
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    const stillSignedIn = await testApp.app.inject({ method: 'GET', url: '/api/me', headers: user.headers });
    expect(stillSignedIn.statusCode).toBe(200);
  });

  it('our own pages, and clients that send no browser headers, are served', async () => {
    for (const headers of [
      { origin: testBaseUrl },
      { referer: `${testBaseUrl}/dashboard` },
      { 'sec-fetch-site': 'same-origin', origin: testBaseUrl },
      {},
    ]) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/ideas',
        headers: { cookie: user.cookie, ...headers },
        payload: { content: 'Written on our own page' },
      });
      expect(response.statusCode, JSON.stringify(headers)).toBe(201);
    }
  });

  it('reading stays possible from anywhere (GET changes nothing), but CORS grants no other origin', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/ideas',
      headers: { cookie: user.cookie, origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
  });
});

function setCookies(headers: Record<string, unknown>): string[] {
  const raw = headers['set-cookie'];
  return Array.isArray(raw) ? (raw as string[]) : typeof raw === 'string' ? [raw] : [];
}

describe('the session cookie', () => {
  it('is HttpOnly, SameSite=Lax, on the whole site, and not Secure on plain http', async () => {
    const email = `cookie-${Date.now()}@example.com`;
    await signUp(testApp.app, { email });
    const response = await signIn(testApp.app, { email });
    const session = setCookies(response.headers).find((cookie) => cookie.startsWith('better-auth.session_token='));
    expect(session).toBeDefined();
    expect(session).toMatch(/;\s*HttpOnly/i);
    expect(session).toMatch(/;\s*SameSite=Lax/i);
    expect(session).toMatch(/;\s*Path=\//i);
    expect(session).not.toMatch(/;\s*Secure/i);
    // Only an opaque token: no user data in the cookie itself.
    expect(session).not.toContain(email);
  });

  describe('behind HTTPS', () => {
    const httpsBase = 'https://updates.example.org';
    let database: DatabaseHandle;
    let app: FastifyInstance;
    beforeAll(async () => {
      database = await openTestDatabase();
      const config = loadConfig(
        {
          NODE_ENV: 'production',
          LOG_LEVEL: 'silent',
          APP_SECRET: 'test-secret-that-is-long-enough-0123456789',
          TRUST_PROXY: 'true',
        },
        { BASE_URL: httpsBase },
      );
      app = await buildApp({ config, database, webDistDir: null });
      await app.ready();
    });
    afterAll(async () => {
      await app?.close();
      await database?.close();
    });

    it('is Secure with the __Secure- prefix, and HSTS and the CSP upgrade are on', async () => {
      const headers = { 'content-type': 'application/json', origin: httpsBase, 'x-forwarded-proto': 'https' };
      const email = 'secure@example.com';
      const signUp = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers,
        payload: { email, name: 'Sec', password: strongPassword },
      });
      expect(signUp.statusCode, signUp.body).toBe(200);
      const signIn = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers,
        payload: { email, password: strongPassword },
      });
      expect(signIn.statusCode, signIn.body).toBe(200);
      const session = setCookies(signIn.headers).find((cookie) => cookie.includes('session_token='));
      expect(session).toMatch(/^__Secure-better-auth\.session_token=/);
      expect(session).toMatch(/;\s*Secure/i);
      expect(session).toMatch(/;\s*HttpOnly/i);
      expect(session).toMatch(/;\s*SameSite=Lax/i);
      expect(signIn.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      // The API knows the session by its prefixed cookie.
      const me = await app.inject({
        method: 'GET',
        url: '/api/me',
        headers: { cookie: session!.split(';')[0]!, 'x-forwarded-proto': 'https' },
      });
      expect(me.statusCode, me.body).toBe(200);
      expect(me.json()).toMatchObject({ email });
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    });
  });
});

describe('security headers', () => {
  it('every answer forbids framing and sniffing and limits scripts to our own origin', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-powered-by']).toBeUndefined();
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('a refused request shows no internals', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/contacts/export?format=../../etc/passwd',
      headers: user.headers,
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).not.toMatch(/at .*\.ts:\d+|stack|node_modules/);
  });
});

describe('rate limits (sign-in limits and lockout: features/auth/auth.test.ts)', () => {
  it('limits any one address to 600 API requests a minute, with the usual error shape', async () => {
    const remoteAddress = '10.250.0.1';
    let limited;
    for (let index = 0; index < 601; index += 1) {
      const response = await testApp.app.inject({
        method: 'GET',
        url: '/api/usage',
        headers: user.headers,
        remoteAddress,
      });
      if (response.statusCode === 429) {
        limited = { index, body: response.json() as unknown };
        break;
      }
      expect(response.statusCode).toBe(200);
    }
    expect(limited).toEqual({ index: 600, body: { code: 'RATE_LIMITED', message: expect.any(String) } });
    const otherAddress = await testApp.app.inject({
      method: 'GET',
      url: '/api/usage',
      headers: user.headers,
      remoteAddress: '10.250.0.2',
    });
    expect(otherAddress.statusCode).toBe(200);
  });

  it('limits sign-ups from one address to 10 a minute', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 12; index += 1) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { 'content-type': 'application/json', origin: testBaseUrl },
        remoteAddress: '10.251.0.1',
        payload: { email: `flood-${index}@example.com`, name: 'Flood', password: strongPassword },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses.at(-1)).toBe(429);
  });

  it('limits generation from one address to 30 a minute', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 31; index += 1) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/generate/stream',
        headers: user.headers,
        remoteAddress: '10.252.0.1',
        payload: { ideaIds: ['not-a-uuid'], preferences: {} },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
