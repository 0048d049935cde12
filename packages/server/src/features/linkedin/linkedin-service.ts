import { pickLocale, translate } from '@life-updates/contract/i18n';
import {
  linkedinExpiryWarningDays,
  linkedinTokenState,
  type LinkedinConnectionResponse,
} from '@life-updates/contract/linkedin';
import { and, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { linkedinAuthorizations, linkedinConnections, users, userSettings } from '../../db/schema.ts';
import type { UserScope } from '../../db/owned.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { EmailTransport } from '../../providers/email/email-transport.ts';
import type { PublicAddress } from '../public-address/public-address.ts';
import { linkedinRedirectUrl, type LinkedinOauth } from './linkedin-oauth.ts';

/** An authorisation not completed within this time is refused. */
const authorizationLifetimeMs = 10 * 60 * 1000;

const failure = (status: number, code: string, message: string, values?: Record<string, string | number>) =>
  new AppError({ status, code, message, values });

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

// ── Publishing (the LinkedIn channel, ./linkedin-channel.ts) ──

/** The user's token, or why it cannot be used: not set up, not connected, expired. */
export async function getUsableToken({
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
  return { name: row.name, memberId: row.memberId, accessToken: secretBox.decrypt(row.accessTokenEncrypted) };
}

/**
 * LinkedIn said the token is no good: the connection's validity ends now, so the app asks to
 * reconnect instead of failing the same way again.
 */
export async function endTokenValidity({ db, userId, now }: UserScope<Database> & { now: Date }) {
  await db
    .update(linkedinConnections)
    .set({ expiresAt: now })
    .where(and(eq(linkedinConnections.userId, userId), gt(linkedinConnections.expiresAt, now)));
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
