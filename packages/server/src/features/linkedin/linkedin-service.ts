import { pickLocale, translate, type Locale } from '@life-updates/contract/i18n';
import {
  linkedinExpiryWarningDays,
  linkedinPostUrl,
  linkedinTokenState,
  type LinkedinConnectionResponse,
  type ScheduledLinkedinPost,
} from '@life-updates/contract/linkedin';
import { and, desc, eq, gt, isNotNull, isNull, lte, ne, or } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { linkedinAuthorizations, linkedinConnections, linkedinPosts, users, userSettings } from '../../db/schema.ts';
import { byIdAndOwner, type UserScope } from '../../db/owned.ts';
import type { JobQueue } from '../../jobs.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { EmailTransport } from '../../providers/email/email-transport.ts';
import { findOwnIdeas, setIdeasStatus } from '../ideas/ideas-service.ts';
import type { PublicAddress } from '../public-address/public-address.ts';
import { linkedinRedirectUrl, type LinkedinOauth } from './linkedin-oauth.ts';
import { createLinkedinPost, LinkedinPublishError } from './linkedin-posts-client.ts';

export const linkedinPublishQueue = 'linkedin-publish';
export type LinkedinPublishJob = { postId: string };

/** An authorisation not completed within this time is refused. */
const authorizationLifetimeMs = 10 * 60 * 1000;

const failure = (status: number, code: string, message: string, values?: Record<string, string | number>) =>
  new AppError({ status, code, message, values });

/** How each of LinkedIn's refusals reaches our API: the idea stays unsent in every case. */
function toAppError(error: LinkedinPublishError): AppError {
  switch (error.key) {
    case 'linkedin.errors.expired':
      return failure(409, 'LINKEDIN_RECONNECT', error.key);
    case 'linkedin.errors.scope':
      return failure(409, 'LINKEDIN_SCOPE', error.key);
    case 'linkedin.errors.duplicate':
      return failure(409, 'LINKEDIN_DUPLICATE', error.key);
    case 'linkedin.errors.rateLimited':
      return failure(429, 'LINKEDIN_RATE_LIMITED', error.key);
    case 'linkedin.errors.noPostId':
      return failure(502, 'LINKEDIN_NO_POST_ID', error.key);
    case 'linkedin.errors.unavailable':
      return failure(502, 'LINKEDIN_UNAVAILABLE', error.key);
    case 'linkedin.errors.versionRetired':
      return failure(502, 'LINKEDIN_VERSION_RETIRED', error.key, error.values);
    default:
      return failure(409, 'LINKEDIN_REJECTED', error.key, error.values);
  }
}

const notConfigured = () => failure(409, 'LINKEDIN_NOT_CONFIGURED', 'linkedin.errors.notConfigured');
const notConnected = () => failure(409, 'LINKEDIN_NOT_CONNECTED', 'linkedin.errors.notConnected');
const reconnect = () => failure(409, 'LINKEDIN_RECONNECT', 'linkedin.errors.expired');

// ── Connection ──

export async function getLinkedinConnection({
  db,
  userId,
  isConfigured,
  now,
}: UserScope<Database> & { isConfigured: boolean; now: Date }): Promise<LinkedinConnectionResponse> {
  const [row] = await db
    .select({ name: linkedinConnections.name, expiresAt: linkedinConnections.expiresAt })
    .from(linkedinConnections)
    .where(eq(linkedinConnections.userId, userId));
  return {
    isConfigured,
    connection: row
      ? { name: row.name, expiresAt: row.expiresAt.toISOString(), state: linkedinTokenState(row.expiresAt, now) }
      : null,
  };
}

/** Keeps the state of a new authorisation, bound to the user, and returns LinkedIn's URL. */
export async function startLinkedinAuthorization({
  db,
  publicAddress,
  oauth,
  userId,
  now,
}: UserScope<Database> & {
  publicAddress: PublicAddress;
  oauth: LinkedinOauth | null;
  now: Date;
}): Promise<string> {
  if (!oauth) throw notConfigured();
  const redirectUrl = linkedinRedirectUrl(await publicAddress.forLinks());
  const { state, authorizationUrl } = oauth.startAuthorization({ redirectUrl });
  await db.transaction(async (tx) => {
    // Abandoned attempts of this user, and anyone's expired ones, go.
    await tx
      .delete(linkedinAuthorizations)
      .where(or(eq(linkedinAuthorizations.userId, userId), lte(linkedinAuthorizations.expiresAt, now)));
    await tx.insert(linkedinAuthorizations).values({
      state,
      userId,
      codeVerifierEncrypted: '',
      expiresAt: new Date(now.getTime() + authorizationLifetimeMs),
    });
  });
  return authorizationUrl;
}

