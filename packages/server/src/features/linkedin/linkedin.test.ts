import { translate } from '@life-updates/contract/i18n';
import type { Photo } from '@life-updates/contract/photos';
import type { LinkedinConnectionResponse } from '@life-updates/contract/linkedin';
import { defaultPreferences } from '@life-updates/contract/preferences';
import type { SendResult, ShareDeliveriesResponse, ShareReviewResponse } from '@life-updates/contract/shares';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLinkedin, type FakeLinkedin } from '../../../test/doubles/linkedin.ts';
import { addPhotos, describePhoto, phoneJpeg, storedImage } from '../../../test/photo-uploads.ts';
import {
  createIdea,
  createTestApp,
  createUser,
  testBaseUrl,
  type TestApp,
  type TestUser,
} from '../../../test/test-app.ts';
import { deliveries, linkedinAuthorizations, linkedinConnections, outboxMessages, shares } from '../../db/schema.ts';
import { createSecretBox } from '../../lib/secret-box.ts';
import { processDeliveries } from '../shares/delivery/worker.ts';
import { createLinkedinPost } from './linkedin-posts-client.ts';
import { sendLinkedinExpiryNotices } from './linkedin-service.ts';

const clientId = 'life-updates-test-client';
const clientSecret = 'test-client-secret-value';

let fake: FakeLinkedin;
let testApp: TestApp;

