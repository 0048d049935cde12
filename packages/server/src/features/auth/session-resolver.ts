import { parseCookies } from 'better-auth/cookies';
import { and, eq, gt, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { sessions, userSettings, users } from '../../db/schema.ts';
import type { SessionForStatement, SessionUser } from '../../lib/session.ts';
import type { Auth } from './auth.ts';

/** Any role other than admin is an ordinary user (ARCHITECTURE §4.6). */
const toSessionUser = (user: {
  id: string;
  email: string;
  name: string;
  role?: string | null;
  eventsVersion?: number | null;
}): SessionUser => ({
  id: user.id,
  email: user.email,
  name: user.name,
  role: user.role === 'admin' ? 'admin' : 'user',
  eventsVersion: user.eventsVersion ?? null,
});

export type SessionResolver = Awaited<ReturnType<typeof createSessionResolver>>;

/**
 * The condition a statement puts on the sessions table to check the session itself, in the same
 * round trip as its own work: the row of that token, neither expired nor due for renewal (the
 * placeholders `sessionToken` and `sessionFreshUntil`, from `sessionForStatement`). A row it does
 * not take is not refused by it: the caller then asks `resolve`.
 */
export const sessionAcceptedAsItIs = and(
  eq(sessions.token, sql.placeholder('sessionToken')),
  gt(sessions.expiresAt, sql.placeholder('sessionFreshUntil')),
);

/**
 * Who is signed in, for every API request (docs/benchmarks.md (a)). It answers exactly what
 * better-auth's `getSession` answers, in a fraction of the work on the common path: the session
 * cookie's signature checked with node:crypto, then one prepared query for the session, its user
 * and the version of the user's ideas (for the ideas list's cache). The session row is read on
 * every request, so signing out, a revoked session or a deleted account takes effect at once, on
 * every instance (no cached session, docs/security.md finding 9).
 *
 * Anything off the common path goes to better-auth itself: a session that has expired (it deletes
 * the row) or is due for its sliding renewal (it extends `expires_at`).
 *
 * A route whose one statement checks the session itself (`config: { sessionInStatement: true }`,
 * see `sessionAcceptedAsItIs`) gets only the cookie's signature checked here, before its input is
 * read; its statement reads the session row instead of a query of its own.
 */
export async function createSessionResolver({ auth, db }: { auth: Auth; db: Database }) {
  const context = await auth.$context;
  const cookieName = context.authCookies.sessionToken.name;
  const secret = context.secret;
  const expiresInMs = context.sessionConfig.expiresIn * 1000;
  const updateAgeMs = context.sessionConfig.updateAge * 1000;

  const findSession = db
    .select({
      expiresAt: sessions.expiresAt,
      id: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      eventsVersion: userSettings.eventsVersion,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(userSettings, eq(userSettings.userId, sessions.userId))
    .where(eq(sessions.token, sql.placeholder('token')))
    .prepare('session_user_by_token');

  /**
   * Cookie headers already found correctly signed, with their token: a browser sends the same header
   * on every request, and its signature cannot stop matching. Only signed ones are kept, so headers
   * made up by someone else do not fill it. (The session row is still read every time.)
   */
  const signedCookies = new LRUCache<string, string>({ max: 10_000 });

  /** The token of a correctly signed session cookie (better-call's `token.base64(HMAC-SHA256)`), else null. */
  function verifiedToken(cookieHeader: string): string | null {
    const known = signedCookies.get(cookieHeader);
    if (known !== undefined) return known;
    const token = checkSignature(cookieHeader);
    if (token !== null) signedCookies.set(cookieHeader, token);
    return token;
  }

  function checkSignature(cookieHeader: string): string | null {
    const value = parseCookies(cookieHeader).get(cookieName);
    if (!value) return null;
    const dot = value.lastIndexOf('.');
    if (dot < 1) return null;
    const token = value.slice(0, dot);
    const signature = value.slice(dot + 1);
    if (signature.length !== 44 || !signature.endsWith('=')) return null;
    const expected = createHmac('sha256', secret).update(token).digest();
    const given = Buffer.from(signature, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
  }

  async function resolveWithBetterAuth(cookieHeader: string): Promise<SessionUser | null> {
    const session = await auth.api.getSession({ headers: new Headers({ cookie: cookieHeader }) });
    if (!session) return null;
    return toSessionUser(session.user as typeof session.user & { role?: string | null });
  }

  async function resolve(cookieHeader: string | undefined): Promise<SessionUser | null> {
    if (!cookieHeader) return null;
    const token = verifiedToken(cookieHeader);
    if (token === null) return null;
    const [row] = await findSession.execute({ token });
    if (!row) return null;
    const now = Date.now();
    const expiresAt = row.expiresAt.getTime();
    if (expiresAt <= now || expiresAt - expiresInMs + updateAgeMs <= now) return resolveWithBetterAuth(cookieHeader);
    return toSessionUser(row);
  }

  return {
    resolve,
    /**
     * For a statement that checks the session itself (`sessionAcceptedAsItIs`): the token of a
     * correctly signed session cookie, without reading the session, and the expiry after which
     * its row is taken as it is, exactly as `resolve` takes it (not expired, not due for renewal).
     * Anything else goes through `resolve`, which renews or refuses it.
     */
    sessionForStatement(cookieHeader: string | undefined): SessionForStatement | null {
      const token = cookieHeader ? verifiedToken(cookieHeader) : null;
      return token === null ? null : { token, freshUntil: new Date(Date.now() + expiresInMs - updateAgeMs) };
    },
  };
}
