import { defaultPreferences } from '@life-updates/contract/preferences';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRecordingServer } from '../doubles/http-recorder.ts';
import { startResendApi } from '../doubles/resend.ts';
import { startSendgridApi } from '../doubles/sendgrid.ts';
import { createTestApp, createUser, nextClientIp, type TestApp, type TestUser } from '../test-app.ts';
import { apiEndpoints, methodOf, pathOf, type ApiEndpoint, type OwnedIds } from './api-endpoints.ts';
import { badBodies, badIds, badQueries } from './schema-arbitraries.ts';
import { createOwnedResources } from './owned-resources.ts';
import { snapshotRows } from './snapshots.ts';

/**
 * Bad input gets a 4xx with a clear message, never a 500, and nothing is
 * half-written. Arbitraries come from each endpoint's contract schema (schema-arbitraries.ts).
 * Runs are kept modest: the suite runs on PGlite and again on PostgreSQL.
 */
const numRuns = 30;
let testApp: TestApp;
let user: TestUser;
let ids: OwnedIds;
let providers: Array<{ url: string; close: () => Promise<void> }> = [];

beforeAll(async () => {
  // Keys saved by a run reach the stand-ins for SendGrid and Resend, never the internet; voice has
  // a provider, so uploads are judged on their content (nothing is sent before they pass).
  const sendgrid = await startSendgridApi();
  const resend = await startResendApi();
  const transcription = await startRecordingServer(() => ({ status: 200, body: { text: '' } }));
  providers = [sendgrid, resend, transcription];
  testApp = await createTestApp({
    env: {
      SENDGRID_BASE_URL: sendgrid.url,
      RESEND_BASE_URL: resend.url,
      TRANSCRIPTION_BASE_URL: `${transcription.url}/v1`,
    },
  });
  user = await createUser(testApp.app);
  ids = await createOwnedResources(testApp.app, user, {
    idea: 'An idea to fuzz',
    contact: { name: 'Fuzz Friend', email: 'fuzz.friend@example.com' },
  });
});
afterAll(async () => {
  await testApp?.close();
  for (const provider of providers) await provider.close();
});

