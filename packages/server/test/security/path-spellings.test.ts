import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  testAppForFile,
  createUser,
  nextClientIp,
  signIn,
  strongPassword,
  testBaseUrl,
  type TestUser,
} from '../test-app.ts';
import { createPhotoLinkToken } from '../../src/features/photos/photo-link-token.ts';
import { apiEndpoints, methodOf, pathOf, type OwnedIds } from './api-endpoints.ts';
import { createOwnedResources } from './owned-resources.ts';
import { snapshotRows } from './snapshots.ts';

/**
 * Access is decided by the route a request reaches, so it must hold for every spelling of a path an
 * attacker would try: percent-encoded letters reach the same route (Fastify's router decodes them),
 * upper case, doubled slashes and an encoded `/` reach none (404). Before the checks belonged to the
 * route, `/api/%61dmin/users/:id` let any user make themselves admin, and `/%61pi/...` skipped the
 * same-origin check and the rate limits (docs/security.md).
 */
const encodeChar = (char: string, upper = false) => {
  const hex = char.charCodeAt(0).toString(16);
  return `%${upper ? hex.toUpperCase() : hex}`;
};
const encodeLetters = (path: string) => path.replace(/[a-z]/g, (char) => encodeChar(char));

/** The spellings of a path, each with whether the router reaches the route with it. */
function spellings(path: string): Array<{ name: string; url: string; reachesRoute: boolean }> {
  const [, first = '', second = ''] = path.split('/');
  const rest = path
    .split('/')
    .slice(3)
    .map((segment) => `/${segment}`)
    .join('');
  return [
    { name: 'plain', url: path, reachesRoute: true },
    {
      name: 'the 2nd segment’s first letter encoded',
      url: `/${first}/${encodeChar(second[0]!)}${second.slice(1)}${rest}`,
      reachesRoute: true,
    },
    {
      name: 'the 1st segment’s first letter encoded',
      url: `/${encodeChar(first[0]!, true)}${first.slice(1)}/${second}${rest}`,
      reachesRoute: true,
    },
    { name: 'every letter encoded', url: encodeLetters(path), reachesRoute: true },
    { name: 'upper case', url: path.toUpperCase(), reachesRoute: false },
    {
      name: 'a capital letter',
      url: `/${first}/${second[0]!.toUpperCase()}${second.slice(1)}${rest}`,
      reachesRoute: false,
    },
    { name: 'a doubled slash in front', url: `/${path}`, reachesRoute: false },
    { name: 'a doubled slash inside', url: `/${first}//${second}${rest}`, reachesRoute: false },
    { name: '%2f for a slash', url: `/${first}%2f${second}${rest}`, reachesRoute: false },
    { name: '%2F for a slash', url: `/${first}%2F${second}${rest}`, reachesRoute: false },
  ];
}

const testApp = testAppForFile();
let admin: TestUser;
let user: TestUser;
let ids: OwnedIds;
let base: string;

