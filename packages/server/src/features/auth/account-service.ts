import type { AccountUpdate, Me } from '@life-updates/contract/auth';
import { usernameFromEmail } from '@life-updates/contract/auth';
import { and, eq, ne } from 'drizzle-orm';
import type { IncomingHttpHeaders } from 'node:http';
import type { Database } from '../../db/client.ts';
import { users, userSettings } from '../../db/schema.ts';
import type { UserScope } from '../../db/owned.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { APIError } from 'better-auth/api';
import { fromNodeHeaders } from 'better-auth/node';
import { ensureSettings, updateSettings } from '../settings/settings-service.ts';
import type { SendAccountMail } from './account-mail.ts';
import type { Auth } from './auth.ts';

/** Login accepts an email or a username; a username must name one account. */
export async function resolveLoginIdentifier({ db, identifier }: { db: Database; identifier: string }) {
  const trimmed = identifier.trim();
  if (trimmed.includes('@')) return trimmed.toLowerCase();
  const matches = await db.select({ email: users.email }).from(users).where(eq(users.username, trimmed)).limit(2);
  return matches.length === 1 ? matches[0]!.email : trimmed.toLowerCase();
}

export async function getMe({ db, userId }: { db: Database; userId: string }): Promise<Me> {
  const [row] = await db
    .select({ user: users, locale: userSettings.locale, theme: userSettings.theme })
    .from(users)
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) throw notFound();
  if (row.locale === null && row.theme === null) {
    // Every signed-in user has a settings record; create it if missing.
    await ensureSettings({ db, userId });
  }
  const role = row.user.role === 'admin' ? 'admin' : 'user';
  return {
    id: row.user.id,
    email: row.user.email,
    username: row.user.username,
    fullName: row.user.name,
    role,
    isAdmin: role === 'admin',
    emailVerified: row.user.emailVerified,
    twoFactorEnabled: row.user.twoFactorEnabled,
    welcomeShown: row.user.welcomeShown,
    locale: row.locale ?? null,
    theme: row.theme ?? null,
  };
}

/** The welcome toast shows once per profile: flip the flag and say if it was unset. */
export async function markWelcomeShown({ db, userId }: { db: Database; userId: string }) {
  const updated = await db
    .update(users)
    .set({ welcomeShown: true })
    .where(and(eq(users.id, userId), eq(users.welcomeShown, false)))
    .returning({ username: users.username });
  if (updated[0]) return { shouldWelcome: true, username: updated[0].username };
  const [user] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId));
  return { shouldWelcome: false, username: user?.username ?? 'user' };
}

/** A call that checks the user's password: better-auth's refusal of a wrong one becomes an error on `field`. */
async function checkingPassword<T>(call: Promise<T>, field: string): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof APIError && error.body?.code === 'INVALID_PASSWORD') {
      throw badRequest('auth.currentPasswordWrong', { [field]: 'auth.currentPasswordWrong' });
    }
    throw error;
  }
}

/**
 * Settings → Account's save. A new password or email needs the current password (a session left open
 * on another device must not take the account over). A new password signs out every other device;
 * a new email waits for the link sent to it when mail really leaves, and the old address is told.
 * Returns the profile and the session cookie better-auth set when it replaced the session.
 */
export async function updateAccount({
  db,
  auth,
  sendAccountMail,
  publicOrigin,
  userId,
  update,
  headers,
}: UserScope<Database> & {
  auth: Auth;
  sendAccountMail: SendAccountMail;
  publicOrigin: string;
  update: AccountUpdate;
  headers: IncomingHttpHeaders;
}): Promise<{ me: Me; cookies: string[] }> {
  const current = await getMe({ db, userId });
  const fullName = update.fullName !== undefined && update.fullName !== current.fullName ? update.fullName : undefined;
  const requested = update.email?.toLowerCase();
  const newEmail = requested !== undefined && requested !== current.email ? requested : undefined;
  const locale = update.locale !== undefined && update.locale !== current.locale ? update.locale : undefined;
  if (fullName === undefined && newEmail === undefined && update.password === undefined && locale === undefined) {
    throw badRequest('auth.noChanges');
  }
  const authHeaders = fromNodeHeaders(headers);
  if (newEmail !== undefined || update.password !== undefined) {
    if (!update.currentPassword) {
      throw badRequest('auth.currentPasswordRequired', { currentPassword: 'auth.currentPasswordRequired' });
    }
    await checkingPassword(
      auth.api.verifyPassword({ body: { password: update.currentPassword }, headers: authHeaders }),
      'currentPassword',
    );
  }
  if (newEmail !== undefined) {
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, newEmail), ne(users.id, userId)));
    if (taken) throw conflict('auth.emailAlreadyUsed');
  }

  const cookies: string[] = [];
  if (update.password !== undefined) {
    const changed = await auth.api.changePassword({
      body: { currentPassword: update.currentPassword ?? '', newPassword: update.password, revokeOtherSessions: true },
      headers: authHeaders,
      returnHeaders: true,
    });
    cookies.push(...changed.headers.getSetCookie());
    // The replaced session's cookie signs the rest of this request's calls.
    const token = changed.response.token;
    if (token) authHeaders.set('cookie', cookies.map((cookie) => cookie.split(';')[0]).join('; '));
  }
  if (newEmail !== undefined) {
    const user = { id: userId, name: current.fullName };
    const ctx = await auth.$context;
    if (ctx.options.emailAndPassword?.requireEmailVerification) {
      // A real mailbox exists: the change waits for the link sent to the new address.
      await auth.api.changeEmail({ body: { newEmail, callbackURL: '/settings?tab=account' }, headers: authHeaders });
      await sendAccountMail({
        user,
        to: current.email,
        kind: 'emailChangeRequested',
        values: { oldEmail: current.email, newEmail, resetUrl: new URL('/forgot-password', publicOrigin).toString() },
      });
    } else {
      await db
        .update(users)
        .set({ email: newEmail, username: usernameFromEmail(newEmail) })
        .where(eq(users.id, userId));
      await sendAccountMail({
        user,
        to: current.email,
        kind: 'emailChanged',
        values: { oldEmail: current.email, newEmail, contactUrl: new URL('/contact-us', publicOrigin).toString() },
      });
    }
  }
  if (fullName !== undefined) await db.update(users).set({ name: fullName }).where(eq(users.id, userId));
  if (locale !== undefined) await updateSettings({ db, userId, values: { locale } });
  return { me: await getMe({ db, userId }), cookies };
}

/**
 * Deletes the signed-in user's account through better-auth (its `beforeDelete` refuses the last
 * administrator and cancels queued work; the rows go by cascade), then tells the address, in the
 * user's language, that it is done. Returns the cookies that end the session in the browser.
 */
export async function deleteAccount({
  db,
  auth,
  sendAccountMail,
  userId,
  password,
  headers,
}: UserScope<Database> & {
  auth: Auth;
  sendAccountMail: SendAccountMail;
  password: string;
  headers: IncomingHttpHeaders;
}): Promise<string[]> {
  const current = await getMe({ db, userId });
  const deleted = await checkingPassword(
    auth.api.deleteUser({ body: { password }, headers: fromNodeHeaders(headers), returnHeaders: true }),
    'password',
  );
  await sendAccountMail({
    user: { id: userId, name: current.fullName },
    to: current.email,
    kind: 'accountDeleted',
    locale: current.locale,
  });
  return deleted.headers.getSetCookie();
}
