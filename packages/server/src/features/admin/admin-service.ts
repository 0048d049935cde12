import type {
  adminUsersQuerySchema,
  contactRequestsQuerySchema,
  AdminStats,
  AdminUser,
  AdminUsersPage,
  AdminUserUpdate,
  ContactRequest,
  ContactRequestsPage,
  ContactRequestUpdate,
} from '@life-updates/contract/admin';
import { defaultMaxIdeas, defaultMonthlyShareLimit } from '@life-updates/contract/ideas';
import type { z } from 'zod';
import { and, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { containsPattern } from '../../db/contains-pattern.ts';
import { contactMessages, ideas, shares, twoFactors, userSettings, users } from '../../db/schema.ts';
import type { UserScope } from '../../db/owned.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { setLimits } from '../settings/settings-service.ts';
import type { Auth } from '../auth/auth.ts';
import { monthWindowUtc } from '../usage/usage-service.ts';

/**
 * Admin services read across every account on purpose: they are reached only through routes that
 * check the admin role on the server.
 */

/** The three cards of Settings → Admin: Total Summaries counts the shares, in every status. */
export async function getAdminStats({ db }: { db: Database }): Promise<AdminStats> {
  const [totalUsers, totalShares, totalIdeas] = await Promise.all([
    db.$count(users),
    db.$count(shares),
    db.$count(ideas),
  ]);
  return { totalUsers, totalShares, totalIdeas };
}

function selectUsers({ db, where, now }: { db: Database; where: SQL | undefined; now: Date }) {
  const { start, end } = monthWindowUtc(now);
  const sentThisMonth = db
    .select({ userId: shares.userId, sent: count().as('sent') })
    .from(shares)
    .where(and(eq(shares.status, 'sent'), gte(shares.sentAt, start), lt(shares.sentAt, end)))
    .groupBy(shares.userId)
    .as('sent_this_month');
  return db
    .select({
      id: users.id,
      username: users.username,
      name: users.name,
      email: users.email,
      role: users.role,
      createdAt: users.createdAt,
      banned: users.banned,
      twoFactorEnabled: users.twoFactorEnabled,
      monthlyShareLimit: userSettings.monthlyShareLimit,
      maxIdeas: userSettings.maxIdeas,
      sharesThisMonth: sql<number>`coalesce(${sentThisMonth.sent}, 0)`.mapWith(Number),
    })
    .from(users)
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .leftJoin(sentThisMonth, eq(sentThisMonth.userId, users.id))
    .where(where)
    .orderBy(users.createdAt, users.id)
    .$dynamic();
}

/** The users table: oldest first (the first account, the admin, leads), searched and paged. */
export async function findUsers({
  db,
  search,
  page,
  pageSize,
  now = new Date(),
}: { db: Database; now?: Date } & z.infer<typeof adminUsersQuerySchema>): Promise<AdminUsersPage> {
  const pattern = containsPattern(search);
  const where: SQL | undefined =
    search === ''
      ? undefined
      : or(
          ilike(users.username, pattern),
          ilike(users.name, pattern),
          ilike(users.email, pattern),
          ilike(users.id, pattern),
        );
  const [rows, total] = await Promise.all([
    selectUsers({ db, where, now })
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.$count(users, where),
  ]);
  return { items: rows.map(toAdminUser), total, page, pageSize };
}

function toAdminUser(row: Awaited<ReturnType<typeof selectUsers>>[number]): AdminUser {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    email: row.email,
    role: row.role === 'admin' ? 'admin' : 'user',
    createdAt: row.createdAt.toISOString(),
    sharesThisMonth: row.sharesThisMonth,
    monthlyShareLimit: row.monthlyShareLimit ?? defaultMonthlyShareLimit,
    maxIdeas: row.maxIdeas ?? defaultMaxIdeas,
    isDisabled: row.banned === true,
    twoFactorEnabled: row.twoFactorEnabled,
  };
}