/** A request over real HTTP, its path sent exactly as written (no client normalises it). */
function send(method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: '127.0.0.1',
        port: Number(new URL(base).port),
        method,
        path,
        headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

beforeAll(async () => {
  // The first account on a fresh instance is the admin.
  admin = await createUser(testApp.app, 'root@example.com');
  user = await createUser(testApp.app, 'mallory@example.com');
  ids = await createOwnedResources(testApp.app, user, {
    idea: 'An idea',
    contact: { name: 'Friend', email: 'friend@example.com' },
  });
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
});

const adminEndpoints = apiEndpoints.filter((endpoint) => endpoint.route.split(' ')[1]!.startsWith('/api/admin/'));

describe('admin routes, for every spelling of their path', () => {
  it('the table has the admin routes to try', () => {
    expect(adminEndpoints.map((endpoint) => endpoint.route)).toEqual(
      expect.arrayContaining(['PATCH /api/admin/users/{id}', 'GET /api/admin/users', 'PUT /api/admin/public-address']),
    );
  });

  it.each(adminEndpoints.map((endpoint) => [endpoint.route, endpoint] as const))(
    '%s: an ordinary user is refused and nothing changes',
    async (_route, endpoint) => {
      const before = await snapshotRows(testApp.database.db, null);
      const addressBefore = await testApp.app.publicAddress.read();
      const body = endpoint.route === 'PATCH /api/admin/users/{id}' ? { role: 'admin' } : endpoint.body?.(ids);
      for (const spelling of spellings(pathOf(endpoint, ids))) {
        const response = await send(
          methodOf(endpoint),
          spelling.url,
          { cookie: user.cookie, origin: testBaseUrl },
          body,
        );
        expect({ spelling: spelling.name, status: response.status }).toEqual({
          spelling: spelling.name,
          status: spelling.reachesRoute ? 403 : 404,
        });
        // Neither users' emails nor any other admin data in the answer.
        expect(response.body).not.toContain('@example.com');
      }
      expect(await snapshotRows(testApp.database.db, null)).toEqual(before);
      expect(await testApp.app.publicAddress.read()).toBe(addressBefore);
    },
  );

  it('signed out, every spelling is refused', async () => {
    for (const endpoint of adminEndpoints) {
      for (const spelling of spellings(pathOf(endpoint, ids))) {
        const response = await send(methodOf(endpoint), spelling.url, { origin: testBaseUrl }, endpoint.body?.(ids));
        expect({ route: endpoint.route, spelling: spelling.name, status: response.status }).toEqual({
          route: endpoint.route,
          spelling: spelling.name,
          status: spelling.reachesRoute ? 401 : 404,
        });
      }
    }
  });

  it('the spellings that reach a route reach the same one for the admin (so the refusal above is the role check)', async () => {
    for (const spelling of spellings('/api/admin/users').filter((candidate) => candidate.reachesRoute)) {
      const response = await send('GET', spelling.url, { cookie: admin.cookie });
      expect(response.status).toBe(200);
      expect(response.body).toContain('mallory@example.com');
    }
  });

  it('the user is still an ordinary user after trying to make themselves admin', async () => {
    const me = await testApp.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: user.cookie } });
    expect(me.json()).toMatchObject({ email: 'mallory@example.com', role: 'user', isAdmin: false });
  });
});

describe('the same-origin check, for every spelling of a path', () => {
  const stateChanging = apiEndpoints.filter((endpoint) => methodOf(endpoint) !== 'GET');

  it.each(stateChanging.map((endpoint) => [endpoint.route, endpoint] as const))(
    '%s is refused from another site',
    async (_route, endpoint) => {
      const before = await snapshotRows(testApp.database.db, null);
      for (const spelling of spellings(pathOf(endpoint, ids)).filter((candidate) => candidate.reachesRoute)) {
        const response = await send(
          methodOf(endpoint),
          spelling.url,
          { cookie: user.cookie, origin: 'https://evil.example' },
          endpoint.isNotJson ? undefined : endpoint.body?.(ids),
        );
        expect({ spelling: spelling.name, status: response.status }).toEqual({ spelling: spelling.name, status: 403 });
      }
      expect(await snapshotRows(testApp.database.db, null)).toEqual(before);
    },
  );
});

describe('the public link to a photo (from an email), for every spelling of its path', () => {
  const link = (expiresAt: Date) =>
    `/api/photo-links/${createPhotoLinkToken({ appSecret: testApp.config.APP_SECRET, userId: user.id, photoId: ids.photoId, expiresAt })}`;

  it('needs no session wherever the router reaches the route, and nothing else does', async () => {
    for (const spelling of spellings(link(new Date(Date.now() + 86_400_000)))) {
      const response = await send('GET', spelling.url, {});
      expect({ spelling: spelling.name, status: response.status }).toEqual({
        spelling: spelling.name,
        // Upper case changes the token too: refused either way.
        status: spelling.reachesRoute ? 200 : 404,
      });
    }
  });

  it('an expired link is refused in every spelling, signed in or not', async () => {
    for (const spelling of spellings(link(new Date(Date.now() - 1000)))) {
      for (const headers of [{}, { cookie: user.cookie }] as Array<Record<string, string>>) {
        const response = await send('GET', spelling.url, headers);
        // 410 (gone) where the route reads the genuine token; 404 for the spellings that change it or reach no route.
        expect({ spelling: spelling.name, status: response.status }).toEqual({
          spelling: spelling.name,
          status: spelling.reachesRoute ? 410 : 404,
        });
      }
    }
  });
});