beforeAll(async () => {
  fake = await startFakeLinkedin({ clientId, clientSecret });
  testApp = await createTestApp({
    withJobs: true,
    env: {
      ...fake.appEnv,
      // The delivery queue's retries, quick and few: a refusal that passes is tried three times.
      EMAIL_RETRY_DELAY_SECONDS: '1',
      EMAIL_RETRY_LIMIT: '2',
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

/** An idea as the app's list shows it: its status and the LinkedIn post it was published in. */
async function ideaOf(user: TestUser, id: string) {
  const listed = await inject(user, 'GET', '/api/ideas');
  expect(listed.statusCode, listed.body).toBe(200);
  const idea = (
    listed.json() as { ideas: Array<{ id: string; status: string; linkedinPostUrl: string | null }> }
  ).ideas.find((candidate) => candidate.id === id);
  expect(idea, `idea ${id} in the list`).toBeDefined();
  return { status: idea!.status, linkedinPostUrl: idea!.linkedinPostUrl };
}

/** POST /api/shares/send to the user's LinkedIn profile, now or at `sendAt`. */
const sendToLinkedin = (
  user: TestUser,
  { ideaIds, text, sendAt }: { ideaIds: string[]; text: string; sendAt?: string },
  headers = {},
) =>
  inject(
    user,
    'POST',
    '/api/shares/send',
    { ideaIds, text, preferences: defaultPreferences, destinations: { linkedin: true }, ...(sendAt ? { sendAt } : {}) },
    headers,
  );

const deliveriesOf = async (user: TestUser, shareId: string, headers = {}) => {
  const response = await inject(user, 'GET', `/api/shares/${shareId}/deliveries`, undefined, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ShareDeliveriesResponse;
};

/** Waits, as the web client polls, until the share's one LinkedIn delivery is done (and no longer waits for its time). */
async function waitForPost(user: TestUser, shareId: string, headers = {}) {
  let last: ShareDeliveriesResponse | undefined;
  await waitUntil(async () => {
    last = await deliveriesOf(user, shareId, headers);
    return last.isDone && last.shareStatus !== 'sending' && last.shareStatus !== 'scheduled';
  }, `share ${shareId} to settle`);
  expect(last!.deliveries).toHaveLength(1);
  return { shareStatus: last!.shareStatus, delivery: last!.deliveries[0]! };
}

/**
 * Publishes a new idea's text while LinkedIn answers each post with `failure`, `times` in a row;
 * returns the idea, its delivery and how many posts reached LinkedIn for it.
 */
async function publishWhileFailing(
  user: TestUser,
  {
    idea,
    text,
    failure,
    times = 1,
    headers = {},
  }: {
    idea: string;
    text: string;
    failure: NonNullable<FakeLinkedin['state']['nextPostFailure']>;
    times?: number;
    headers?: Record<string, string>;
  },
) {
  const ideaId = await createIdea(testApp.app, user, idea);
  fake.state.nextPostFailure = failure;
  fake.state.nextPostFailureTimes = times;
  const attemptsBefore = fake.state.postAttempts;
  const { delivery } = await publish(user, [ideaId], text, headers);
  return { ideaId, delivery, attempts: fake.state.postAttempts - attemptsBefore };
}

/** An idea whose post did not go out: its text stays in its share, saved for later. */
const unsent = { status: 'saved_for_later', linkedinPostUrl: null };

/** Sends a text to LinkedIn now and waits for how it went. */
async function publish(user: TestUser, ideaIds: string[], text: string, headers = {}) {
  const sent = await sendToLinkedin(user, { ideaIds, text }, headers);
  expect(sent.statusCode, sent.body).toBe(200);
  const result = sent.json() as SendResult;
  expect(result).toMatchObject({ outcome: 'queued', queued: 1 });
  return { shareId: result.shareId!, ...(await waitForPost(user, result.shareId!, headers)) };
}

const storedDelivery = async (shareId: string) =>
  (await testApp.database.db.select().from(deliveries).where(eq(deliveries.shareId, shareId)))[0]!;

const sharesOf = async (user: TestUser) =>
  testApp.database.db.select({ id: shares.id }).from(shares).where(eq(shares.userId, user.id));

const review = async (user: TestUser, headers = {}) =>
  (await inject(user, 'GET', '/api/shares/review', undefined, headers)).json() as ShareReviewResponse;

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

  it('posts through the versioned Posts API with little-text escaping and keeps the post link for the idea', async () => {
    const ideaId = await createIdea(testApp.app, user, 'Shipped the release');
    const text = 'We shipped v2 (finally) #launch @team *bold* _under_ ~tilde~ [x] {y} <z> | back\\slash';
    const { shareId, shareStatus, delivery } = await publish(user, [ideaId], text);
    const post = fake.posts.at(-1)!;
    expect(post.commentary).toBe(
      'We shipped v2 \\(finally\\) \\#launch \\@team \\*bold\\* \\_under\\_ \\~tilde\\~ \\[x\\] \\{y\\} \\<z\\> \\| back\\\\slash',
    );
    expect(post.author).toBe(`urn:li:person:${fake.member.sub}`);
    // The default version, one LinkedIn still serves (the double refuses a retired one with 426).
    expect(post.headers).toEqual({ 'linkedin-version': '202609', 'x-restli-protocol-version': '2.0.0' });
    expect(delivery).toMatchObject({
      channel: 'linkedin',
      recipientName: 'Ada Lovelace',
      status: 'published',
      link: `https://www.linkedin.com/feed/update/${post.id}/`,
      error: null,
    });
    expect(shareStatus).toBe('sent');
    expect((await storedDelivery(shareId)).providerMessageId).toBe(post.id);
    expect(await ideaOf(user, ideaId)).toEqual({
      status: 'sent',
      linkedinPostUrl: `https://www.linkedin.com/feed/update/${post.id}/`,
    });
    expect(fake.protocolErrors).toEqual([]);
  });

  it('a duplicate (422) fails for good with its message, and the idea stays unsent', async () => {
    const first = await createIdea(testApp.app, user, 'Ran a marathon');
    expect((await publish(user, [first], 'I ran 42 km today')).delivery.status).toBe('published');
    const second = await createIdea(testApp.app, user, 'Ran it again');
    const postsBefore = fake.posts.length;
    const attemptsBefore = fake.state.postAttempts;
    const { shareStatus, delivery } = await publish(user, [second], 'I ran 42 km today');
    expect(delivery).toMatchObject({
      status: 'failed',
      error: translate('linkedin.errors.duplicate', 'en'),
      // It would be refused the same way again: neither the queue nor the user retries it.
      canRetry: false,
      attempts: 1,
      link: null,
    });
    expect(shareStatus).toBe('failed');
    expect(fake.state.postAttempts - attemptsBefore).toBe(1);
    expect(fake.posts).toHaveLength(postsBefore);
    // Not sent: its text stays in its share, saved for later.
    expect(await ideaOf(user, second)).toEqual(unsent);
  });

  it('LinkedIn unavailable (503) is tried again by the queue, and the post goes out once', async () => {
    const { ideaId, delivery, attempts } = await publishWhileFailing(user, {
      idea: 'Flaky day',
      text: 'Published on the second try',
      failure: 503,
    });
    expect(delivery).toMatchObject({ status: 'published', attempts: 2 });
    expect(attempts).toBe(2);
    expect(fake.posts.filter((post) => post.commentary === 'Published on the second try')).toHaveLength(1);
    expect(await ideaOf(user, ideaId)).toMatchObject({ status: 'sent' });
  });

  it('rate limiting (429) is retried, and when it lasts the message shows in the reader’s language', async () => {
    // Every attempt the queue makes (the first and two retries) is refused.
    const { ideaId, delivery, attempts } = await publishWhileFailing(user, {
      idea: 'Busy day',
      text: 'Busy, busy',
      failure: 429,
      times: 3,
      headers: { 'accept-language': 'ru' },
    });
    expect(delivery).toMatchObject({
      status: 'failed',
      error: translate('linkedin.errors.rateLimited', 'ru'),
      // The limit passes: the user may send it again.
      canRetry: true,
      attempts: 3,
    });
    expect(attempts).toBe(3);
    expect(await ideaOf(user, ideaId)).toEqual(unsent);
  });

  it('a retired API version (426) says so and names LINKEDIN_API_VERSION, at once and on a scheduled post', async () => {
    // As a server started with LINKEDIN_API_VERSION=202501, a version LinkedIn retired in January 2026.
    const configuredVersion = testApp.config.LINKEDIN_API_VERSION;
    testApp.config.LINKEDIN_API_VERSION = '202501';
    try {
      const ideaId = await createIdea(testApp.app, user, 'Old version');
      const { delivery } = await publish(user, [ideaId], 'Too old');
      expect(delivery).toMatchObject({
        status: 'failed',
        error: translate('linkedin.errors.versionRetired', 'en', { version: '202501' }),
        canRetry: false,
      });
      expect(delivery.error).toContain('LINKEDIN_API_VERSION');
      expect(delivery.error).toContain('202501');
      expect(await ideaOf(user, ideaId)).toEqual(unsent);

      // A scheduled post meeting the same answer keeps the message for Summeris, in the reader's language.
      const scheduled = await sendToLinkedin(user, {
        ideaIds: [ideaId],
        text: 'Too old, later',
        sendAt: new Date(Date.now() + 1500).toISOString(),
      });
      expect(scheduled.statusCode, scheduled.body).toBe(200);
      expect(scheduled.json()).toMatchObject({ outcome: 'scheduled' });
      const shareId = (scheduled.json() as SendResult).shareId!;
      await waitForPost(user, shareId);
      const failed = (await review(user, { 'accept-language': 'ru' })).failed.find((share) => share.id === shareId);
      expect(failed?.deliveries).toEqual([
        expect.objectContaining({
          channel: 'linkedin',
          status: 'failed',
          error: translate('linkedin.errors.versionRetired', 'ru', { version: '202501' }),
        }),
      ]);
      expect(failed?.deliveries[0]?.error).toContain('LINKEDIN_API_VERSION');
      expect(await ideaOf(user, ideaId)).toEqual(unsent);
    } finally {
      testApp.config.LINKEDIN_API_VERSION = configuredVersion;
    }
  });

  it('publishes a text of exactly 3,000 characters as sent; the double, like LinkedIn, refuses one more (400)', async () => {
    const ideaId = await createIdea(testApp.app, user, 'At the limit');
    const { delivery } = await publish(user, [ideaId], `${'#'.repeat(1499)}ab`);
    expect(delivery.status).toBe('published');
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

  it('a 201 without a post id is not a success, and is not tried again by itself', async () => {
    const { ideaId, delivery, attempts } = await publishWhileFailing(user, {
      idea: 'Silent post',
      text: 'No id comes back',
      failure: 'no-id',
    });
    expect(delivery).toMatchObject({
      status: 'failed',
      error: translate('linkedin.errors.noPostId', 'en'),
      // It may be on the profile: the user checks, then may send it again.
      canRetry: true,
      attempts: 1,
    });
    expect(attempts).toBe(1);
    expect(await ideaOf(user, ideaId)).toEqual(unsent);
  });

  it('a post whose answer never came is failed as maybe published, never sent again by the queue', async () => {
    const { ideaId, delivery, attempts } = await publishWhileFailing(user, {
      idea: 'Lost answer',
      text: 'Taken, but the answer was lost',
      failure: 'taken-no-answer',
    });
    expect(delivery).toMatchObject({
      status: 'failed',
      error: translate('linkedin.errors.interrupted', 'en'),
      // It is on the profile already: the user checks before sending it again.
      canRetry: true,
      attempts: 1,
    });
    expect(attempts).toBe(1);
    expect(await ideaOf(user, ideaId)).toEqual(unsent);
  });

  it('a token without w_member_social (403) asks for the permission', async () => {
    const limited = await createUser(testApp.app);
    fake.state.grantedScope = 'openid profile';
    try {
      await connect(limited);
    } finally {
      fake.state.grantedScope = null;
    }
    const ideaId = await createIdea(testApp.app, limited, 'No permission');
    const { delivery } = await publish(limited, [ideaId], 'Hello');
    expect(delivery).toMatchObject({
      status: 'failed',
      error: translate('linkedin.errors.scope', 'en'),
      canRetry: false,
    });
    expect(await ideaOf(limited, ideaId)).toEqual(unsent);
  });

  it('checks the input and the owner of the ideas, and writes nothing when it refuses', async () => {
    const ideaId = await createIdea(testApp.app, user, 'Mine');
    const stranger = await createUser(testApp.app);
    await connect(stranger);
    const sharesBefore = (await sharesOf(user)).length;
    const foreign = await sendToLinkedin(stranger, { ideaIds: [ideaId], text: 'Not mine' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'NOT_FOUND', message: translate('ideas.errors.notFound', 'en') });
    expect(await sharesOf(stranger)).toEqual([]);
    const empty = await sendToLinkedin(user, { ideaIds: [ideaId], text: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ fields: { text: translate('generation.toasts.noTextToSave', 'en') } });
    const tooLong = await sendToLinkedin(user, { ideaIds: [ideaId], text: 'x'.repeat(3001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: translate('linkedin.errors.tooLong', 'en'),
      fields: { text: translate('linkedin.errors.tooLong', 'en') },
    });
    // The limit holds for the text as sent: 1,501 characters typed are 3,002 once escaped.
    const postsBefore = fake.posts.length;
    const tooLongEscaped = await sendToLinkedin(user, { ideaIds: [ideaId], text: '#'.repeat(1501) });
    expect(tooLongEscaped.statusCode).toBe(400);
    expect(tooLongEscaped.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: translate('linkedin.errors.tooLong', 'en'),
    });
    expect(fake.posts).toHaveLength(postsBefore);
    const signedOut = await testApp.app.inject({ method: 'POST', url: '/api/shares/send', payload: {} });
    expect(signedOut.statusCode).toBe(401);
    expect(await sharesOf(user)).toHaveLength(sharesBefore);
    expect(await ideaOf(user, ideaId)).toEqual({ status: 'raw', linkedinPostUrl: null });
  });

  it('an expired or revoked token (401) asks to reconnect, and reconnecting publishes again', async () => {
    const member = await createUser(testApp.app);
    await connect(member);
    const ideaId = await createIdea(testApp.app, member, 'Token trouble');
    fake.revokeAllTokens();
    const { delivery } = await publish(member, [ideaId], 'Revoked');
    expect(delivery).toMatchObject({
      status: 'failed',
      error: translate('linkedin.errors.expired', 'en'),
      canRetry: false,
    });
    expect((await connectionOf(member)).connection?.state).toBe('expired');
    // Known to be expired now: the next send asks to reconnect without calling LinkedIn or writing anything.
    const sharesBefore = (await sharesOf(member)).length;
    const attemptsBefore = fake.state.postAttempts;
    const again = await sendToLinkedin(member, { ideaIds: [ideaId], text: 'Revoked again' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'LINKEDIN_RECONNECT', message: translate('linkedin.errors.expired', 'en') });
    expect(await sharesOf(member)).toHaveLength(sharesBefore);
    expect(fake.state.postAttempts).toBe(attemptsBefore);
    expect(await ideaOf(member, ideaId)).toEqual(unsent);
    await connect(member);
    expect((await connectionOf(member)).connection?.state).toBe('valid');
    expect((await publish(member, [ideaId], 'Back again')).delivery.status).toBe('published');
    // The earlier user's token was revoked too: reconnect them for the tests that follow.
    await connect(user);
  });

  it('asks to connect first (409, nothing written), and says when the server has no LinkedIn app', async () => {
    const loner = await createUser(testApp.app);
    const ideaId = await createIdea(testApp.app, loner, 'Alone');
    const refused = await sendToLinkedin(loner, { ideaIds: [ideaId], text: 'Hi' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'LINKEDIN_NOT_CONNECTED',
      message: translate('linkedin.errors.notConnected', 'en'),
    });
    expect(await sharesOf(loner)).toEqual([]);
    expect(await ideaOf(loner, ideaId)).toEqual({ status: 'raw', linkedinPostUrl: null });
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

describe('photos in a LinkedIn post', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await createUser(testApp.app);
    await connect(user);
  });

  /** A small JPEG as a phone stores it: the camera's make and where it was taken in its EXIF. */
  const smallPhoneJpeg = (colour: string) => phoneJpeg({ width: 120, height: 80, colour });

  /** Adds photos to the idea, in order, each with its alt text if given. */
  async function addPhotosWithAlt(ideaId: string, files: Array<{ colour: string; alt?: string }>): Promise<Photo[]> {
    const uploads = await Promise.all(
      files.map(async ({ colour }, index) => ({ name: `photo-${index}.jpg`, bytes: await smallPhoneJpeg(colour) })),
    );
    const photos = await addPhotos(testApp.app, user, ideaId, uploads);
    for (const [index, { alt }] of files.entries()) {
      if (alt) await describePhoto(testApp.app, user, photos[index]!, alt);
    }
    return photos;
  }

  /** The Images API calls made since `from`: each step with the image it named. */
  const imageStepsSince = (from: number) => fake.imageCalls.slice(from).map((call) => `${call.step} ${call.image}`);

  it('one photo: uploaded through the Images API, posted as content.media with its alt text, no EXIF', async () => {
    const ideaId = await createIdea(testApp.app, user, 'New bike');
    const [photo] = await addPhotosWithAlt(ideaId, [{ colour: '#cc2222', alt: 'A red bike leaning on a fence' }]);
    const callsBefore = fake.imageCalls.length;
    const errorsBefore = fake.protocolErrors.length;

    const { delivery } = await publish(user, [ideaId], 'Look at my new bike');
    const post = fake.posts.at(-1)!;
    expect(post.commentary).toBe('Look at my new bike');
    expect(post.contentKind).toBe('media');
    expect(post.images).toEqual([
      {
        id: expect.stringMatching(/^urn:li:image:/),
        altText: 'A red bike leaning on a fence',
        bytes: expect.any(Buffer),
      },
    ]);
    const image = post.images[0]!;
    // One initializeUpload, one upload, and status reads until LinkedIn has processed it (the double
    // answers PROCESSING once): the post waited for AVAILABLE.
    expect(imageStepsSince(callsBefore)).toEqual([
      `initializeUpload ${image.id}`,
      `upload ${image.id}`,
      `status ${image.id}`,
      `status ${image.id}`,
    ]);
    // The bytes LinkedIn got are the stored photo: no camera make, no GPS.
    expect(image.bytes.equals(await storedImage(testApp.app, user, photo!))).toBe(true);
    expect((await sharp(image.bytes).metadata()).exif).toBeUndefined();
    expect(image.bytes.toString('latin1')).not.toContain('TestCam');
    expect(delivery).toMatchObject({
      status: 'published',
      link: `https://www.linkedin.com/feed/update/${post.id}/`,
      error: null,
    });
    expect(fake.protocolErrors.slice(errorsBefore)).toEqual([]);
  });

  it('three photos of two ideas: a multiImage post, in the share’s order, each with its alt text', async () => {
    // The second idea's photo is added first: the order is the share's, not the upload's.
    const cake = await createIdea(testApp.app, user, 'Baked a cake');
    const [cakePhoto] = await addPhotosWithAlt(cake, [{ colour: '#884400' }]);
    const visit = await createIdea(testApp.app, user, 'Grandma visited');
    const visitPhotos = await addPhotosWithAlt(visit, [
      { colour: '#2244cc', alt: 'Grandma at the door' },
      { colour: '#22aa44', alt: 'Grandma in the garden' },
    ]);
    const callsBefore = fake.imageCalls.length;
    const errorsBefore = fake.protocolErrors.length;

    const { delivery } = await publish(user, [visit, cake], 'A weekend with grandma, and a cake');
    expect(delivery.status).toBe('published');
    const post = fake.posts.at(-1)!;
    expect(post.contentKind).toBe('multiImage');
    expect(post.images.map((image) => image.altText)).toEqual([
      'Grandma at the door',
      'Grandma in the garden',
      // No alt text given: none is sent.
      undefined,
    ]);
    const expected = [...visitPhotos, cakePhoto!];
    for (const [index, image] of post.images.entries())
      expect(image.bytes.equals(await storedImage(testApp.app, user, expected[index]!)), `image ${index}`).toBe(true);
    const steps = imageStepsSince(callsBefore);
    expect(steps.filter((step) => step.startsWith('initializeUpload'))).toHaveLength(3);
    expect(steps.filter((step) => step.startsWith('upload'))).toEqual(post.images.map((image) => `upload ${image.id}`));
    expect(fake.protocolErrors.slice(errorsBefore)).toEqual([]);
  });

  it('a share with more than 20 photos posts its first 20, in order: LinkedIn’s most for one post', async () => {
    const colours = Array.from({ length: 21 }, (_, index) => `#${(index * 12).toString(16).padStart(2, '0')}4080`);
    const ideaIds = [
      await createIdea(testApp.app, user, 'Holiday, day 1'),
      await createIdea(testApp.app, user, 'Holiday, day 2'),
      await createIdea(testApp.app, user, 'Holiday, day 3'),
    ];
    const photos = [
      ...(await addPhotosWithAlt(
        ideaIds[0]!,
        colours.slice(0, 10).map((colour, index) => ({ colour, alt: `Photo ${index + 1}` })),
      )),
      ...(await addPhotosWithAlt(
        ideaIds[1]!,
        colours.slice(10, 20).map((colour, index) => ({ colour, alt: `Photo ${index + 11}` })),
      )),
      ...(await addPhotosWithAlt(ideaIds[2]!, [{ colour: colours[20]!, alt: 'Photo 21' }])),
    ];
    const { delivery } = await publish(user, ideaIds, 'Our holiday in 21 photos');
    expect(delivery.status).toBe('published');
    const post = fake.posts.at(-1)!;
    expect(post.contentKind).toBe('multiImage');
    expect(post.images.map((image) => image.altText)).toEqual(
      Array.from({ length: 20 }, (_, index) => `Photo ${index + 1}`),
    );
    expect(post.images.at(-1)!.bytes.equals(await storedImage(testApp.app, user, photos[19]!))).toBe(true);
  });

  it('a photo upload that fails publishes nothing, is tried again by the queue, then can be retried', async () => {
    const ideaId = await createIdea(testApp.app, user, 'Sunset');
    await addPhotosWithAlt(ideaId, [{ colour: '#ff8800', alt: 'The sun over the sea' }]);
    const postsBefore = fake.posts.length;
    const attemptsBefore = fake.state.postAttempts;
    // Every attempt the queue makes (the first and two retries) meets a failing upload.
    fake.state.uploadFailures = 3;
    const { shareId, delivery } = await publish(user, [ideaId], 'Tonight’s sunset', { 'accept-language': 'ru' });
    expect(delivery).toMatchObject({
      status: 'failed',
      error: translate('linkedin.errors.photoUpload', 'ru'),
      // Nothing was published: the user may send it again.
      canRetry: true,
      attempts: 3,
      link: null,
    });
    expect(fake.state.uploadFailures).toBe(0);
    expect(fake.state.postAttempts).toBe(attemptsBefore);
    expect(fake.posts).toHaveLength(postsBefore);
    expect(await ideaOf(user, ideaId)).toEqual(unsent);

    const retried = await inject(user, 'POST', `/api/shares/${shareId}/retry-failed`);
    expect(retried.statusCode, retried.body).toBe(200);
    const { delivery: again } = await waitForPost(user, shareId);
    expect(again.status).toBe('published');
    expect(fake.posts).toHaveLength(postsBefore + 1);
    expect(fake.posts.at(-1)!.images.map((image) => image.altText)).toEqual(['The sun over the sea']);
    expect(await ideaOf(user, ideaId)).toMatchObject({ status: 'sent' });
  });

  it('a photo LinkedIn cannot process fails for good, before anything is published', async () => {
    const ideaId = await createIdea(testApp.app, user, 'Blurry');
    await addPhotosWithAlt(ideaId, [{ colour: '#777777' }]);
    const attemptsBefore = fake.state.postAttempts;
    fake.state.failNextProcessing = true;
    const { delivery } = await publish(user, [ideaId], 'A blurry photo');
    expect(delivery).toMatchObject({
      status: 'failed',
      error: translate('linkedin.errors.photoRejected', 'en'),
      canRetry: false,
      attempts: 1,
    });
    expect(fake.state.postAttempts).toBe(attemptsBefore);
    expect(await ideaOf(user, ideaId)).toEqual(unsent);
  });

  it('an image still processing when the wait ends fails the attempt as "photos not taken", with no post', async () => {
    const token = (await (await exchangeAtDouble(await authorizeAtLinkedin(user))).json()) as { access_token: string };
    const attemptsBefore = fake.state.postAttempts;
    const processingReads = fake.state.processingReads;
    fake.state.processingReads = 1000;
    try {
      const attempt = createLinkedinPost({
        apiBase: fake.url,
        apiVersion: testApp.config.LINKEDIN_API_VERSION,
        accessToken: token.access_token,
        memberId: fake.member.sub,
        text: 'Still processing',
        photos: [{ alt: null, read: () => smallPhoneJpeg('#123456') }],
        imageReadyTimeoutMs: 600,
      });
      await expect(attempt).rejects.toMatchObject({ key: 'linkedin.errors.photoUpload' });
    } finally {
      fake.state.processingReads = processingReads;
    }
    expect(fake.state.postAttempts).toBe(attemptsBefore);
  });

  it('the double, like LinkedIn, refuses a multiImage of 1 or 21 images and an image that is not the author’s', async () => {
    const token = (await (await exchangeAtDouble(await authorizeAtLinkedin(user))).json()) as { access_token: string };
    const headers = {
      authorization: `Bearer ${token.access_token}`,
      'content-type': 'application/json',
      'linkedin-version': testApp.config.LINKEDIN_API_VERSION,
      'x-restli-protocol-version': '2.0.0',
    };
    const author = `urn:li:person:${fake.member.sub}`;
    // One image, uploaded and processed as the Images API page describes.
    const initialized = await fetch(`${fake.url}/rest/images?action=initializeUpload`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ initializeUploadRequest: { owner: author } }),
    });
    expect(initialized.status).toBe(200);
    const { value } = (await initialized.json()) as {
      value: { uploadUrl: string; image: string; uploadUrlExpiresAt: number };
    };
    expect(value.image).toMatch(/^urn:li:image:/);
    expect(value.uploadUrlExpiresAt).toBeGreaterThan(Date.now());
    const withoutToken = await fetch(value.uploadUrl, {
      method: 'PUT',
      body: new Uint8Array(await smallPhoneJpeg('#000000')),
    });
    expect(withoutToken.status).toBe(401);
    const uploaded = await fetch(value.uploadUrl, {
      method: 'PUT',
      headers: { authorization: headers.authorization },
      body: new Uint8Array(await smallPhoneJpeg('#000000')),
    });
    expect(uploaded.status).toBe(201);
    const statusOf = async () =>
      (
        (await (await fetch(`${fake.url}/rest/images/${encodeURIComponent(value.image)}`, { headers })).json()) as {
          status: string;
        }
      ).status;
    expect(await statusOf()).toBe('PROCESSING');
    expect(await statusOf()).toBe('AVAILABLE');

    const post = (content: object) =>
      fetch(`${fake.url}/rest/posts`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          author,
          commentary: `Refused ${Math.random()}`,
          visibility: 'PUBLIC',
          distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
          content,
          lifecycleState: 'PUBLISHED',
          isReshareDisabledByAuthor: false,
        }),
      });
    const postsBefore = fake.posts.length;
    for (const count of [1, 21]) {
      const refused = await post({
        multiImage: { images: Array.from({ length: count }, () => ({ id: value.image })) },
      });
      expect(refused.status, `${count} images`).toBe(400);
    }
    const foreign = await post({ media: { id: 'urn:li:image:D4E10AQSomeoneElse' } });
    expect(foreign.status).toBe(400);
    expect(await foreign.json()).toMatchObject({
      status: 400,
      errorDetails: { inputErrors: [{ code: 'INVALID_MEDIA' }] },
    });
    expect(fake.posts).toHaveLength(postsBefore);
    // The same image, once, is taken.
    const taken = await post({ media: { id: value.image, altText: 'Black' } });
    expect(taken.status).toBe(201);
    expect(taken.headers.get('x-restli-id')).toMatch(/^urn:li:share:/);
  });
});

describe('scheduled LinkedIn posts', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await createUser(testApp.app);
    await connect(user);
  });

  it('goes out once at its time, not before, kept through a reconnect, and shows as scheduled meanwhile', async () => {
    const ideaId = await createIdea(testApp.app, user, 'Scheduled news');
    const sendAt = new Date(Date.now() + 3000);
    const scheduled = await sendToLinkedin(user, {
      ideaIds: [ideaId],
      text: 'Scheduled hello',
      sendAt: sendAt.toISOString(),
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(scheduled.json()).toMatchObject({ outcome: 'scheduled', queued: 1 });
    const shareId = (scheduled.json() as SendResult).shareId!;
    const waiting = await review(user);
    expect(waiting.scheduled.map((share) => share.id)).toEqual([shareId]);
    expect(waiting.scheduled[0]).toMatchObject({
      sendAt: sendAt.toISOString(),
      deliveries: [expect.objectContaining({ channel: 'linkedin', status: 'queued', link: null })],
    });
    // Reconnecting in the meantime keeps the post scheduled.
    await connect(user);
    expect((await review(user)).scheduled.map((share) => share.id)).toEqual([shareId]);
    expect(fake.posts.filter((candidate) => candidate.commentary === 'Scheduled hello')).toEqual([]);
    expect(await ideaOf(user, ideaId)).toEqual(unsent);

    const { shareStatus, delivery } = await waitForPost(user, shareId);
    const post = fake.posts.filter((candidate) => candidate.commentary === 'Scheduled hello');
    expect(post).toHaveLength(1);
    // Not before its time.
    expect(post[0]!.receivedAt.getTime()).toBeGreaterThanOrEqual(sendAt.getTime());
    expect(shareStatus).toBe('sent');
    expect(delivery).toMatchObject({
      status: 'published',
      link: `https://www.linkedin.com/feed/update/${post[0]!.id}/`,
    });
    const after = await review(user);
    expect(after.scheduled).toEqual([]);
    expect(after.sent.map((share) => share.id)).toContain(shareId);
    expect(await ideaOf(user, ideaId)).toEqual({
      status: 'sent',
      linkedinPostUrl: `https://www.linkedin.com/feed/update/${post[0]!.id}/`,
    });
  });

  it('can be taken back: it never goes out; another user can neither see nor take it back', async () => {
    const ideaId = await createIdea(testApp.app, user, 'Cancelled news');
    const scheduled = await sendToLinkedin(user, {
      ideaIds: [ideaId],
      text: 'Never posted',
      sendAt: new Date(Date.now() + 2500).toISOString(),
    });
    const shareId = (scheduled.json() as SendResult).shareId!;
    const stranger = await createUser(testApp.app);
    expect((await review(stranger)).scheduled).toEqual([]);
    expect((await inject(stranger, 'POST', `/api/shares/${shareId}/unschedule`)).statusCode).toBe(404);
    const taken = await inject(user, 'POST', `/api/shares/${shareId}/unschedule`);
    expect(taken.statusCode, taken.body).toBe(200);
    const again = await inject(user, 'POST', `/api/shares/${shareId}/unschedule`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: translate('summeris.errors.notScheduled', 'en') });
    await new Promise((resolve) => setTimeout(resolve, 6000));
    expect(fake.posts.filter((candidate) => candidate.commentary === 'Never posted')).toEqual([]);
    const after = await review(user);
    expect(after.scheduled.map((share) => share.id)).not.toContain(shareId);
    expect(after.pending.map((share) => share.id)).toContain(shareId);
    expect(await ideaOf(user, ideaId)).toEqual(unsent);
  });

  it('refuses a time in the past, and keeps LinkedIn’s refusal on the post', async () => {
    const ideaId = await createIdea(testApp.app, user, 'Late news');
    const sharesBefore = (await sharesOf(user)).length;
    const past = await sendToLinkedin(user, {
      ideaIds: [ideaId],
      text: 'Too late',
      sendAt: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ fields: { sendAt: translate('summeris.validation.pastTime', 'en') } });
    expect(await sharesOf(user)).toHaveLength(sharesBefore);
    fake.state.nextPostFailure = 429;
    fake.state.nextPostFailureTimes = 3;
    const scheduled = await sendToLinkedin(user, {
      ideaIds: [ideaId],
      text: 'Throttled later',
      sendAt: new Date(Date.now() + 1500).toISOString(),
    });
    const shareId = (scheduled.json() as SendResult).shareId!;
    const { shareStatus, delivery } = await waitForPost(user, shareId);
    expect(shareStatus).toBe('failed');
    expect(delivery.error).toBe(translate('linkedin.errors.rateLimited', 'en'));
    expect((await review(user)).failed.map((share) => share.id)).toContain(shareId);
    expect(await ideaOf(user, ideaId)).toEqual(unsent);
  });
});