/**
 * Changes a user's role and limits in one transaction. An admin cannot take away their own
 * admin role: the instance would risk having no admin left.
 */
export async function updateUser({
  db,
  adminId,
  userId,
  update,
  now = new Date(),
}: UserScope<Database> & { adminId: string; update: AdminUserUpdate; now?: Date }): Promise<AdminUser> {
  if (userId === adminId && update.role === 'user') {
    throw new AppError({ status: 409, code: 'OWN_ADMIN_ROLE', message: 'admin.errors.ownAdminRole' });
  }
  await db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw notFound('admin.errors.userNotFound');
    if (update.role !== undefined) await tx.update(users).set({ role: update.role }).where(eq(users.id, userId));
    await setLimits({
      db: tx,
      userId,
      limits: { monthlyShareLimit: update.monthlyShareLimit, maxIdeas: update.maxIdeas },
    });
  });
  return getAdminUser({ db, userId, now });
}

function toContactRequest(row: typeof contactMessages.$inferSelect): ContactRequest {
  return {
    id: row.id,
    userId: row.userId,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    status: row.status === 'handled' ? 'handled' : 'new',
    createdAt: row.createdAt.toISOString(),
  };
}

/** Contact Us / upgrade requests, newest first; `status` filters, `newCount` is always the whole backlog. */
export async function findContactRequests({
  db,
  status,
  page,
  pageSize,
}: { db: Database } & z.infer<typeof contactRequestsQuerySchema>): Promise<ContactRequestsPage> {
  const where = status ? eq(contactMessages.status, status) : undefined;
  const [rows, total, newCount] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .where(where)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.$count(contactMessages, where),
    db.$count(contactMessages, eq(contactMessages.status, 'new')),
  ]);
  return { items: rows.map(toContactRequest), total, newCount, page, pageSize };
}

export async function updateContactRequestStatus({
  db,
  requestId,
  status,
}: { db: Database; requestId: string } & ContactRequestUpdate): Promise<ContactRequest> {
  const [row] = await db.update(contactMessages).set({ status }).where(eq(contactMessages.id, requestId)).returning();
  if (!row) throw notFound('admin.errors.requestNotFound');
  return toContactRequest(row);
}

/** One user as the users table shows them, or a 404. */
export async function getAdminUser({ db, userId, now = new Date() }: UserScope<Database> & { now?: Date }) {
  const [row] = await selectUsers({ db, where: eq(users.id, userId), now });
  if (!row) throw notFound('admin.errors.userNotFound');
  return toAdminUser(row);
}

/**
 * Disables or re-enables an account through better-auth's admin plugin: disabling ends every
 * session of the user at once and refuses their sign-in until re-enabled. An admin cannot disable
 * themselves (the instance would risk having no admin able to sign in).
 */
export async function setUserDisabled({
  db,
  auth,
  adminId,
  userId,
  isDisabled,
  headers,
}: UserScope<Database> & { auth: Auth; adminId: string; isDisabled: boolean; headers: Headers }) {
  if (userId === adminId) {
    throw new AppError({ status: 409, code: 'OWN_ACCOUNT', message: 'admin.errors.ownAccount' });
  }
  await getAdminUser({ db, userId });
  if (isDisabled) await auth.api.banUser({ body: { userId }, headers });
  else await auth.api.unbanUser({ body: { userId }, headers });
  return getAdminUser({ db, userId });
}

/** Turns off a user's two-factor authentication (they lost their phone and their backup codes). */
export async function clearTwoFactor({ db, userId }: UserScope<Database>) {
  await getAdminUser({ db, userId });
  await db.transaction(async (tx) => {
    await tx.delete(twoFactors).where(eq(twoFactors.userId, userId));
    await tx.update(users).set({ twoFactorEnabled: false }).where(eq(users.id, userId));
  });
  return getAdminUser({ db, userId });
}
