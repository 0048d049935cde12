import { describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { outboxMessages, userSettings, users } from '../../db/schema.ts';
import {
  cookieHeader,
  createUser,
  signIn,
  signUp,
  strongPassword,
  testBaseUrl,
  testAppForFile,
} from '../../../test/test-app.ts';

const testApp = testAppForFile();

describe('registration', () => {
  it('makes the first account admin and later ones users, with a username from the email and settings defaults', async () => {
    const first = await signUp(testApp.app, { email: 'first.admin@example.com' });
    expect(first.statusCode).toBe(200);
    const second = await signUp(testApp.app, { email: 'second@example.com' });
    expect(second.statusCode).toBe(200);
    const rows = await testApp.database.db.select().from(users);
    const byEmail = Object.fromEntries(rows.map((row) => [row.email, row]));
    expect(byEmail['first.admin@example.com']?.role).toBe('admin');
    expect(byEmail['first.admin@example.com']?.username).toBe('first.admin');
    expect(byEmail['second@example.com']?.role).toBe('user');
    // With the outbox transport there is no mailbox, so the account is verified at sign-up.
    expect(byEmail['second@example.com']?.emailVerified).toBe(true);
    const [settings] = await testApp.database.db
      .select()
      .from(userSettings)
      .where(eq(userSettings.userId, byEmail['second@example.com']!.id));
    expect(settings).toMatchObject({ maxIdeas: 10, monthlyShareLimit: 10 });
  });

  it.each([
    ['short1!A', 'Password must be at least 8 characters long', 'Sh0rt!'],
    ['upper', 'Password must contain at least one uppercase letter', 'passw0rd!'],
    ['lower', 'Password must contain at least one lowercase letter', 'PASSW0RD!'],
    ['digit', 'Password must contain at least one digit', 'Password!'],
    ['special', 'Password must contain at least one special character', 'Passw0rdd'],
  ])('refuses a weak password (%s) with the spec message', async (_label, message, password) => {
    const response = await signUp(testApp.app, { email: `weak-${_label}@example.com`, password });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { password: message } });
  });

  it('refuses an email without @ with the spec message', async () => {
    const response = await signUp(testApp.app, { email: 'no-at-sign' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.email).toBe('Please enter a valid email');
  });

  it('does not create a second account for the same email and, without outgoing mail, says the account exists', async () => {
    await signUp(testApp.app, { email: 'twice@example.com', password: 'First-passw0rd' });
    const response = await signUp(testApp.app, { email: 'Twice@Example.com', password: 'Other-passw0rd' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      code: 'USER_ALREADY_EXISTS',
      message: 'An account with this email already exists',
    });
    const rows = await testApp.database.db.select().from(users).where(eq(users.email, 'twice@example.com'));
    expect(rows).toHaveLength(1);
    expect((await signIn(testApp.app, { email: 'twice@example.com', password: 'Other-passw0rd' })).statusCode).toBe(
      401,
    );
    expect((await signIn(testApp.app, { email: 'twice@example.com', password: 'First-passw0rd' })).statusCode).toBe(
      200,
    );
  });
});

