import { translate } from '@life-updates/contract/i18n';
import type { LinkedinConnectionResponse, ScheduledLinkedinPost } from '@life-updates/contract/linkedin';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLinkedin, type FakeLinkedin } from '../../../test/doubles/linkedin.ts';
import { createTestApp, createUser, testBaseUrl, type TestApp, type TestUser } from '../../../test/test-app.ts';
import { ideas, linkedinAuthorizations, linkedinConnections, linkedinPosts, outboxMessages } from '../../db/schema.ts';
import { createSecretBox } from '../../lib/secret-box.ts';
import {
  failInterruptedLinkedinPosts,
  runScheduledLinkedinPost,
  sendLinkedinExpiryNotices,
} from './linkedin-service.ts';

const clientId = 'life-updates-test-client';
const clientSecret = 'test-client-secret-value';

let fake: FakeLinkedin;
let testApp: TestApp;

beforeAll(async () => {
  fake = await startFakeLinkedin({ clientId, clientSecret });
  testApp = await createTestApp({
    withJobs: true,
    env: {
      LINKEDIN_CLIENT_ID: clientId,
      LINKEDIN_CLIENT_SECRET: clientSecret,
      LINKEDIN_API_BASE: fake.url,
      LINKEDIN_AUTH_BASE: fake.url,
    },
  });
});
afterAll(async () => {
  await testApp?.close();
  await fake?.close();
});

const inject = (user: TestUser, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, headers = {}) =>
  testApp.app.inject({ method, url, headers: { ...user.headers, ...headers }, payload });

/** Starts the flow, lets the fake LinkedIn approve it, and follows the redirect back into the app. */
async function authorizeAtLinkedin(user: TestUser) {
  const started = await inject(user, 'POST', '/api/linkedin/connect');
  expect(started.statusCode, started.body).toBe(200);
  const authorizationUrl = new URL((started.json() as { authorizationUrl: string }).authorizationUrl);
  expect(authorizationUrl.origin + authorizationUrl.pathname).toBe(`${fake.url}/oauth/v2/authorization`);
  expect(authorizationUrl.searchParams.get('redirect_uri')).toBe(`${testBaseUrl}/api/linkedin/callback`);
  // A state, and no PKCE: LinkedIn's web flow refuses a verifier (the double's token endpoint).
  expect(authorizationUrl.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
  expect(authorizationUrl.searchParams.has('code_challenge')).toBe(false);
  expect(authorizationUrl.searchParams.has('code_challenge_method')).toBe(false);
  const approved = await fetch(authorizationUrl, { redirect: 'manual' });
  expect(approved.status).toBe(302);
  const callback = new URL(approved.headers.get('location')!);
  expect(callback.origin + callback.pathname).toBe(`${testBaseUrl}/api/linkedin/callback`);
  return callback;
}

/** The token request the app makes, sent straight to the double, with `extra` form fields. */
const exchangeAtDouble = (callback: URL, extra: Record<string, string> = {}) =>
  fetch(`${fake.url}/oauth/v2/accessToken`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code') ?? '',
      client_id: clientId,
      client_secret: clientSecret,
      redirect_uri: `${testBaseUrl}/api/linkedin/callback`,
      ...extra,
    }),
  });

const followCallback = (user: TestUser, callback: URL) =>
  testApp.app.inject({ method: 'GET', url: callback.pathname + callback.search, headers: { cookie: user.cookie } });

async function connect(user: TestUser) {
  const landed = await followCallback(user, await authorizeAtLinkedin(user));
  expect(landed.statusCode).toBe(302);
  expect(landed.headers.location).toBe('/settings?tab=connected&linkedin=connected');
}

async function addIdea(user: TestUser, content: string) {
  const created = await inject(user, 'POST', '/api/ideas', { content });
  expect(created.statusCode, created.body).toBe(201);
  return (created.json() as { id: string }).id;
}

