import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema.ts';
import { cookieHeader, createUser, strongPassword, testBaseUrl, testAppForFile } from '../../../test/test-app.ts';

const testApp = testAppForFile();

const firefoxOnWindows = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const chromeOnAndroid =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

/** Signs in from a device: its browser and address. */
async function signInFrom(email: string, userAgent: string, remoteAddress: string) {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { 'content-type': 'application/json', origin: testBaseUrl, 'user-agent': userAgent },
    remoteAddress,
    payload: { email, password: strongPassword },
  });
  expect(response.statusCode).toBe(200);
  return { cookie: cookieHeader(response), origin: testBaseUrl };
}

type Listed = { id: string; browser: string; os: string; ipAddress: string | null; isCurrent: boolean };
const listSessions = async (headers: Record<string, string>) => {
  const response = await testApp.app.inject({ method: 'GET', url: '/api/account/sessions', headers });
  expect(response.statusCode).toBe(200);
  return (response.json() as { sessions: Listed[] }).sessions;
};
const isSignedIn = async (headers: Record<string, string>) =>
  (await testApp.app.inject({ method: 'GET', url: '/api/me', headers })).statusCode === 200;

describe('signed-in devices', () => {
  it('lists them with browser and address, signs out one, then all the others', async () => {
    const user = await createUser(testApp.app);
    const laptop = await signInFrom(user.email, firefoxOnWindows, '203.0.113.7');
    const phone = await signInFrom(user.email, chromeOnAndroid, '198.51.100.20');

    const listed = await listSessions(laptop);
    expect(listed).toHaveLength(3);
    expect(listed.filter((session) => session.isCurrent)).toEqual([
      expect.objectContaining({ browser: 'Firefox', os: 'Windows', ipAddress: '203.0.113.7' }),
    ]);
    const phoneRow = listed.find((session) => session.browser === 'Chrome' && session.os === 'Android');
    expect(phoneRow).toMatchObject({ ipAddress: '198.51.100.20', isCurrent: false });
    // No session token reaches the browser.
    expect(JSON.stringify(listed)).not.toContain(decodeURIComponent(phone.cookie.split('=')[1]!).split('.')[0]!);

    const revoked = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${phoneRow!.id}`,
      headers: laptop,
    });
    expect(revoked.statusCode).toBe(204);
    expect(await isSignedIn(phone)).toBe(false);
    expect(await isSignedIn(laptop)).toBe(true);
    expect(await isSignedIn(user.headers)).toBe(true);

    const others = await testApp.app.inject({
      method: 'POST',
      url: '/api/account/sessions/revoke-others',
      headers: laptop,
    });
    expect(others.statusCode).toBe(204);
    expect(await isSignedIn(user.headers)).toBe(false);
    expect(await isSignedIn(laptop)).toBe(true);
    expect((await listSessions(laptop)).map((session) => session.isCurrent)).toEqual([true]);
  });

  it('cannot sign out another user’s device', async () => {
    const owner = await createUser(testApp.app);
    const intruder = await createUser(testApp.app);
    const [ownerSession] = await listSessions(owner.headers);
    const response = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${ownerSession!.id}`,
      headers: intruder.headers,
    });
    expect(response.statusCode).toBe(404);
    expect(await isSignedIn(owner.headers)).toBe(true);
  });
});

describe('session tokens', () => {
  it('no answer gives the page a session’s token: better-auth’s list-sessions and admin endpoints are closed', async () => {
    const { app, database } = testApp;
    const user = await createUser(app);
    const admin = await createUser(app);
    await database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'application/json', origin: testBaseUrl, 'user-agent': chromeOnAndroid },
      remoteAddress: '198.51.100.21',
      payload: { email: user.email, password: strongPassword },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).toMatchObject({ user: { id: user.id } });
    const session = await app.inject({ method: 'GET', url: '/api/auth/get-session', headers: user.headers });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({ session: { userId: user.id }, user: { id: user.id } });

    // Answered as the other closed better-auth paths are (delete-user, change-email, change-password).
    const closedAnswer = await app.inject({ method: 'POST', url: '/api/auth/delete-user', headers: user.headers });
    expect(closedAnswer.statusCode).toBe(404);
    const closed = [
      await app.inject({ method: 'GET', url: '/api/auth/list-sessions', headers: user.headers }),
      await app.inject({ method: 'GET', url: '/api/auth/%6Cist-sessions', headers: user.headers }),
      await app.inject({
        method: 'POST',
        url: '/api/auth/admin/list-user-sessions',
        headers: admin.headers,
        payload: { userId: user.id },
      }),
      await app.inject({
        method: 'POST',
        url: '/api/auth/admin/impersonate-user',
        headers: admin.headers,
        payload: { userId: user.id },
      }),
      await app.inject({ method: 'GET', url: '/api/auth/admin/list-users', headers: admin.headers }),
    ];
    for (const answer of closed) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual(closedAnswer.json());
    }
    // The admin is still the admin, and not signed in as the user.
    const me = await app.inject({ method: 'GET', url: '/api/me', headers: admin.headers });
    expect(me.json()).toMatchObject({ email: admin.email, role: 'admin' });

    const tokens = (
      await database.db.select({ token: sessions.token }).from(sessions).where(eq(sessions.userId, user.id))
    ).map((row) => row.token);
    expect(tokens).toHaveLength(2);
    for (const answer of [signIn, session, ...closed]) {
      for (const token of tokens) expect(answer.body).not.toContain(token);
    }
  });
});