/** Sends one request and checks the property: < 500; a 4xx has { code, message } and wrote nothing. */
async function expectRefusedCleanly(request: {
  method: string;
  url: string;
  payload?: string;
  refusesWithPage?: boolean;
}) {
  const before = await snapshotRows(testApp.database.db, null);
  const response: LightMyRequestResponse = await testApp.app.inject({
    method: request.method as 'POST',
    url: request.url,
    // A fresh client address per request: per-IP rate limits would otherwise answer 429 to all.
    remoteAddress: nextClientIp(),
    headers: { ...user.headers, ...(request.payload === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  });
  const context = `${request.method} ${request.url} ${request.payload?.slice(0, 300) ?? ''} → ${response.statusCode} ${response.body.slice(0, 300)}`;
  expect(response.statusCode, context).toBeLessThan(500);
  if (response.statusCode >= 400) {
    // A 400 is given before the route is reached (a NUL, a malformed path): the API's JSON even there.
    if (request.refusesWithPage && response.statusCode !== 400) {
      expect(response.headers['content-type'], context).toBe('text/html; charset=utf-8');
      expect(response.body, context).toMatch(/^<!doctype html>[^]*<h1>[^<]+<\/h1>/);
    } else {
      const body = response.json() as { code?: unknown; message?: unknown };
      expect(typeof body.code, context).toBe('string');
      expect(typeof body.message, context).toBe('string');
      expect((body.message as string).length, context).toBeGreaterThan(0);
    }
    expect(await snapshotRows(testApp.database.db, null), context).toEqual(before);
  }
  return { status: response.statusCode, context };
}

const withBody = apiEndpoints.filter((endpoint) => methodOf(endpoint) !== 'GET' && methodOf(endpoint) !== 'DELETE');
const withQuery = apiEndpoints.filter((endpoint) => endpoint.querySchema);
const withIds = apiEndpoints.filter((endpoint) => endpoint.url);

describe('bad JSON bodies', () => {
  it.each(withBody.map((endpoint) => [endpoint.route, endpoint] as const))(
    '%s',
    async (_route, endpoint: ApiEndpoint) => {
      await fc.assert(
        fc.asyncProperty(badBodies(endpoint.body?.(ids) ?? {}, endpoint.bodySchema), async (payload) => {
          await expectRefusedCleanly({ method: methodOf(endpoint), url: pathOf(endpoint, ids), payload });
        }),
        { numRuns },
      );
    },
  );
});

describe('JSON nested deeper than any body of ours', () => {
  // 5,000 levels in 10 KB: JSON.parse takes it, but better-auth's endpoints, which serialise the
  // body again, failed with a RangeError (a 500) before anyone signed in.
  const deepBody = `{"email":${'['.repeat(5000)}${']'.repeat(5000)},"password":"x"}`;
  const authPaths = [
    '/api/auth/sign-in/email',
    '/api/auth/sign-up/email',
    '/api/auth/forget-password',
    '/api/auth/anything',
  ];

  it.each(authPaths)('%s answers 400', async (url) => {
    const response = await testApp.app.inject({
      method: 'POST',
      url,
      remoteAddress: nextClientIp(),
      headers: { origin: user.headers.origin!, 'content-type': 'application/json' },
      payload: deepBody,
    });
    expect(response.statusCode, response.body).toBe(400);
  });

  it.each(withBody.filter((endpoint) => !endpoint.isNotJson).map((endpoint) => [endpoint.route, endpoint] as const))(
    '%s answers 400',
    async (_route, endpoint) => {
      const response = await testApp.app.inject({
        method: methodOf(endpoint),
        url: pathOf(endpoint, ids),
        remoteAddress: nextClientIp(),
        headers: { ...user.headers, 'content-type': 'application/json' },
        payload: deepBody,
      });
      expect(response.statusCode, response.body).toBe(400);
    },
  );

  it('32 levels are still read as input (the limit refuses only deeper ones)', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: nextClientIp(),
      headers: { origin: user.headers.origin!, 'content-type': 'application/json' },
      payload: {
        email: user.email,
        password: 'wrong',
        extra: JSON.parse(`${'['.repeat(30)}${']'.repeat(30)}`) as unknown,
      },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('bad query strings', () => {
  it.each(withQuery.map((endpoint) => [endpoint.route, endpoint] as const))(
    '%s',
    async (_route, endpoint: ApiEndpoint) => {
      await fc.assert(
        fc.asyncProperty(badQueries(endpoint.querySchema!), async (query) => {
          await expectRefusedCleanly({ method: 'GET', url: `${pathOf(endpoint, ids)}?${query}` });
        }),
        { numRuns },
      );
    },
  );
});

describe('ids that name nothing', () => {
  it.each(withIds.map((endpoint) => [endpoint.route, endpoint] as const))(
    '%s',
    async (_route, endpoint: ApiEndpoint) => {
      await fc.assert(
        fc.asyncProperty(badIds, async (id) => {
          const body = endpoint.body?.(ids);
          await expectRefusedCleanly({
            method: methodOf(endpoint),
            refusesWithPage: endpoint.refusesWithPage,
            url: endpoint.url!({
              userId: id,
              ideaId: id,
              contactId: id,
              shareId: id,
              templateId: id,
              photoId: id,
              sessionId: id,
            }),
            ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
          });
        }),
        { numRuns: numRuns / 2 },
      );
    },
  );
});

describe('text the database cannot hold as sent', () => {
  it('refuses NUL in a path parameter with a 400 (every id row above, pinned here)', async () => {
    for (const endpoint of withIds) {
      const body = endpoint.body?.(ids);
      const url = endpoint.url!({
        userId: '%00',
        ideaId: '%00',
        photoId: '%00',
        contactId: '%00',
        shareId: '%00',
        templateId: '%00',
        sessionId: '%00',
      });
      const { status, context } = await expectRefusedCleanly({
        method: methodOf(endpoint),
        url,
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      });
      // A row whose address takes none of these ids (a fixed one) cannot carry the NUL.
      if (url.includes('%00')) expect(status, context).toBe(400);
    }
  });

  it('keeps text with half an emoji (a lone surrogate), stored with U+FFFD in its place', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/shares/save-for-later',
      remoteAddress: nextClientIp(),
      headers: { ...user.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({
        ideaIds: [ids.ideaId],
        text: 'Cut short \ud83d',
        preferences: defaultPreferences,
      }),
    });
    expect(response.statusCode, response.body).toBeLessThan(300);
    expect(JSON.stringify(response.json())).toContain('Cut short \ufffd');
  });
});