/**
 * The callback: takes the authorisation its state names (once: a replayed callback finds nothing),
 * checks it belongs to the signed-in user and is recent, trades the code and stores the token
 * encrypted. Reconnecting replaces the token and clears the expiry notice; scheduled posts stay.
 */
export async function finishLinkedinAuthorization({
  db,
  secretBox,
  publicAddress,
  oauth,
  userId,
  callbackQuery,
  now,
}: UserScope<Database> & {
  secretBox: SecretBox;
  publicAddress: PublicAddress;
  oauth: LinkedinOauth | null;
  callbackQuery: URLSearchParams;
  now: Date;
}): Promise<void> {
  if (!oauth) throw notConfigured();
  const state = callbackQuery.get('state');
  if (!state) throw new Error('LinkedIn callback without state');
  const [authorization] = await db
    .delete(linkedinAuthorizations)
    .where(and(eq(linkedinAuthorizations.state, state), eq(linkedinAuthorizations.userId, userId)))
    .returning();
  if (!authorization) throw new Error('LinkedIn callback with an unknown state');
  if (authorization.expiresAt <= now) throw new Error('LinkedIn authorisation expired');
  const result = await oauth.finishAuthorization({
    redirectUrl: linkedinRedirectUrl(await publicAddress.forLinks()),
    callbackQuery,
    expectedState: authorization.state,
  });
  const values = {
    memberId: result.memberId,
    name: result.name,
    accessTokenEncrypted: secretBox.encrypt(result.accessToken),
    scope: result.scope,
    expiresAt: new Date(now.getTime() + result.expiresIn * 1000),
    expiryNoticeSentAt: null,
  };
  await db
    .insert(linkedinConnections)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: linkedinConnections.userId, set: values });
}

export async function disconnectLinkedin({ db, userId }: { db: Database; userId: string }) {
  await db.delete(linkedinConnections).where(eq(linkedinConnections.userId, userId));
}

// ── Publishing ──

/** The user's token, or why it cannot be used: not set up, not connected, expired. */
async function getUsableToken({
  db,
  config,
  secretBox,
  userId,
  now,
}: UserScope<Database> & { config: Config; secretBox: SecretBox; now: Date }) {
  if (!config.LINKEDIN_CLIENT_ID || !config.LINKEDIN_CLIENT_SECRET) throw notConfigured();
  const [row] = await db.select().from(linkedinConnections).where(eq(linkedinConnections.userId, userId));
  if (!row) throw notConnected();
  if (row.expiresAt <= now) throw reconnect();
  return { memberId: row.memberId, accessToken: secretBox.decrypt(row.accessTokenEncrypted) };
}

/**
 * Posts through LinkedIn, and only once it returned the post's id marks the ideas sent with the
 * post's address. LinkedIn saying the token is no good ends the connection's validity at once, so
 * the app asks to reconnect instead of failing the same way again.
 */
async function postAndRecord({
  db,
  config,
  secretBox,
  userId,
  ideaIds,
  text,
  now,
  scheduledPostId,
}: UserScope<Database> & {
  config: Config;
  secretBox: SecretBox;
  ideaIds: string[];
  text: string;
  now: Date;
  scheduledPostId?: string;
}) {
  const token = await getUsableToken({ db, config, secretBox, userId, now });
  let postUrn: string;
  try {
    ({ postUrn } = await createLinkedinPost({
      apiBase: config.LINKEDIN_API_BASE,
      apiVersion: config.LINKEDIN_API_VERSION,
      accessToken: token.accessToken,
      memberId: token.memberId,
      text,
    }));
  } catch (error) {
    if (error instanceof LinkedinPublishError && error.key === 'linkedin.errors.expired') {
      await db
        .update(linkedinConnections)
        .set({ expiresAt: now })
        .where(and(eq(linkedinConnections.userId, userId), gt(linkedinConnections.expiresAt, now)));
    }
    throw error;
  }
  const postUrl = linkedinPostUrl(postUrn);
  await db.transaction(async (tx) => {
    await setIdeasStatus({ db: tx, userId, ideaIds, status: 'sent', linkedinPostUrl: postUrl });
    const published = { status: 'published', postUrn, postUrl, publishedAt: now, errorKey: null, errorValues: null };
    if (scheduledPostId) {
      await tx
        .update(linkedinPosts)
        .set(published)
        .where(byIdAndOwner(linkedinPosts, scheduledPostId, userId));
    } else {
      await tx.insert(linkedinPosts).values({ userId, ideaIds, text, publishAt: now, ...published });
    }
  });
  return { postUrn, postUrl };
}

