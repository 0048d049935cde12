import type { AccountUpdate, Me } from '@life-updates/contract/auth';
import { usernameFromEmail } from '@life-updates/contract/auth';
import { and, eq, ne } from 'drizzle-orm';
import type { IncomingHttpHeaders } from 'node:http';
import type { Database } from '../../db/client.ts';
import { accounts, users, userSettings } from '../../db/schema.ts';
import type { UserScope } from '../../db/owned.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
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
    await db.insert(userSettings).values({ userId }).onConflictDoNothing();
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

export async function updateAccount({
  db,
  auth,
  userId,
  update,
  headers,
}: UserScope<Database> & { auth: Auth; update: AccountUpdate; headers: IncomingHttpHeaders }): Promise<Me> {
  const current = await getMe({ db, userId });
  const changes: { name?: string; email?: string; username?: string; emailVerified?: boolean } = {};
  if (update.fullName !== undefined && update.fullName !== current.fullName) changes.name = update.fullName;
  const newEmail = update.email?.toLowerCase();
  if (newEmail !== undefined && newEmail !== current.email) {
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, newEmail), ne(users.id, userId)));
    if (taken) throw conflict('auth.emailAlreadyUsed');
  }
  const ctx = await auth.$context;
  if (Object.keys(changes).length === 0 && newEmail === undefined && update.password === undefined) {
    throw badRequest('auth.noChanges');
  }
  await db.transaction(async (tx) => {
    if (newEmail !== undefined && newEmail !== current.email) {
      if (ctx.options.emailAndPassword?.requireEmailVerification) {
        // A real mailbox exists: the change waits for confirmation of the new address.
        const webHeaders = new Headers();
        for (const [name, value] of Object.entries(headers)) if (typeof value === 'string') webHeaders.set(name, value);
        await auth.api.changeEmail({ body: { newEmail, callbackURL: '/settings?tab=account' }, headers: webHeaders });
      } else {
        changes.email = newEmail;
        changes.username = usernameFromEmail(newEmail);
      }
    }
    if (Object.keys(changes).length > 0) await tx.update(users).set(changes).where(eq(users.id, userId));
    if (update.password !== undefined) {
      const hash = await ctx.password.hash(update.password);
      await tx
        .update(accounts)
        .set({ password: hash })
        .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
    }
  });
  return getMe({ db, userId });
}
