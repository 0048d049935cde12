import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  cookieHeader,
  testAppForFile,
  createUser,
  signIn,
  strongPassword,
  testBaseUrl,
  type TestUser,
} from '../../../test/test-app.ts';
import { shares, users } from '../../db/schema.ts';

const testApp = testAppForFile();
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  // The first account on a fresh instance is the admin.
  admin = await createUser(testApp.app, 'root@example.com');
  alice = await createUser(testApp.app, 'alice@example.com');
  bob = await createUser(testApp.app, 'bob.builder@example.com');
});

function call(
  user: TestUser | null,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) {
  return testApp.app.inject({
    method,
    url,
    headers: { ...(user ? user.headers : { origin: testBaseUrl }), ...headers },
    ...(payload === undefined ? {} : { payload }),
  });
}

async function submitContactMessage(subject: string) {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/contact-us',
    headers: { origin: testBaseUrl },
    payload: { name: 'Nina', email: 'nina@example.com', subject, message: 'Please raise my monthly limit to 40.' },
  });
  expect(response.statusCode).toBe(200);
}

const adminRoutes: Array<['GET' | 'PATCH' | 'POST', string, object?]> = [
  ['POST', '/api/admin/users/some-id/disable'],
  ['POST', '/api/admin/users/some-id/enable'],
  ['POST', '/api/admin/users/some-id/clear-two-factor'],
  ['GET', '/api/admin/stats'],
  ['GET', '/api/admin/users'],
  ['PATCH', '/api/admin/users/some-id', { role: 'admin' }],
  ['GET', '/api/admin/contact-requests'],
  ['PATCH', '/api/admin/contact-requests/00000000-0000-4000-8000-000000000000', { status: 'handled' }],
];

describe('admin authorisation', () => {
  it.each(adminRoutes)('%s %s answers 401 signed out and 403 for a user', async (method, url, payload) => {
    const signedOut = await call(null, method, url, payload);
    expect(signedOut.statusCode).toBe(401);
    const user = await call(alice, method, url, payload);
    expect(user.statusCode).toBe(403);
    expect(user.json()).toEqual({ code: 'FORBIDDEN', message: 'You do not have access to this' });
  });

  it('a user made admin gets in, and loses access when made a user again', async () => {
    const carol = await createUser(testApp.app);
    expect((await call(carol, 'GET', '/api/admin/stats')).statusCode).toBe(403);
    expect((await call(admin, 'PATCH', `/api/admin/users/${carol.id}`, { role: 'admin' })).statusCode).toBe(200);
    expect((await call(carol, 'GET', '/api/admin/stats')).statusCode).toBe(200);
    expect((await call(admin, 'PATCH', `/api/admin/users/${carol.id}`, { role: 'user' })).statusCode).toBe(200);
    expect((await call(carol, 'GET', '/api/admin/stats')).statusCode).toBe(403);
  });
});

describe('stats', () => {
  it('counts users, shares and ideas across all accounts', async () => {
    const before = (await call(admin, 'GET', '/api/admin/stats')).json();
    const created = await call(alice, 'POST', '/api/ideas', { content: 'We adopted a cat named Lisbon' });
    expect(created.statusCode).toBe(201);
    await call(bob, 'POST', '/api/ideas', { content: 'Finished the garden shed' });
    await testApp.database.db.insert(shares).values({ userId: bob.id, status: 'pending' });
    const after = (await call(admin, 'GET', '/api/admin/stats')).json();
    expect(after).toEqual({
      totalUsers: before.totalUsers,
      totalShares: before.totalShares + 1,
      totalIdeas: before.totalIdeas + 2,
    });
    expect(after.totalUsers).toBeGreaterThanOrEqual(3);
  });
});