describe('sign-in', () => {
  it('signs in by email or by username and returns the profile', async () => {
    await signUp(testApp.app, { email: 'carol@example.com', name: 'Carol' });
    const byUsername = await signIn(testApp.app, { email: 'carol' });
    expect(byUsername.statusCode).toBe(200);
    const me = await testApp.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: cookieHeader(byUsername) },
    });
    expect(me.json()).toMatchObject({
      email: 'carol@example.com',
      username: 'carol',
      fullName: 'Carol',
      role: 'user',
      isAdmin: false,
    });
  });

  it('says "Invalid email or password" for a wrong password, in English and Russian', async () => {
    await signUp(testApp.app, { email: 'dave@example.com' });
    const english = await signIn(testApp.app, { email: 'dave@example.com', password: 'Wrong-pass1' });
    expect(english.statusCode).toBe(401);
    expect(english.json().message).toBe('Invalid email or password');
    const russian = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'application/json', origin: testBaseUrl, 'accept-language': 'ru-RU,ru;q=0.9' },
      payload: { email: 'dave@example.com', password: 'Wrong-pass1' },
    });
    expect(russian.json().message).toBe('Неверный email или пароль');
  });

  it('locks the account after 5 failed passwords, even for the right password, until the window passes', async () => {
    await signUp(testApp.app, { email: 'erin@example.com' });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await signIn(testApp.app, { email: 'erin@example.com', password: 'Wrong-pass1' });
      expect(response.statusCode).toBe(401);
    }
    const locked = await signIn(testApp.app, { email: 'erin@example.com' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      code: 'LOCKED_OUT',
      message: 'Too many failed login attempts. Please try again later.',
    });
  });

  it('rate-limits sign-in attempts from one IP', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 25; attempt += 1) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { 'content-type': 'application/json', origin: testBaseUrl },
        remoteAddress: '10.200.0.1',
        payload: { email: `nobody-${attempt}@example.com`, password: 'Wrong-pass1' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('session and profile', () => {
  it('shows the welcome once per profile', async () => {
    const user = await createUser(testApp.app);
    const first = await testApp.app.inject({ method: 'POST', url: '/api/me/welcome', headers: user.headers });
    expect(first.json()).toMatchObject({ shouldWelcome: true });
    const second = await testApp.app.inject({ method: 'POST', url: '/api/me/welcome', headers: user.headers });
    expect(second.json()).toMatchObject({ shouldWelcome: false });
  });

  it('refuses /api/me without a session', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/me' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('refuses a state-changing request from another origin', async () => {
    const user = await createUser(testApp.app);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/me/welcome',
      headers: { cookie: user.cookie, origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('signs out and the session stops working', async () => {
    const user = await createUser(testApp.app);
    const signOut = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { ...user.headers, 'content-type': 'application/json' },
      payload: {},
    });
    expect(signOut.statusCode).toBe(200);
    const me = await testApp.app.inject({ method: 'GET', url: '/api/me', headers: user.headers });
    expect(me.statusCode).toBe(401);
  });
});

describe('forgot password with the outbox transport', () => {
  it('keeps the reset email in the outbox and logs its link, as there is no inbox to read it in', async () => {
    const user = await createUser(testApp.app);
    const log = vi.spyOn(testApp.app.log, 'info');
    const asked = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { 'content-type': 'application/json', origin: testBaseUrl },
      payload: { email: user.email },
    });
    expect(asked.json()).toMatchObject({ status: true, delivery: 'outbox' });
    let stored: (typeof outboxMessages.$inferSelect)[] = [];
    for (let attempt = 0; attempt < 50 && stored.length === 0; attempt += 1) {
      stored = await testApp.database.db.select().from(outboxMessages).where(eq(outboxMessages.userId, user.id));
      if (stored.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(stored).toHaveLength(1);
    const link = stored[0]!.text.match(/http:\/\/localhost:3000\/api\/auth\/reset-password\/\S+/)?.[0];
    expect(link).toBeDefined();
    expect(log).toHaveBeenCalledWith(
      { userId: user.id, kind: 'resetPassword', link },
      'account email kept in the outbox: its link is here',
    );
    log.mockRestore();
  });
});

describe('account update', () => {
  it('updates the full name, the email (username follows) and the password', async () => {
    const user = await createUser(testApp.app);
    const response = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/account',
      headers: user.headers,
      payload: {
        fullName: 'New Name',
        email: 'renamed.person@example.com',
        password: 'N3w-passw0rd',
        currentPassword: strongPassword,
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      fullName: 'New Name',
      email: 'renamed.person@example.com',
      username: 'renamed.person',
    });
    const oldPassword = await signIn(testApp.app, { email: 'renamed.person@example.com' });
    expect(oldPassword.statusCode).toBe(401);
    const newPassword = await signIn(testApp.app, { email: 'renamed.person@example.com', password: 'N3w-passw0rd' });
    expect(newPassword.statusCode).toBe(200);
  });

  it('says "No changes to save." when nothing changed, and applies the password rule', async () => {
    const user = await createUser(testApp.app);
    const nothing = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/account',
      headers: user.headers,
      payload: {},
    });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().message).toBe('No changes to save.');
    const weak = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/account',
      headers: user.headers,
      payload: { password: 'weak', currentPassword: strongPassword },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fields.password).toBe('Password must be at least 8 characters long');
  });

  it('refuses an email another account uses', async () => {
    const owner = await createUser(testApp.app);
    const user = await createUser(testApp.app);
    const response = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/account',
      headers: user.headers,
      payload: { email: owner.email, currentPassword: strongPassword },
    });
    expect(response.statusCode).toBe(409);
  });

  it('needs the current password to change the email or password; a new password signs out the other devices', async () => {
    const user = await createUser(testApp.app);
    const otherDevice = cookieHeader(await signIn(testApp.app, { email: user.email }));
    const patch = (payload: object) =>
      testApp.app.inject({ method: 'PATCH', url: '/api/account', headers: user.headers, payload });

    const missing = await patch({ password: 'N3w-passw0rd' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.currentPassword).toBe('Enter your current password to change the email or password.');
    const wrong = await patch({ email: 'elsewhere@example.com', currentPassword: 'Not-the-passw0rd' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.currentPassword).toBe('The current password is not correct.');
    expect((await testApp.app.inject({ method: 'GET', url: '/api/me', headers: user.headers })).json().email).toBe(
      user.email,
    );
    // The name alone needs no password.
    expect((await patch({ fullName: 'Only The Name' })).statusCode).toBe(200);

    const changed = await patch({ password: 'N3w-passw0rd', currentPassword: strongPassword });
    expect(changed.statusCode).toBe(200);
    const other = await testApp.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: otherDevice, origin: testBaseUrl },
    });
    expect(other.statusCode).toBe(401);
    // This device stays signed in, on the new session cookie it was given.
    const thisDevice = await testApp.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: cookieHeader(changed), origin: testBaseUrl },
    });
    expect(thisDevice.statusCode).toBe(200);
  });
});