export async function publishToLinkedin({
  db,
  config,
  secretBox,
  userId,
  ideaIds,
  text,
  now,
}: UserScope<Database> & {
  config: Config;
  secretBox: SecretBox;
  ideaIds: string[];
  text: string;
  now: Date;
}): Promise<{ postUrn: string; postUrl: string }> {
  const uniqueIdeaIds = [...new Set(ideaIds)];
  await findOwnIdeas({ db, userId, ideaIds: uniqueIdeaIds });
  try {
    return await postAndRecord({ db, config, secretBox, userId, ideaIds: uniqueIdeaIds, text, now });
  } catch (error) {
    if (error instanceof LinkedinPublishError) throw toAppError(error);
    throw error;
  }
}

// ── Scheduling ──

export async function scheduleLinkedinPost({
  db,
  config,
  secretBox,
  jobs,
  userId,
  ideaIds,
  text,
  publishAt,
  now,
}: UserScope<Database> & {
  config: Config;
  secretBox: SecretBox;
  jobs: JobQueue | undefined;
  ideaIds: string[];
  text: string;
  publishAt: Date;
  now: Date;
}): Promise<ScheduledLinkedinPost> {
  if (publishAt.getTime() <= now.getTime()) {
    throw new AppError({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'linkedin.errors.pastTime',
      fields: { publishAt: 'linkedin.errors.pastTime' },
    });
  }
  const uniqueIdeaIds = [...new Set(ideaIds)];
  await findOwnIdeas({ db, userId, ideaIds: uniqueIdeaIds });
  await getUsableToken({ db, config, secretBox, userId, now });
  // Every server process starts the job queue; only an app built without one (some tests) lacks it.
  if (!jobs) throw failure(503, 'JOBS_UNAVAILABLE', 'errors.internal');
  const [row] = await db.insert(linkedinPosts).values({ userId, ideaIds: uniqueIdeaIds, text, publishAt }).returning();
  if (!row) throw new Error('scheduled post not stored');
  try {
    const jobId = await jobs.send(linkedinPublishQueue, { postId: row.id } satisfies LinkedinPublishJob, {
      startAfter: publishAt,
      singletonKey: row.id,
    });
    await db.update(linkedinPosts).set({ jobId }).where(eq(linkedinPosts.id, row.id));
  } catch (error) {
    await db.delete(linkedinPosts).where(eq(linkedinPosts.id, row.id));
    throw error;
  }
  return toScheduledPost(row, 'en');
}

function toScheduledPost(row: typeof linkedinPosts.$inferSelect, locale: Locale): ScheduledLinkedinPost {
  const status = (['scheduled', 'publishing', 'published', 'failed', 'cancelled'] as const).find(
    (candidate) => candidate === row.status,
  );
  return {
    id: row.id,
    text: row.text,
    ideaIds: row.ideaIds,
    publishAt: row.publishAt.toISOString(),
    status: status ?? 'failed',
    postUrl: row.postUrl,
    error: row.errorKey ? translate(row.errorKey, locale, row.errorValues ?? {}) : null,
  };
}

/** Summeris: posts waiting for their time, going out, failed, and those that went out on schedule. */
export async function findScheduledLinkedinPosts({
  db,
  userId,
  locale,
}: UserScope<Database> & { locale: Locale }): Promise<ScheduledLinkedinPost[]> {
  const rows = await db
    .select()
    .from(linkedinPosts)
    .where(
      and(
        eq(linkedinPosts.userId, userId),
        ne(linkedinPosts.status, 'cancelled'),
        or(ne(linkedinPosts.status, 'published'), isNotNull(linkedinPosts.jobId)),
      ),
    )
    .orderBy(desc(linkedinPosts.publishAt))
    .limit(100);
  return rows.map((row) => toScheduledPost(row, locale));
}

export async function cancelScheduledLinkedinPost({
  db,
  jobs,
  userId,
  postId,
}: UserScope<Database> & { jobs: JobQueue | undefined; postId: string }) {
  const [cancelled] = await db
    .update(linkedinPosts)
    .set({ status: 'cancelled' })
    .where(and(byIdAndOwner(linkedinPosts, postId, userId), eq(linkedinPosts.status, 'scheduled')))
    .returning({ jobId: linkedinPosts.jobId });
  if (!cancelled) {
    const [exists] = await db
      .select({ id: linkedinPosts.id })
      .from(linkedinPosts)
      .where(byIdAndOwner(linkedinPosts, postId, userId));
    if (!exists) throw failure(404, 'NOT_FOUND', 'linkedin.errors.notFound');
    throw failure(409, 'CONFLICT', 'linkedin.errors.notCancellable');
  }
  // The row's status already stops the worker; dropping the job only saves it a wake-up.
  if (jobs && cancelled.jobId) await jobs.cancel(linkedinPublishQueue, cancelled.jobId).catch(() => undefined);
}