describe('users', () => {
  it('lists users oldest first with role, limits and shares sent this month', async () => {
    const lastMonth = new Date();
    lastMonth.setUTCMonth(lastMonth.getUTCMonth() - 1);
    await testApp.database.db.insert(shares).values([
      { userId: alice.id, status: 'sent', sentAt: new Date() },
      { userId: alice.id, status: 'sent', sentAt: new Date() },
      { userId: alice.id, status: 'sent', sentAt: lastMonth },
      { userId: alice.id, status: 'approved' },
    ]);
    const response = await call(admin, 'GET', '/api/admin/users?pageSize=100');
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page.items[0]).toMatchObject({ id: admin.id, username: 'root', email: 'root@example.com', role: 'admin' });
    const aliceRow = page.items.find((item: { id: string }) => item.id === alice.id);
    expect(aliceRow).toEqual({
      id: alice.id,
      username: 'alice',
      name: 'Test User',
      email: 'alice@example.com',
      role: 'user',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      sharesThisMonth: 2,
      monthlyShareLimit: 10,
      maxIdeas: 10,
      isDisabled: false,
      twoFactorEnabled: false,
    });
  });

  it('searches by username, email or id, case-insensitively, and pages', async () => {
    const byName = (await call(admin, 'GET', '/api/admin/users?search=BOB.B')).json();
    expect(byName.items.map((item: { id: string }) => item.id)).toEqual([bob.id]);
    expect(byName.total).toBe(1);
    const byId = (await call(admin, 'GET', `/api/admin/users?search=${alice.id.slice(0, 13)}`)).json();
    expect(byId.items.map((item: { id: string }) => item.id)).toEqual([alice.id]);
    // `%` is a literal character, not a wildcard.
    expect((await call(admin, 'GET', '/api/admin/users?search=%25')).json().total).toBe(0);

    const first = (await call(admin, 'GET', '/api/admin/users?pageSize=2&page=1')).json();
    const second = (await call(admin, 'GET', '/api/admin/users?pageSize=2&page=2')).json();
    expect(first.items).toHaveLength(2);
    expect(first.total).toBeGreaterThanOrEqual(3);
    expect(second.page).toBe(2);
    expect(second.items[0].id).not.toBe(first.items[0].id);
    expect((await call(admin, 'GET', '/api/admin/users?pageSize=500')).statusCode).toBe(400);
  });

  it('changes the monthly share limit, and the usage meter follows', async () => {
    const response = await call(admin, 'PATCH', `/api/admin/users/${bob.id}`, { monthlyShareLimit: 40 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: bob.id, monthlyShareLimit: 40, maxIdeas: 10, role: 'user' });
    expect((await call(bob, 'GET', '/api/usage')).json()).toMatchObject({ total: 40 });
  });

  it('changes the open-ideas limit, and the next idea over it is refused', async () => {
    const dave = await createUser(testApp.app);
    expect((await call(admin, 'PATCH', `/api/admin/users/${dave.id}`, { maxIdeas: 1 })).json()).toMatchObject({
      maxIdeas: 1,
    });
    expect((await call(dave, 'POST', '/api/ideas', { content: 'First open idea' })).statusCode).toBe(201);
    const refused = await call(dave, 'POST', '/api/ideas', { content: 'Second open idea' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('limit of 1 open ideas');
    await call(admin, 'PATCH', `/api/admin/users/${dave.id}`, { maxIdeas: 2 });
    expect((await call(dave, 'POST', '/api/ideas', { content: 'Second open idea' })).statusCode).toBe(201);
  });

  it.each([
    [{ role: 'owner' }, 'role', 'The role must be user or admin'],
    [{ monthlyShareLimit: -1 }, 'monthlyShareLimit', 'The monthly share limit must be a whole number from 0 to 100000'],
    [
      { monthlyShareLimit: 2.5 },
      'monthlyShareLimit',
      'The monthly share limit must be a whole number from 0 to 100000',
    ],
    [{ maxIdeas: 'ten' }, 'maxIdeas', 'The maximum of open ideas must be a whole number from 0 to 100000'],
    [{}, 'body', 'Nothing to update'],
  ])('refuses %j with the catalogue message', async (payload, field, message) => {
    const response = await call(admin, 'PATCH', `/api/admin/users/${alice.id}`, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[field]).toBe(message);
  });

  it('answers in Russian when asked', async () => {
    const response = await call(
      admin,
      'PATCH',
      `/api/admin/users/${alice.id}`,
      { role: 'owner' },
      { 'accept-language': 'ru' },
    );
    expect(response.json().message).toBe('Роль должна быть «пользователь» или «администратор»');
  });

  it('refuses to take away your own admin role, and answers 404 for an unknown user', async () => {
    const own = await call(admin, 'PATCH', `/api/admin/users/${admin.id}`, { role: 'user' });
    expect(own.statusCode).toBe(409);
    expect(own.json()).toMatchObject({ code: 'OWN_ADMIN_ROLE', message: 'You cannot remove your own admin role.' });
    expect((await call(admin, 'GET', '/api/admin/stats')).statusCode).toBe(200);
    // Raising one's own limits is allowed.
    expect((await call(admin, 'PATCH', `/api/admin/users/${admin.id}`, { monthlyShareLimit: 99 })).statusCode).toBe(
      200,
    );
    const missing = await call(admin, 'PATCH', '/api/admin/users/nobody', { maxIdeas: 3 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('User not found');
  });
});

describe('Contact Us / upgrade requests', () => {
  it('lists requests newest first with their status, marks one handled, and filters', async () => {
    await submitContactMessage('Upgrade request one');
    await submitContactMessage('Upgrade request two');
    const list = (await call(admin, 'GET', '/api/admin/contact-requests')).json();
    expect(list.items.map((item: { subject: string }) => item.subject)).toEqual([
      'Upgrade request two',
      'Upgrade request one',
    ]);
    expect(list.items[0]).toMatchObject({ name: 'Nina', email: 'nina@example.com', status: 'new', userId: null });
    expect(list.newCount).toBe(2);

    const handled = await call(admin, 'PATCH', `/api/admin/contact-requests/${list.items[1].id}`, {
      status: 'handled',
    });
    expect(handled.statusCode).toBe(200);
    expect(handled.json()).toMatchObject({ subject: 'Upgrade request one', status: 'handled' });

    const onlyNew = (await call(admin, 'GET', '/api/admin/contact-requests?status=new')).json();
    expect(onlyNew.items.map((item: { subject: string }) => item.subject)).toEqual(['Upgrade request two']);
    expect(onlyNew.newCount).toBe(1);
    const onlyHandled = (await call(admin, 'GET', '/api/admin/contact-requests?status=handled')).json();
    expect(onlyHandled.total).toBe(1);

    const reopened = await call(admin, 'PATCH', `/api/admin/contact-requests/${list.items[1].id}`, { status: 'new' });
    expect(reopened.json().status).toBe('new');
  });

  it('refuses an unknown status and answers 404 for an unknown request', async () => {
    const badStatus = await call(admin, 'PATCH', '/api/admin/contact-requests/00000000-0000-4000-8000-000000000000', {
      status: 'done',
    });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().fields.status).toBe('The status must be new or handled');
    const missing = await call(admin, 'PATCH', '/api/admin/contact-requests/00000000-0000-4000-8000-000000000000', {
      status: 'handled',
    });
    expect(missing.statusCode).toBe(404);
    const malformed = await call(admin, 'PATCH', '/api/admin/contact-requests/not-a-uuid', { status: 'handled' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('Request not found');
  });
});

describe('disable, enable, clear two-factor', () => {
  it('disabling ends the user’s sessions at once and refuses sign-in until enabled again', async () => {
    const carol = await createUser(testApp.app, 'carol@example.com');
    const otherDevice = cookieHeader(await signIn(testApp.app, { email: carol.email }));
    const disabled = await call(admin, 'POST', `/api/admin/users/${carol.id}/disable`);
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toMatchObject({ id: carol.id, isDisabled: true });
    for (const cookie of [carol.cookie, otherDevice]) {
      const me = await testApp.app.inject({ method: 'GET', url: '/api/me', headers: { cookie, origin: testBaseUrl } });
      expect(me.statusCode).toBe(401);
    }
    const refused = await signIn(testApp.app, { email: carol.email });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'BANNED_USER',
      message: 'This account has been disabled. Contact the administrator.',
    });

    const enabled = await call(admin, 'POST', `/api/admin/users/${carol.id}/enable`);
    expect(enabled.json()).toMatchObject({ isDisabled: false });
    expect((await signIn(testApp.app, { email: carol.email })).statusCode).toBe(200);
  });

  it('an admin cannot disable themselves; an unknown user is a 404', async () => {
    const own = await call(admin, 'POST', `/api/admin/users/${admin.id}/disable`);
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe('You cannot disable your own account.');
    expect((await call(admin, 'POST', '/api/admin/users/nobody/disable')).statusCode).toBe(404);
  });

  it('clears a user’s two-factor authentication, with an audit line in the log', async () => {
    const dave = await createUser(testApp.app, 'dave@example.com');
    const enable = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/enable',
      headers: { ...dave.headers, 'content-type': 'application/json' },
      payload: { password: strongPassword },
    });
    expect(enable.statusCode).toBe(200);
    // On without the app's first code for the test: the admin's action is what is checked.
    await testApp.database.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, dave.id));
    expect((await signIn(testApp.app, { email: dave.email })).json()).toMatchObject({ twoFactorRedirect: true });

    const audit = vi.spyOn(testApp.app.log, 'info');
    const cleared = await call(admin, 'POST', `/api/admin/users/${dave.id}/clear-two-factor`);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ twoFactorEnabled: false });
    expect(audit).toHaveBeenCalledWith(
      { audit: true, adminId: admin.id, userId: dave.id, action: 'clear-two-factor' },
      'admin: two-factor authentication cleared',
    );
    audit.mockRestore();
    const signedIn = await signIn(testApp.app, { email: dave.email });
    expect(signedIn.json()).not.toHaveProperty('twoFactorRedirect');
    expect(signedIn.json()).toHaveProperty('user');
  });
});
