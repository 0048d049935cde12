import { usernameFromEmail } from '@life-updates/contract/auth';
import { pickLocale } from '@life-updates/contract/i18n';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { admin } from 'better-auth/plugins/admin';
import { twoFactor } from 'better-auth/plugins/two-factor';
import { passkey } from '@better-auth/passkey';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import {
  accounts,
  passkeys,
  rateLimits,
  sessions,
  twoFactors,
  users,
  verifications,
} from '../../db/schema.ts';
import type { JobQueue } from '../../jobs.ts';
import { userMediaPrefix, type MediaStorage } from '../../providers/media-storage/media-storage.ts';
import type { EmailTransport } from '../../providers/email/email-transport.ts';
import { onPublicAddress, type PublicAddress } from '../public-address/public-address.ts';
import { ensureSettings } from '../settings/settings-service.ts';
import { assertNotLastAdmin, cancelQueuedWork, eraseUnlinkedRows } from './account-deletion.ts';
import { createAccountMail } from './account-mail.ts';
import { clearFailedLogins } from './lockout-service.ts';

/** A password-reset link works for 1 hour, once. */
export const resetPasswordLinkSeconds = 60 * 60;

export type AuthDependencies = {
  config: Config;
  db: Database;
  mailer: EmailTransport;
  log: FastifyBaseLogger;
  publicAddress: PublicAddress;
  /** The job queue, to cancel a deleted account's queued sends (absent in some tests). */
  jobs?: JobQueue | undefined;
  /** Where the user's photos are kept: deleting the account deletes them. */
  media: MediaStorage;
};