async function ideaOf(user: TestUser, id: string) {
  const [row] = await testApp.database.db
    .select({ status: ideas.status, linkedinPostUrl: ideas.linkedinPostUrl })
    .from(ideas)
    .where(and(eq(ideas.id, id), eq(ideas.userId, user.id)));
  return row!;
}

const connectionOf = async (user: TestUser) =>
  (await inject(user, 'GET', '/api/linkedin/connection')).json() as LinkedinConnectionResponse;

const waitUntil = async (check: () => Promise<boolean>, what: string, timeoutMs = 20_000) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out: ${what}`);
};

describe('connecting LinkedIn', () => {
  it('runs OAuth with a state (no PKCE) and shows the member’s name and the token’s expiry', async () => {
    const user = await createUser(testApp.app);
    expect(await connectionOf(user)).toEqual({ isConfigured: true, connection: null });
    const before = Date.now();
    await connect(user);
    const { connection } = await connectionOf(user);
    expect(connection).toMatchObject({ name: 'Ada Lovelace', state: 'valid' });
    const expiresIn = new Date(connection!.expiresAt).getTime() - before;
    expect(expiresIn).toBeGreaterThan(59 * 24 * 3600 * 1000);
    expect(expiresIn).toBeLessThan(61 * 24 * 3600 * 1000);
    // Stored in the secret box, not as it is; the flow's state was taken once.
    const [stored] = await testApp.database.db
      .select()
      .from(linkedinConnections)
      .where(eq(linkedinConnections.userId, user.id));
    expect(stored!.accessTokenEncrypted).toMatch(/^v1\./);
    expect(stored!.memberId).toBe(fake.member.sub);
    expect(createSecretBox(testApp.config.APP_SECRET).decrypt(stored!.accessTokenEncrypted)).toHaveLength(43);
    expect(
      await testApp.database.db.select().from(linkedinAuthorizations).where(eq(linkedinAuthorizations.userId, user.id)),
    ).toEqual([]);
    expect(fake.protocolErrors).toEqual([]);
  });

  it('refuses a replayed callback, a forged state and another user’s state', async () => {
    const user = await createUser(testApp.app);
    const callback = await authorizeAtLinkedin(user);
    const forged = new URL(callback);
    forged.searchParams.set('state', 'forged-state');
    expect((await followCallback(user, forged)).headers.location).toBe('/settings?tab=connected&linkedin=failed');
    // Someone else following this user's callback link finds no authorisation of theirs.
    const other = await createUser(testApp.app);
    expect((await followCallback(other, callback)).headers.location).toBe('/settings?tab=connected&linkedin=failed');
    expect((await connectionOf(other)).connection).toBeNull();
    expect((await followCallback(user, callback)).headers.location).toBe('/settings?tab=connected&linkedin=connected');
    // The same code and state again: the authorisation was used up.
    expect((await followCallback(user, callback)).headers.location).toBe('/settings?tab=connected&linkedin=failed');
  });

  it('sends no code_verifier, which LinkedIn (and the double) refuses with 401 invalid_client', async () => {
    const user = await createUser(testApp.app);
    const errorsBefore = fake.protocolErrors.length;
    const withVerifier = await exchangeAtDouble(await authorizeAtLinkedin(user), {
      code_verifier: 'a-verifier-of-the-length-pkce-asks-for-0123456789',
    });
    expect(withVerifier.status).toBe(401);
    expect(await withVerifier.json()).toEqual({
      error: 'invalid_client',
      error_description: 'Client authentication failed',
    });
    expect(fake.protocolErrors.splice(errorsBefore)).toEqual(['code_verifier sent on the web flow']);
    // The same request without the verifier gets its token: only the verifier made the difference.
    const without = await exchangeAtDouble(await authorizeAtLinkedin(user));
    expect(without.status).toBe(200);
    expect(await without.json()).toMatchObject({ token_type: 'Bearer', expires_in: 60 * 24 * 60 * 60 });
  });

  it('says so when the member cancels at LinkedIn', async () => {
    const user = await createUser(testApp.app);
    fake.state.denyNext = true;
    const callback = await authorizeAtLinkedin(user);
    expect((await followCallback(user, callback)).headers.location).toBe('/settings?tab=connected&linkedin=denied');
  });

  it('sends a signed-out visitor of the callback to sign in, and disconnects on request', async () => {
    const user = await createUser(testApp.app);
    const callback = await authorizeAtLinkedin(user);
    const anonymous = await testApp.app.inject({ method: 'GET', url: callback.pathname + callback.search });
    expect(anonymous.headers.location).toBe('/login');
    await connect(user);
    expect((await inject(user, 'DELETE', '/api/linkedin/connection')).statusCode).toBe(204);
    expect((await connectionOf(user)).connection).toBeNull();
  });
});

describe('publishing to LinkedIn', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await createUser(testApp.app);
    await connect(user);
  });

  it('posts through the versioned Posts API with little-text escaping and keeps the post link on the idea', async () => {
    const ideaId = await addIdea(user, 'Shipped the release');
    const text = 'We shipped v2 (finally) #launch @team *bold* _under_ ~tilde~ [x] {y} <z> | back\\slash';
    const published = await inject(user, 'POST', '/api/linkedin/publish', { ideaIds: [ideaId], text });
    expect(published.statusCode, published.body).toBe(200);
    const post = fake.posts.at(-1)!;
    expect(post.commentary).toBe(
      'We shipped v2 \\(finally\\) \\#launch \\@team \\*bold\\* \\_under\\_ \\~tilde\\~ \\[x\\] \\{y\\} \\<z\\> \\| back\\\\slash',
    );
    expect(post.author).toBe(`urn:li:person:${fake.member.sub}`);
    // The default version, one LinkedIn still serves (the double refuses a retired one with 426).
    expect(post.headers).toEqual({ 'linkedin-version': '202609', 'x-restli-protocol-version': '2.0.0' });
    expect(published.json()).toEqual({
      postUrn: post.id,
      postUrl: `https://www.linkedin.com/feed/update/${post.id}/`,
      message: 'Published on LinkedIn.',
    });
    expect(await ideaOf(user, ideaId)).toEqual({
      status: 'sent',
      linkedinPostUrl: `https://www.linkedin.com/feed/update/${post.id}/`,
    });
    const listed = await inject(user, 'GET', '/api/ideas');
    expect(listed.json().ideas.find((idea: { id: string }) => idea.id === ideaId)).toMatchObject({
      status: 'sent',
      linkedinPostUrl: `https://www.linkedin.com/feed/update/${post.id}/`,
    });
    expect(fake.protocolErrors).toEqual([]);
  });

  it('a duplicate (422) gets its message and the idea stays unsent', async () => {
    const first = await addIdea(user, 'Ran a marathon');
    expect(
      (await inject(user, 'POST', '/api/linkedin/publish', { ideaIds: [first], text: 'I ran 42 km today' })).statusCode,
    ).toBe(200);
    const second = await addIdea(user, 'Ran it again');
    const postsBefore = fake.posts.length;
    const refused = await inject(user, 'POST', '/api/linkedin/publish', {
      ideaIds: [second],
      text: 'I ran 42 km today',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'LINKEDIN_DUPLICATE',
      message: translate('linkedin.errors.duplicate', 'en'),
    });
    expect(fake.posts).toHaveLength(postsBefore);
    expect(await ideaOf(user, second)).toEqual({ status: 'raw_ideas', linkedinPostUrl: null });
  });

  it('rate limiting (429) gets its message, in the reader’s language, and the idea stays unsent', async () => {
    const ideaId = await addIdea(user, 'Busy day');
    fake.state.nextPostFailure = 429;
    const refused = await inject(
      user,
      'POST',
      '/api/linkedin/publish',
      { ideaIds: [ideaId], text: 'Busy, busy' },
      {
        'accept-language': 'ru',
      },
    );
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: 'LINKEDIN_RATE_LIMITED',
      message: translate('linkedin.errors.rateLimited', 'ru'),
    });
    expect(await ideaOf(user, ideaId)).toEqual({ status: 'raw_ideas', linkedinPostUrl: null });
  });

  it('a retired API version (426) says so and names LINKEDIN_API_VERSION, at once and on a scheduled post', async () => {
    // As a server started with LINKEDIN_API_VERSION=202501, a version LinkedIn retired in January 2026.
    const configuredVersion = testApp.config.LINKEDIN_API_VERSION;
    testApp.config.LINKEDIN_API_VERSION = '202501';
    try {
      const ideaId = await addIdea(user, 'Old version');
      const refused = await inject(user, 'POST', '/api/linkedin/publish', { ideaIds: [ideaId], text: 'Too old' });
      expect(refused.statusCode).toBe(502);
      expect(refused.json()).toEqual({
        code: 'LINKEDIN_VERSION_RETIRED',
        message: translate('linkedin.errors.versionRetired', 'en', { version: '202501' }),
      });
      expect((refused.json() as { message: string }).message).toContain('LINKEDIN_API_VERSION');
      expect((refused.json() as { message: string }).message).toContain('202501');
      expect(await ideaOf(user, ideaId)).toEqual({ status: 'raw_ideas', linkedinPostUrl: null });

      // A scheduled post meeting the same answer keeps the message for Summeris, in the reader's language.
      const [scheduled] = await testApp.database.db
        .insert(linkedinPosts)
        .values({ userId: user.id, ideaIds: [ideaId], text: 'Too old, later', publishAt: new Date() })
        .returning();
      const outcome = await runScheduledLinkedinPost({
        db: testApp.database.db,
        config: testApp.config,
        secretBox: testApp.app.deps.secretBox,
        postId: scheduled!.id,
        now: new Date(),
      });
      expect(outcome).toBe('failed');
      const listed = (
        (await inject(user, 'GET', '/api/linkedin/posts', undefined, { 'accept-language': 'ru' })).json() as {
          posts: ScheduledLinkedinPost[];
        }
      ).posts.find((post) => post.id === scheduled!.id);
      expect(listed).toMatchObject({
        status: 'failed',
        error: translate('linkedin.errors.versionRetired', 'ru', { version: '202501' }),
      });
      expect(listed?.error).toContain('LINKEDIN_API_VERSION');
      expect(await ideaOf(user, ideaId)).toEqual({ status: 'raw_ideas', linkedinPostUrl: null });
    } finally {
      testApp.config.LINKEDIN_API_VERSION = configuredVersion;
    }
  });

  it('publishes a text of exactly 3,000 characters as sent; the double, like LinkedIn, refuses one more (400)', async () => {
    const ideaId = await addIdea(user, 'At the limit');
    const published = await inject(user, 'POST', '/api/linkedin/publish', {
      ideaIds: [ideaId],
      text: `${'#'.repeat(1499)}ab`,
    });
    expect(published.statusCode, published.body).toBe(200);
    expect(fake.posts.at(-1)!.commentary).toHaveLength(3000);

    // Straight to the double, with a token of its own: the answer LinkedIn gives a longer commentary.
    const token = (await (await exchangeAtDouble(await authorizeAtLinkedin(user))).json()) as { access_token: string };
    const refused = await fetch(`${fake.url}/rest/posts`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token.access_token}`,
        'content-type': 'application/json',
        'linkedin-version': testApp.config.LINKEDIN_API_VERSION,
        'x-restli-protocol-version': '2.0.0',
      },
      body: JSON.stringify({
        author: `urn:li:person:${fake.member.sub}`,
        commentary: 'y'.repeat(3001),
        visibility: 'PUBLIC',
        distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
        lifecycleState: 'PUBLISHED',
        isReshareDisabledByAuthor: false,
      }),
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      status: 400,
      message: expect.stringContaining(
        'ShareCommentary text length (3001 characters) exceeded the maximum allowed (3000 characters)',
      ),
      errorDetails: { inputErrors: [{ code: 'FIELD_ARRAY_SIZE_TOO_HIGH', maxLength: 3000 }] },
    });
  });

  it('a 201 without a post id is not a success', async () => {
    const ideaId = await addIdea(user, 'Silent post');
    fake.state.nextPostFailure = 'no-id';
    const refused = await inject(user, 'POST', '/api/linkedin/publish', {
      ideaIds: [ideaId],
      text: 'No id comes back',
    });
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toEqual({
      code: 'LINKEDIN_NO_POST_ID',
      message: translate('linkedin.errors.noPostId', 'en'),
    });
    expect(await ideaOf(user, ideaId)).toEqual({ status: 'raw_ideas', linkedinPostUrl: null });
  });

  it('a token without w_member_social (403) asks for the permission', async () => {
    const limited = await createUser(testApp.app);
    fake.state.grantedScope = 'openid profile';
    try {
      await connect(limited);
    } finally {
      fake.state.grantedScope = null;
    }
    const ideaId = await addIdea(limited, 'No permission');
    const refused = await inject(limited, 'POST', '/api/linkedin/publish', { ideaIds: [ideaId], text: 'Hello' });
    expect(refused.json()).toEqual({ code: 'LINKEDIN_SCOPE', message: translate('linkedin.errors.scope', 'en') });
    expect(await ideaOf(limited, ideaId)).toEqual({ status: 'raw_ideas', linkedinPostUrl: null });
  });

  it('checks the input and the owner of the ideas', async () => {
    const ideaId = await addIdea(user, 'Mine');
    const stranger = await createUser(testApp.app);
    await connect(stranger);
    const foreign = await inject(stranger, 'POST', '/api/linkedin/publish', { ideaIds: [ideaId], text: 'Not mine' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'NOT_FOUND', message: translate('ideas.errors.notFound', 'en') });
    const empty = await inject(user, 'POST', '/api/linkedin/publish', { ideaIds: [ideaId], text: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: translate('linkedin.errors.emptyText', 'en') });
    const tooLong = await inject(user, 'POST', '/api/linkedin/publish', { ideaIds: [ideaId], text: 'x'.repeat(3001) });
    expect(tooLong.json()).toMatchObject({ message: translate('linkedin.errors.tooLong', 'en') });
    // The limit holds for the text as sent: 1,501 characters typed are 3,002 once escaped.
    const postsBefore = fake.posts.length;
    const tooLongEscaped = await inject(user, 'POST', '/api/linkedin/publish', {
      ideaIds: [ideaId],
      text: '#'.repeat(1501),
    });
    expect(tooLongEscaped.statusCode).toBe(400);
    expect(tooLongEscaped.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: translate('linkedin.errors.tooLong', 'en'),
    });
    expect(fake.posts).toHaveLength(postsBefore);
    const signedOut = await testApp.app.inject({ method: 'POST', url: '/api/linkedin/publish', payload: {} });
    expect(signedOut.statusCode).toBe(401);
    expect(await ideaOf(user, ideaId)).toEqual({ status: 'raw_ideas', linkedinPostUrl: null });
  });

  it('an expired or revoked token (401) asks to reconnect, and reconnecting publishes again', async () => {
    const member = await createUser(testApp.app);
    await connect(member);
    const ideaId = await addIdea(member, 'Token trouble');
    fake.revokeAllTokens();
    const refused = await inject(member, 'POST', '/api/linkedin/publish', { ideaIds: [ideaId], text: 'Revoked' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 'LINKEDIN_RECONNECT', message: translate('linkedin.errors.expired', 'en') });
    expect((await connectionOf(member)).connection?.state).toBe('expired');
    // Known to be expired now: the next attempt asks to reconnect without calling LinkedIn.
    const again = await inject(member, 'POST', '/api/linkedin/publish', { ideaIds: [ideaId], text: 'Revoked again' });
    expect(again.json()).toMatchObject({ code: 'LINKEDIN_RECONNECT' });
    expect(await ideaOf(member, ideaId)).toEqual({ status: 'raw_ideas', linkedinPostUrl: null });
    await connect(member);
    expect((await connectionOf(member)).connection?.state).toBe('valid');
    const published = await inject(member, 'POST', '/api/linkedin/publish', { ideaIds: [ideaId], text: 'Back again' });
    expect(published.statusCode, published.body).toBe(200);
    // The earlier user's token was revoked too: reconnect them for the tests that follow.
    await connect(user);
  });

  it('asks to connect first, and says when the server has no LinkedIn app', async () => {
    const loner = await createUser(testApp.app);
    const ideaId = await addIdea(loner, 'Alone');
    const refused = await inject(loner, 'POST', '/api/linkedin/publish', { ideaIds: [ideaId], text: 'Hi' });
    expect(refused.json()).toEqual({
      code: 'LINKEDIN_NOT_CONNECTED',
      message: translate('linkedin.errors.notConnected', 'en'),
    });
    const bare = await createTestApp();
    try {
      const someone = await createUser(bare.app);
      const status = await bare.app.inject({
        method: 'GET',
        url: '/api/linkedin/connection',
        headers: someone.headers,
      });
      expect(status.json()).toEqual({ isConfigured: false, connection: null });
      const start = await bare.app.inject({ method: 'POST', url: '/api/linkedin/connect', headers: someone.headers });
      expect(start.json()).toMatchObject({ code: 'LINKEDIN_NOT_CONFIGURED' });
    } finally {
      await bare.close();
    }
  });
});

describe('scheduled LinkedIn posts', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await createUser(testApp.app);
    await connect(user);
  });
  const list = async (who: TestUser) =>
    ((await inject(who, 'GET', '/api/linkedin/posts')).json() as { posts: ScheduledLinkedinPost[] }).posts;

  it('goes out once at its time, kept through a reconnect, and shows in the list meanwhile', async () => {
    const ideaId = await addIdea(user, 'Scheduled news');
    const publishAt = new Date(Date.now() + 3000).toISOString();
    const scheduled = await inject(user, 'POST', '/api/linkedin/posts', {
      ideaIds: [ideaId],
      text: 'Scheduled hello',
      publishAt,
    });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    const postId = (scheduled.json() as ScheduledLinkedinPost).id;
    expect(await list(user)).toEqual([
      expect.objectContaining({ id: postId, status: 'scheduled', text: 'Scheduled hello', postUrl: null }),
    ]);
    // Reconnecting in the meantime keeps the post scheduled.
    await connect(user);
    expect((await list(user))[0]).toMatchObject({ id: postId, status: 'scheduled' });
    await waitUntil(async () => (await list(user))[0]?.status === 'published', 'the scheduled post to go out');
    const post = fake.posts.filter((candidate) => candidate.commentary === 'Scheduled hello');
    expect(post).toHaveLength(1);
    expect((await list(user))[0]).toMatchObject({ postUrl: `https://www.linkedin.com/feed/update/${post[0]!.id}/` });
    expect(await ideaOf(user, ideaId)).toMatchObject({ status: 'sent' });
  });

  it('can be cancelled: it never goes out; another user can neither see nor cancel it', async () => {
    const ideaId = await addIdea(user, 'Cancelled news');
    const scheduled = await inject(user, 'POST', '/api/linkedin/posts', {
      ideaIds: [ideaId],
      text: 'Never posted',
      publishAt: new Date(Date.now() + 2500).toISOString(),
    });
    const postId = (scheduled.json() as ScheduledLinkedinPost).id;
    const stranger = await createUser(testApp.app);
    expect(await list(stranger)).toEqual([]);
    expect((await inject(stranger, 'DELETE', `/api/linkedin/posts/${postId}`)).statusCode).toBe(404);
    expect((await inject(user, 'DELETE', `/api/linkedin/posts/${postId}`)).statusCode).toBe(204);
    expect((await inject(user, 'DELETE', `/api/linkedin/posts/${postId}`)).json()).toMatchObject({
      message: translate('linkedin.errors.notCancellable', 'en'),
    });
    await new Promise((resolve) => setTimeout(resolve, 6000));
    expect(fake.posts.filter((candidate) => candidate.commentary === 'Never posted')).toEqual([]);
    expect((await list(user)).map((post) => post.id)).not.toContain(postId);
    expect(await ideaOf(user, ideaId)).toEqual({ status: 'raw_ideas', linkedinPostUrl: null });
  });

  it('refuses a time in the past, and keeps LinkedIn’s refusal on the post', async () => {
    const ideaId = await addIdea(user, 'Late news');
    const past = await inject(user, 'POST', '/api/linkedin/posts', {
      ideaIds: [ideaId],
      text: 'Too late',
      publishAt: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ fields: { publishAt: translate('linkedin.errors.pastTime', 'en') } });
    fake.state.nextPostFailure = 429;
    const scheduled = await inject(user, 'POST', '/api/linkedin/posts', {
      ideaIds: [ideaId],
      text: 'Throttled later',
      publishAt: new Date(Date.now() + 1500).toISOString(),
    });
    const postId = (scheduled.json() as ScheduledLinkedinPost).id;
    await waitUntil(
      async () => (await list(user)).find((post) => post.id === postId)?.status === 'failed',
      'the scheduled post to fail',
    );
    expect((await list(user)).find((post) => post.id === postId)?.error).toBe(
      translate('linkedin.errors.rateLimited', 'en'),
    );
    expect(await ideaOf(user, ideaId)).toEqual({ status: 'raw_ideas', linkedinPostUrl: null });
  });
});