/**
 * Runs one scheduled post. The worker first moves the row from scheduled to publishing: whichever
 * instance (or retried job) does so publishes it, any other finds nothing to do. A refusal is kept
 * on the row, to be shown in Summeris; the ideas stay unsent.
 */
export async function runScheduledLinkedinPost({
  db,
  config,
  secretBox,
  postId,
  now,
}: {
  db: Database;
  config: Config;
  secretBox: SecretBox;
  postId: string;
  now: Date;
}): Promise<'published' | 'failed' | 'skipped'> {
  const [post] = await db
    .update(linkedinPosts)
    .set({ status: 'publishing' })
    .where(and(eq(linkedinPosts.id, postId), eq(linkedinPosts.status, 'scheduled')))
    .returning();
  if (!post) return 'skipped';
  try {
    await postAndRecord({
      db,
      config,
      secretBox,
      userId: post.userId,
      ideaIds: post.ideaIds,
      text: post.text,
      now,
      scheduledPostId: post.id,
    });
    return 'published';
  } catch (error) {
    const appError = error instanceof LinkedinPublishError ? toAppError(error) : error;
    const isKnown = appError instanceof AppError;
    await db
      .update(linkedinPosts)
      .set({
        status: 'failed',
        errorKey: isKnown ? appError.message : 'linkedin.errors.unavailable',
        errorValues: isKnown ? (appError.values ?? null) : null,
      })
      .where(eq(linkedinPosts.id, post.id));
    if (!isKnown) throw error;
    return 'failed';
  }
}

/**
 * A post left "publishing" by an instance that stopped in the middle: LinkedIn may or may not have
 * it, so it is not sent again but shown as failed with that warning, for the user to check.
 */
export async function failInterruptedLinkedinPosts({ db, now }: { db: Database; now: Date }): Promise<number> {
  const stuckSince = new Date(now.getTime() - 15 * 60 * 1000);
  const failed = await db
    .update(linkedinPosts)
    .set({ status: 'failed', errorKey: 'linkedin.errors.interrupted', errorValues: null })
    .where(and(eq(linkedinPosts.status, 'publishing'), lte(linkedinPosts.updatedAt, stuckSince)))
    .returning({ id: linkedinPosts.id });
  return failed.length;
}

// ── Expiry ──

/**
 * The "expires soon" email, once per token: a connection inside the warning window without a
 * notice gets its notice time set first (so a second instance or run skips it), then the email.
 * A failed send clears the mark so the next run tries again.
 */
export async function sendLinkedinExpiryNotices({
  db,
  config,
  publicAddress,
  mailer,
  now,
}: {
  db: Database;
  config: Config;
  publicAddress: PublicAddress;
  mailer: EmailTransport;
  now: Date;
}): Promise<number> {
  const windowEnd = new Date(now.getTime() + linkedinExpiryWarningDays * 24 * 60 * 60 * 1000);
  const claimed = await db
    .update(linkedinConnections)
    .set({ expiryNoticeSentAt: now })
    .where(
      and(
        isNull(linkedinConnections.expiryNoticeSentAt),
        gt(linkedinConnections.expiresAt, now),
        lte(linkedinConnections.expiresAt, windowEnd),
      ),
    )
    .returning({ userId: linkedinConnections.userId, expiresAt: linkedinConnections.expiresAt });
  let sent = 0;
  // A failed send un-claims only its own connection (the next run tries it again); the others
  // still get theirs, and the job fails afterwards with the first error.
  let firstError: unknown;
  for (const connection of claimed) {
    const [user] = await db
      .select({ name: users.name, email: users.email, locale: userSettings.locale })
      .from(users)
      .leftJoin(userSettings, eq(userSettings.userId, users.id))
      .where(eq(users.id, connection.userId));
    if (!user) continue;
    const locale = pickLocale(user.locale);
    const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(connection.expiresAt);
    const url = new URL('/settings?tab=connected', await publicAddress.forLinks()).toString();
    try {
      await mailer.send({
        from: config.MAIL_FROM,
        to: user.email,
        subject: translate('linkedin.email.subject', locale),
        text: translate('linkedin.email.body', locale, { name: user.name, date, url }),
        userId: connection.userId,
      });
      sent += 1;
    } catch (error) {
      await db
        .update(linkedinConnections)
        .set({ expiryNoticeSentAt: null })
        .where(and(eq(linkedinConnections.userId, connection.userId), eq(linkedinConnections.expiryNoticeSentAt, now)));
      firstError ??= error;
    }
  }
  if (firstError !== undefined) throw firstError;
  return sent;
}