export function createAuth({ config, db, mailer, log, publicAddress, jobs, media }: AuthDependencies) {
  // Verification is required only when mail really leaves the machine.
  const requireEmailVerification = mailer.isExternal;
  const sendAccountMail = createAccountMail({ config, db, mailer, log });
  const linkOnPublicAddress = async (link: string) => onPublicAddress(link, await publicAddress.forLinks());
  return betterAuth({
    appName: 'Life Updates',
    baseURL: config.BASE_URL,
    basePath: '/api/auth',
    secret: config.APP_SECRET,
    // With BASE_URL set, only its origin is trusted. Without it, also the request's own origin:
    // auth-routes.ts builds the request's URL from the address the browser used (its Host, through
    // TRUST_PROXY), so a page served at that address is same-origin and any other Origin is
    // refused. Links in emails never come from it (sendVerificationEmail moves them onto the
    // public address).
    trustedOrigins: (request) =>
      config.BASE_URL_IS_SET || request === undefined
        ? [config.BASE_URL]
        : [config.BASE_URL, new URL(request.url).origin],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        rateLimit: rateLimits,
        twoFactor: twoFactors,
        passkey: passkeys,
      },
    }),
    user: {
      additionalFields: {
        username: { type: 'string', required: false, input: false },
        welcomeShown: { type: 'boolean', required: false, input: false, defaultValue: false },
      },
      changeEmail: { enabled: true, updateEmailWithoutVerification: !requireEmailVerification },
      /*
       * Delete my account (Settings → Account, with the password: auth-routes.ts). Every row of the
       * user's goes: most by the foreign keys' cascade, the rest here.
       */
      deleteUser: {
        enabled: true,
        async beforeDelete(user) {
          await assertNotLastAdmin({ db, userId: user.id });
          await cancelQueuedWork({ db, jobs, userId: user.id });
          await eraseUnlinkedRows({ db, userId: user.id, email: user.email });
        },
        // After the rows (the photos' rows went by cascade): a failure here leaves files no one can
        // reach, never a photo listed without its file.
        async afterDelete(user) {
          await media
            .deleteAll(userMediaPrefix(user.id))
            .catch((error: unknown) =>
              log.error({ err: error, userId: user.id }, 'deleting the media of an account failed'),
            );
        },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      requireEmailVerification,
      autoSignIn: false,
      // Forgot password: a one-time link for 1 hour; the reset ends every session of the account.
      resetPasswordTokenExpiresIn: resetPasswordLinkSeconds,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, url }) {
        const link = await linkOnPublicAddress(url);
        // Not awaited: an address with an account answers as fast as one without (no enumeration by timing).
        sendAccountMail({ user, to: user.email, kind: 'resetPassword', link }).catch((error: unknown) =>
          log.error({ err: error, userId: user.id }, 'password reset email failed'),
        );
      },
      async onPasswordReset({ user }) {
        await clearFailedLogins({ db, email: user.email });
        const origin = await publicAddress.forLinks();
        await sendAccountMail({
          user,
          to: user.email,
          kind: 'passwordReset',
          values: { resetUrl: new URL('/forgot-password', origin).toString() },
        });
      },
      /*
       * With mail that really leaves, signing up with a taken address answers like a new sign-up
       * (no account enumeration), and the address's owner is told by email. Without it, the
       * `hooks.before` below says plainly that the account exists.
       */
      async onExistingUserSignUp({ user }) {
        if (!requireEmailVerification) return;
        const origin = await publicAddress.forLinks();
        await sendAccountMail({
          user,
          to: user.email,
          kind: 'registerAttempt',
          values: {
            signInUrl: new URL('/login', origin).toString(),
            resetUrl: new URL('/forgot-password', origin).toString(),
          },
        });
      },
    },
    emailVerification: {
      sendOnSignUp: requireEmailVerification,
      sendOnSignIn: requireEmailVerification,
      autoSignInAfterVerification: false,
      async sendVerificationEmail({ user, url }) {
        // A change of email sends here too, with the new address as `user.email`.
        const [stored] = await db.select({ email: users.email }).from(users).where(eq(users.id, user.id));
        const isNewAddress = stored !== undefined && stored.email !== user.email;
        await sendAccountMail({
          user,
          to: user.email,
          kind: isNewAddress ? 'confirmNewEmail' : 'verifyEmail',
          values: { email: user.email },
          link: await linkOnPublicAddress(url),
        });
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    rateLimit: {
      enabled: true,
      storage: 'database',
      modelName: 'rateLimit',
      window: 60,
      max: 100 * config.RATE_LIMIT_SCALE,
      customRules: {
        '/sign-in/email': { window: 60, max: 20 * config.RATE_LIMIT_SCALE },
        '/sign-up/email': { window: 60, max: 10 * config.RATE_LIMIT_SCALE },
        '/send-verification-email': { window: 60, max: 5 * config.RATE_LIMIT_SCALE },
        // Per client IP: a few reset emails, and a few guesses at the link's token.
        '/request-password-reset': { window: 60 * 10, max: 3 * config.RATE_LIMIT_SCALE },
        '/reset-password': { window: 60, max: 10 * config.RATE_LIMIT_SCALE },
        '/reset-password/*': { window: 60, max: 10 * config.RATE_LIMIT_SCALE },
        '/change-password': { window: 60, max: 5 * config.RATE_LIMIT_SCALE },
        '/change-email': { window: 60, max: 5 * config.RATE_LIMIT_SCALE },
        '/two-factor/*': { window: 60, max: 20 * config.RATE_LIMIT_SCALE },
        '/passkey/*': { window: 60, max: 20 * config.RATE_LIMIT_SCALE },
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: ['x-life-updates-client-ip'] },
      useSecureCookies: config.BASE_URL_IS_SET && config.BASE_URL.startsWith('https://'),
      database: { generateId: () => crypto.randomUUID() },
    },
    plugins: [
      admin({ defaultRole: 'user', adminRoles: ['admin'] }),
      /*
       * Two-factor authentication: an authenticator app's code (TOTP) after the password, or one of
       * 10 single-use backup codes; "trust this device" skips it for 30 days; 10 wrong codes in a row
       * lock it for 15 minutes. Turning it on or off needs the password.
       */
      twoFactor({
        issuer: 'Life Updates',
        trustDeviceMaxAge: 30 * 24 * 60 * 60,
        backupCodeOptions: { amount: 10 },
        accountLockout: { enabled: true, maxFailedAttempts: 10, durationSeconds: 15 * 60 },
      }),
      /*
       * Passkeys: sign in with the device's screen lock instead of the password. A passkey belongs to
       * one host name (rpID), the public address's; with BASE_URL set only its origin may use one,
       * without it the page's own origin, which trustedOrigins above already limits to the address
       * the browser used.
       */
      passkey({
        rpName: 'Life Updates',
        rpID: new URL(config.BASE_URL).hostname,
        origin: config.BASE_URL_IS_SET ? new URL(config.BASE_URL).origin : null,
      }),
    ],
    hooks: {
      // Without outgoing mail there is no inbox to tell the owner through: say the account exists.
      before: createAuthMiddleware(async (ctx) => {
        if (requireEmailVerification || ctx.path !== '/sign-up/email') return;
        const body = ctx.body as { email?: unknown } | undefined;
        const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
        if (email === '') return;
        const existing = await ctx.context.internalAdapter.findUserByEmail(email);
        if (existing?.user) {
          throw new APIError('UNPROCESSABLE_ENTITY', { code: 'USER_ALREADY_EXISTS', message: 'User already exists' });
        }
      }),
    },
    databaseHooks: {
      user: {
        create: {
          async before(user) {
            // The first account on a fresh instance is admin.
            const isFirstUser = (await db.$count(users)) === 0;
            return {
              data: {
                ...user,
                username: usernameFromEmail(user.email),
                role: isFirstUser ? 'admin' : 'user',
                emailVerified: requireEmailVerification ? user.emailVerified : true,
              },
            };
          },
          async after(user, context) {
            // The language the account's emails are written in, until the user picks one in Settings.
            const language = context?.request?.headers.get('accept-language');
            await ensureSettings({ db, userId: user.id, locale: language ? pickLocale(language) : null });
            // The first account's address becomes the public one (links in emails), kept until an admin edits it.
            if (user.role === 'admin' && context?.request) {
              await publicAddress.recordFirst(new URL(context.request.url).origin);
            }
            if (!requireEmailVerification) {
              log.info(
                { userId: user.id },
                'account verified at sign-up: outbox email transport, no mailbox to confirm',
              );
            }
          },
        },
        update: {
          async before(user) {
            if (typeof user.email === 'string') return { data: { ...user, username: usernameFromEmail(user.email) } };
            return { data: user };
          },
        },
      },
    },
    telemetry: { enabled: false },
    logger: {
      log(level, message, ...rest) {
        log[level]({ detail: rest }, `auth: ${message}`);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