describe('a post an instance left half-way', () => {
  it('is shown as failed with a warning to check LinkedIn, never sent again', async () => {
    const user = await createUser(testApp.app);
    const { db } = testApp.database;
    const longAgo = new Date(Date.now() - 60 * 60 * 1000);
    const [stuck] = await db
      .insert(linkedinPosts)
      .values({ userId: user.id, text: 'Half-way', publishAt: longAgo, status: 'publishing', jobId: 'gone' })
      .returning();
    const [recent] = await db
      .insert(linkedinPosts)
      .values({ userId: user.id, text: 'Just started', publishAt: new Date(), status: 'publishing', jobId: 'busy' })
      .returning();
    await db.update(linkedinPosts).set({ updatedAt: longAgo }).where(eq(linkedinPosts.id, stuck!.id));
    expect(await failInterruptedLinkedinPosts({ db, now: new Date() })).toBe(1);
    const posts = ((await inject(user, 'GET', '/api/linkedin/posts')).json() as { posts: ScheduledLinkedinPost[] })
      .posts;
    expect(posts.find((post) => post.id === stuck!.id)).toMatchObject({
      status: 'failed',
      error: translate('linkedin.errors.interrupted', 'en'),
    });
    expect(posts.find((post) => post.id === recent!.id)).toMatchObject({ status: 'publishing', error: null });
  });
});