describe('rate limits, for every spelling of a path', () => {
  const contactUs = (url: string, remoteAddress: string, app = testApp.app) =>
    app.inject({
      method: 'POST',
      url,
      remoteAddress,
      headers: { origin: testBaseUrl },
      payload: { name: 'Ann Lee', email: 'ann@example.com', subject: 'Hello', message: 'A question about sharing.' },
    });

  it("Contact Us's own limit (5 in 10 minutes) counts every spelling", async () => {
    const ip = nextClientIp();
    const urls = spellings('/api/contact-us')
      .filter((spelling) => spelling.reachesRoute)
      .map((spelling) => spelling.url);
    const answers = [];
    for (const url of [...urls, ...urls]) answers.push((await contactUs(url, ip)).statusCode);
    expect(answers).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
  });

  it('the API-wide limit (600 a minute) counts every spelling', async () => {
    const ip = nextClientIp();
    const urls = ['/api/health', '/%61pi/health', '/api/%68ealth', encodeLetters('/api/health')];
    const statuses = new Map<number, number>();
    for (let index = 0; index < 601; index += 1) {
      const response = await testApp.app.inject({ method: 'GET', url: urls[index % urls.length]!, remoteAddress: ip });
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
    }
    expect(Object.fromEntries(statuses)).toEqual({ 200: 600, 429: 1 });
  });

  it("RATE_LIMIT_SCALE multiplies a route's own limit too", async () => {
    const scaled = await createTestApp({ env: { RATE_LIMIT_SCALE: '2' } });
    try {
      const ip = nextClientIp();
      const answers = [];
      for (let index = 0; index < 11; index += 1)
        answers.push((await contactUs('/api/contact-us', ip, scaled.app)).statusCode);
      expect(answers).toEqual([...Array<number>(10).fill(200), 429]);
    } finally {
      await scaled.close();
    }
  });
});

describe("better-auth's endpoints, for every spelling of a path", () => {
  it('sign-up is never reached without our password rule (its catch-all does not normalise paths)', async () => {
    const before = await snapshotRows(testApp.database.db, null);
    for (const spelling of spellings('/api/auth/sign-up/email')) {
      const response = await send(
        'POST',
        spelling.url,
        { origin: testBaseUrl },
        { name: 'Weak', email: `weak-${spelling.name.length}@example.com`, password: 'short123' },
      );
      // Our rule answers 400 (it asks for an uppercase letter); better-auth alone would create the account.
      expect({ spelling: spelling.name, status: response.status }).toEqual({
        spelling: spelling.name,
        status: spelling.reachesRoute ? 400 : 404,
      });
    }
    expect(await snapshotRows(testApp.database.db, null)).toEqual(before);
  });
});

describe('better-auth’s account paths that only /api/account may use, for every spelling', () => {
  it('delete-user, change-email and change-password never reach better-auth; reset-password keeps our rule', async () => {
    const target = await createUser(testApp.app, 'spelling.target@example.com');
    const attempts: Array<[string, object, number]> = [
      ['/api/auth/delete-user', {}, 404],
      ['/api/auth/change-email', { newEmail: 'spelled.away@example.com' }, 404],
      ['/api/auth/change-password', { currentPassword: strongPassword, newPassword: 'weakweakweak' }, 404],
      // Our rule answers 400 before better-auth sees the (unknown) token.
      ['/api/auth/reset-password', { token: 'not-a-token', newPassword: 'weakweakweak' }, 400],
    ];
    for (const [path, body, ourAnswer] of attempts) {
      for (const spelling of spellings(path)) {
        const response = await send('POST', spelling.url, target.headers, body);
        expect({ path, spelling: spelling.name, status: response.status }).toEqual({
          path,
          spelling: spelling.name,
          status: spelling.reachesRoute ? ourAnswer : 404,
        });
      }
    }
    const me = await testApp.app.inject({ method: 'GET', url: '/api/me', headers: target.headers });
    expect(me.json()).toMatchObject({ email: 'spelling.target@example.com' });
    expect((await signIn(testApp.app, { email: target.email })).statusCode).toBe(200);
  });
  it('list-sessions and the admin plugin’s endpoints, which answer session tokens, are closed for every spelling', async () => {
    const target = await createUser(testApp.app, 'spelling.sessions@example.com');
    const attempts: Array<[string, string, Record<string, string>, object | undefined]> = [
      ['GET', '/api/auth/list-sessions', target.headers, undefined],
      ['POST', '/api/auth/admin/list-user-sessions', admin.headers, { userId: target.id }],
      ['POST', '/api/auth/admin/impersonate-user', admin.headers, { userId: target.id }],
    ];
    for (const [method, path, headers, body] of attempts) {
      for (const spelling of spellings(path)) {
        const response = await send(method, spelling.url, headers, body);
        expect({ path, spelling: spelling.name, status: response.status }).toEqual({
          path,
          spelling: spelling.name,
          status: 404,
        });
        expect(response.body).not.toContain('"token"');
      }
    }
  });
});
