import { fromNodeHeaders } from 'better-auth/node';
import { describeUserAgent, type AccountSession } from '@life-updates/contract/auth';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { IncomingHttpHeaders } from 'node:http';
import type { Database } from '../../db/client.ts';
import type { UserScope } from '../../db/owned.ts';
import { sessions } from '../../db/schema.ts';
import { notFound } from '../../lib/app-error.ts';
import type { Auth } from './auth.ts';

/** The user's signed-in devices (sessions not yet expired), the most recently active first. */
export async function findSessions({
  db,
  userId,
  currentSessionId,
}: UserScope<Database> & { currentSessionId: string }): Promise<AccountSession[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.updatedAt));
  return rows.map((row) => ({
    id: row.id,
    ...describeUserAgent(row.userAgent),
    ipAddress: row.ipAddress,
    createdAt: row.createdAt.toISOString(),
    lastActiveAt: row.updatedAt.toISOString(),
    isCurrent: row.id === currentSessionId,
  }));
}

/** Signs one of the user's devices out, through better-auth (its token never leaves the server). */
export async function revokeSession({
  db,
  auth,
  userId,
  sessionId,
  headers,
}: UserScope<Database> & { auth: Auth; sessionId: string; headers: IncomingHttpHeaders }) {
  const [row] = await db
    .select({ token: sessions.token })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
  if (!row) throw notFound('auth.sessionNotFound');
  await auth.api.revokeSession({ body: { token: row.token }, headers: fromNodeHeaders(headers) });
}