describe('token expiry', () => {
  it('shows the banner state and sends exactly one email seven days before; reconnecting starts afresh', async () => {
    const user = await createUser(testApp.app);
    await connect(user);
    const { db } = testApp.database;
    const now = new Date();
    const inDays = (days: number) => new Date(now.getTime() + days * 24 * 3600 * 1000);
    const notices = async () =>
      (
        await db
          .select()
          .from(outboxMessages)
          .where(
            and(
              eq(outboxMessages.toAddress, user.email),
              eq(outboxMessages.subject, translate('linkedin.email.subject', 'en')),
            ),
          )
      ).length;
    const run = () =>
      sendLinkedinExpiryNotices({
        db,
        config: testApp.config,
        publicAddress: testApp.app.publicAddress,
        mailer: testApp.app.deps.mailer,
        now,
      });

    await db
      .update(linkedinConnections)
      .set({ expiresAt: inDays(8) })
      .where(eq(linkedinConnections.userId, user.id));
    await run();
    expect(await notices()).toBe(0);
    expect((await connectionOf(user)).connection?.state).toBe('valid');

    await db
      .update(linkedinConnections)
      .set({ expiresAt: inDays(6) })
      .where(eq(linkedinConnections.userId, user.id));
    expect((await connectionOf(user)).connection?.state).toBe('expiring');
    await Promise.all([run(), run()]);
    await run();
    expect(await notices()).toBe(1);
    const [message] = await db.select().from(outboxMessages).where(eq(outboxMessages.toAddress, user.email));
    expect(message!.text).toContain(`${testBaseUrl}/settings?tab=connected`);

    // Past expiry: publishing asks to reconnect.
    await db
      .update(linkedinConnections)
      .set({ expiresAt: inDays(-1) })
      .where(eq(linkedinConnections.userId, user.id));
    expect((await connectionOf(user)).connection?.state).toBe('expired');
    const ideaId = await addIdea(user, 'After expiry');
    const refused = await inject(user, 'POST', '/api/linkedin/publish', { ideaIds: [ideaId], text: 'Expired' });
    expect(refused.json()).toMatchObject({ code: 'LINKEDIN_RECONNECT' });

    // A new token gets its own notice when its time comes.
    await connect(user);
    await db
      .update(linkedinConnections)
      .set({ expiresAt: inDays(3) })
      .where(eq(linkedinConnections.userId, user.id));
    await run();
    expect(await notices()).toBe(2);
  });

  it('a failed notice waits for the next run without costing the others theirs', async () => {
    const [failing, other] = [await createUser(testApp.app), await createUser(testApp.app)];
    await connect(failing);
    await connect(other);
    const { db } = testApp.database;
    const now = new Date();
    const soon = new Date(now.getTime() + 5 * 24 * 3600 * 1000);
    for (const user of [failing, other]) {
      await db.update(linkedinConnections).set({ expiresAt: soon }).where(eq(linkedinConnections.userId, user.id));
    }
    const { mailer } = testApp.app.deps;
    const refusingOne = {
      kind: mailer.kind,
      isExternal: mailer.isExternal,
      close: () => mailer.close(),
      send: async (message: Parameters<typeof mailer.send>[0]) => {
        if (message.to === failing.email) throw new Error('mail server down');
        return mailer.send(message);
      },
    };
    const noticeSentAt = async (user: TestUser) =>
      (await db.select().from(linkedinConnections).where(eq(linkedinConnections.userId, user.id)))[0]!
        .expiryNoticeSentAt;

    await expect(
      sendLinkedinExpiryNotices({
        db,
        config: testApp.config,
        publicAddress: testApp.app.publicAddress,
        mailer: refusingOne,
        now,
      }),
    ).rejects.toThrow('mail server down');
    const sentTo = async (user: TestUser) =>
      (await db.select().from(outboxMessages).where(eq(outboxMessages.toAddress, user.email))).length;
    expect(await sentTo(other)).toBe(1);
    expect(await noticeSentAt(other)).not.toBeNull();
    expect(await sentTo(failing)).toBe(0);
    expect(await noticeSentAt(failing)).toBeNull();

    // The next run, with the mail server back, sends the one that failed and nothing twice.
    await sendLinkedinExpiryNotices({
      db,
      config: testApp.config,
      publicAddress: testApp.app.publicAddress,
      mailer,
      now,
    });
    expect(await sentTo(failing)).toBe(1);
    expect(await sentTo(other)).toBe(1);
  });
});