describe('a post an instance left half-way', () => {
  it('is failed with a warning to check LinkedIn, never sent again', async () => {
    const user = await createUser(testApp.app);
    await connect(user);
    const ideaId = await createIdea(testApp.app, user, 'Half-way');
    // Scheduled far ahead, so that only the call below runs it.
    const scheduled = await sendToLinkedin(user, {
      ideaIds: [ideaId],
      text: 'Half-way',
      sendAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    const shareId = (scheduled.json() as SendResult).shareId!;
    const { db } = testApp.database;
    // The instance that was sending it stopped before LinkedIn answered: the row is left "sending".
    const { id: deliveryId } = await storedDelivery(shareId);
    await db.update(deliveries).set({ status: 'sending', attempts: 1 }).where(eq(deliveries.id, deliveryId));
    const attemptsBefore = fake.state.postAttempts;
    const outcomes = await processDeliveries({
      db,
      channels: testApp.app.deps.channels,
      attempts: [{ deliveryId, isFinalAttempt: false }],
    });
    expect(outcomes.get(deliveryId)).toEqual({ status: 'failed' });
    expect(fake.state.postAttempts).toBe(attemptsBefore);
    expect(fake.posts.filter((post) => post.commentary === 'Half-way')).toEqual([]);
    const { delivery } = await waitForPost(user, shareId);
    expect(delivery).toMatchObject({
      status: 'failed',
      error: translate('summeris.errors.interrupted', 'en'),
    });
    expect(await ideaOf(user, ideaId)).toEqual(unsent);
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
    const ideaId = await createIdea(testApp.app, user, 'After expiry');
    const sharesBefore = (await sharesOf(user)).length;
    const refused = await sendToLinkedin(user, { ideaIds: [ideaId], text: 'Expired' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'LINKEDIN_RECONNECT' });
    expect(await sharesOf(user)).toHaveLength(sharesBefore);

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
