import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppForFile, createUser, type TestUser } from '../../../test/test-app.ts';
import { ideas, sessions, users } from '../../db/schema.ts';

/*
 * The session hook (session-hook.ts) in front of every API route: signed-in, forged, revoked,
 * expired and due-for-renewal sessions, through the real app and the real session rows.
 */
const testApp = testAppForFile();
beforeAll(async () => {
  // The first account of an instance is its admin; the users below are ordinary ones.
  await createUser(testApp.app);
});

const day = 24 * 60 * 60 * 1000;
const me = (cookie: string) => testApp.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
const sessionOf = async (user: TestUser) => {
  const [row] = await testApp.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
  return row!;
};
/** The session cookie's value, `token.signature`, URL-decoded. */
const signedToken = (user: TestUser) => {
  const match = /better-auth\.session_token=([^;]+)/.exec(user.cookie);
  return decodeURIComponent(match![1]!);
};

describe('session check on API requests', () => {
  it('knows the signed-in user, with the role from the database', async () => {
    const user = await createUser(testApp.app);
    const response = await me(user.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: user.id, email: user.email, role: 'user' });
    const asUser = await testApp.app.inject({
      method: 'GET',
      url: '/api/admin/users',
      headers: { cookie: user.cookie },
    });
    expect(asUser.statusCode).toBe(403);

    await testApp.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, user.id));
    const admin = await testApp.app.inject({
      method: 'GET',
      url: '/api/admin/users',
      headers: { cookie: user.cookie },
    });
    expect(admin.statusCode).toBe(200);
  });
});

/*
 * The same cases through a read (GET /api/me) and a write (POST /api/ideas): both must answer
 * alike, and a refused create must write nothing.
 */
const ideasOf = (user: TestUser) => testApp.database.db.select().from(ideas).where(eq(ideas.userId, user.id));
const probes = [
  { name: 'GET /api/me', accepted: 200, ideasPerAccepted: 0, call: me },
  {
    name: 'POST /api/ideas',
    accepted: 201,
    ideasPerAccepted: 1,
    call: (cookie: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/ideas',
        headers: { cookie },
        payload: { content: 'A new idea' },
      }),
  },
];

describe.each(probes)('session check through $name', (probe) => {
  it('refuses a request without a session cookie', async () => {
    const allIdeas = () => testApp.database.db.select().from(ideas);
    const before = (await allIdeas()).length;
    expect((await probe.call('')).statusCode).toBe(401);
    expect((await probe.call('theme=dark')).statusCode).toBe(401);
    expect(await allIdeas()).toHaveLength(before);
  });

  it('refuses a cookie whose signature does not match, or that carries none', async () => {
    const user = await createUser(testApp.app);
    const [token, signature] = signedToken(user).split('.') as [string, string];
    const otherSignature = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    for (const value of [`${token}.${otherSignature}`, token, `${token}.`, `${token}.${signature.slice(0, 40)}`]) {
      const response = await probe.call(`better-auth.session_token=${encodeURIComponent(value)}`);
      expect(response.statusCode, value).toBe(401);
    }
    // The token of another session under this session's signature is refused too.
    const other = await createUser(testApp.app);
    const otherToken = signedToken(other).split('.')[0]!;
    expect(
      (await probe.call(`better-auth.session_token=${encodeURIComponent(`${otherToken}.${signature}`)}`)).statusCode,
    ).toBe(401);
    expect(await ideasOf(user)).toHaveLength(0);
    expect(await ideasOf(other)).toHaveLength(0);
  });

  it('refuses a session whose row is gone (signed out elsewhere, revoked) at once', async () => {
    const user = await createUser(testApp.app);
    expect((await probe.call(user.cookie)).statusCode).toBe(probe.accepted);
    await testApp.database.db.delete(sessions).where(eq(sessions.userId, user.id));
    expect((await probe.call(user.cookie)).statusCode).toBe(401);
    expect(await ideasOf(user)).toHaveLength(probe.ideasPerAccepted);
  });

  it('refuses an expired session and deletes it, as better-auth does', async () => {
    const user = await createUser(testApp.app);
    await testApp.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    expect((await probe.call(user.cookie)).statusCode).toBe(401);
    const rows = await testApp.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(0);
    expect(await ideasOf(user)).toHaveLength(0);
  });

  it('renews a session due for renewal (older than a day) and keeps it working', async () => {
    const user = await createUser(testApp.app);
    // 30-day sessions renewed once a day: two days old means 28 days left.
    const dueAt = new Date(Date.now() + 28 * day);
    await testApp.database.db.update(sessions).set({ expiresAt: dueAt }).where(eq(sessions.userId, user.id));
    const response = await probe.call(user.cookie);
    expect(response.statusCode).toBe(probe.accepted);
    const renewed = await sessionOf(user);
    expect(renewed.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * day);
    // The browser gets the renewed cookie, with its new lifetime.
    expect(String(response.headers['set-cookie'])).toMatch(/better-auth\.session_token=[^;]+;.*Max-Age=2592000/i);
    expect(await ideasOf(user)).toHaveLength(probe.ideasPerAccepted);
  });

  it('leaves a fresh session as it is', async () => {
    const user = await createUser(testApp.app);
    const before = await sessionOf(user);
    const response = await probe.call(user.cookie);
    expect(response.statusCode).toBe(probe.accepted);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect((await sessionOf(user)).expiresAt.getTime()).toBe(before.expiresAt.getTime());
    expect(await ideasOf(user)).toHaveLength(probe.ideasPerAccepted);
  });
});
