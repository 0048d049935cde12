import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createVerifiedUser,
  insertContacts,
  insertShare,
  startAppWithSmtp,
} from '../../../test/doubles/email-fixtures.ts';
import { strongPassword, type TestUser } from '../../../test/test-app.ts';
import { deliveries } from '../../db/schema.ts';
import { deliveryQueue } from '../shares/delivery/queue.ts';

let setup: Awaited<ReturnType<typeof startAppWithSmtp>>;
let admin: TestUser;

beforeAll(async () => {
  // A temporary refusal leaves a send queued for its retry an hour later.
  setup = await startAppWithSmtp({ EMAIL_RETRY_DELAY_SECONDS: '3600' });
  admin = await createVerifiedUser(setup.testApp.app, setup.testApp.database.db, { email: 'first-admin@example.com' });
});
afterAll(async () => {
  await setup.close();
});

const deleteAs = (user: TestUser, password: string) =>
  setup.testApp.app.inject({
    method: 'POST',
    url: '/api/account/delete',
    headers: user.headers,
    payload: { password },
  });

/** Every table of the app's schema and of the job queue's, with how many rows mention this text. */
async function rowsMentioning(text: string): Promise<Record<string, number>> {
  const { db } = setup.testApp.database;
  const tables = (await db.execute(
    sql`select table_schema, table_name from information_schema.tables where table_schema in ('public', 'pgboss') and table_type = 'BASE TABLE'`,
  )) as unknown as { rows: { table_schema: string; table_name: string }[] };
  expect(tables.rows.map((row) => row.table_name)).toEqual(expect.arrayContaining(['users', 'ideas', 'contacts']));
  const found: Record<string, number> = {};
  for (const { table_schema: schema, table_name: table } of tables.rows) {
    const result = (await db.execute(
      sql`select count(*)::int as total from ${sql.identifier(schema)}.${sql.identifier(table)} t where t::text like ${`%${text}%`}`,
    )) as unknown as { rows: { total: number }[] };
    if (result.rows[0]!.total > 0) found[`${schema}.${table}`] = result.rows[0]!.total;
  }
  return found;
}

describe('delete my account', () => {
  it('needs the password, then every row of the user goes and queued sends are cancelled', async () => {
    const { app, database } = setup.testApp;
    const user = await createVerifiedUser(app, database.db, { email: 'leaving@example.com' });
    // Something of everything: an idea, a contact, a template, a share sent to a contact whose server says "later".
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/ideas',
          headers: user.headers,
          payload: { content: 'Moving on' },
        })
      ).statusCode,
    ).toBe(201);
    const template = await app.inject({
      method: 'POST',
      url: '/api/templates',
      headers: user.headers,
      payload: { name: 'Mine', template: 'Hello {{name}}: {{events}}', isDefault: false },
    });
    expect(template.statusCode).toBe(201);
    setup.smtp.rules.set('slow.friend@example.com', { code: 451, message: '4.7.1 Try again later' });
    const [contact] = await insertContacts(database.db, user.id, [
      { name: 'Slow Friend', email: 'slow.friend@example.com' },
    ]);
    const { share } = await insertShare(database.db, user.id, [contact!]);
    const sent = await app.inject({
      method: 'POST',
      url: `/api/shares/${share.id}/send`,
      headers: user.headers,
      payload: { destinations: { contactIds: [contact!.id] }, subject: 'News' },
    });
    expect(sent.statusCode).toBe(200);
    const [delivery] = await database.db.select().from(deliveries).where(eq(deliveries.userId, user.id));
    // Wait until the first attempt was refused and the retry waits in the queue.
    const jobs = setup.testApp.jobs!;
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const [job] = await jobs.findJobs(deliveryQueue, { key: delivery!.id });
      if (job?.state === 'retry') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await jobs.findJobs(deliveryQueue, { key: delivery!.id }))[0]?.state).toBe('retry');
    expect(Object.keys(await rowsMentioning(user.id)).length).toBeGreaterThan(5);

    const wrong = await deleteAs(user, 'Not-the-passw0rd!');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.password).toBe('The current password is not correct.');
    expect((await app.inject({ method: 'GET', url: '/api/me', headers: user.headers })).statusCode).toBe(200);

    const deleted = await deleteAs(user, strongPassword);
    expect(deleted.statusCode).toBe(204);
    expect(await rowsMentioning(user.id)).toEqual({});
    const [job] = await jobs.findJobs(deliveryQueue, { key: delivery!.id });
    expect(job?.state).toBe('cancelled');
    expect((await app.inject({ method: 'GET', url: '/api/me', headers: user.headers })).statusCode).toBe(401);
    // The address is told, and the account is gone for signing in.
    // (The first mail is the confirmation sent at sign-up.)
    for (let attempt = 0; attempt < 50 && setup.smtp.to('leaving@example.com').length < 2; attempt += 1)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(setup.smtp.to('leaving@example.com').map((item) => item.mail.subject)).toEqual([
      'Life Updates: confirm your email',
      'Life Updates: your account was deleted',
    ]);
    expect(setup.smtp.to('slow.friend@example.com')).toHaveLength(0);
  });

  it('the last administrator cannot leave before promoting another', async () => {
    const { app, database } = setup.testApp;
    const refused = await deleteAs(admin, strongPassword);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'LAST_ADMIN',
      message:
        'You are the only administrator. Make another user an administrator in Settings → Admin before deleting your account.',
    });
    expect((await app.inject({ method: 'GET', url: '/api/me', headers: admin.headers })).statusCode).toBe(200);

    const successor = await createVerifiedUser(app, database.db, { email: 'successor@example.com' });
    const promoted = await app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${successor.id}`,
      headers: admin.headers,
      payload: { role: 'admin' },
    });
    expect(promoted.statusCode).toBe(200);
    expect((await deleteAs(admin, strongPassword)).statusCode).toBe(204);
    expect(await rowsMentioning(admin.id)).toEqual({});
  });

  it('is not reachable through better-auth’s own paths, nor a change of email or password', async () => {
    const { app, database } = setup.testApp;
    const user = await createVerifiedUser(app, database.db);
    const attempts = [
      ['/api/auth/delete-user', {}],
      ['/api/auth/change-email', { newEmail: 'taken-over@example.com' }],
      ['/api/auth/change-password', { currentPassword: strongPassword, newPassword: 'weakweakweak' }],
    ] as const;
    for (const [url, payload] of attempts) {
      const direct = await app.inject({
        method: 'POST',
        url,
        headers: { ...user.headers, 'content-type': 'application/json', 'accept-language': 'ru' },
        payload,
      });
      expect(direct.statusCode, url).toBe(404);
      expect(direct.json(), url).toEqual({ code: 'NOT_FOUND', message: 'Не найдено' });
    }
    const me = await app.inject({ method: 'GET', url: '/api/me', headers: user.headers });
    expect(me.json()).toMatchObject({ email: user.email });
    expect(setup.smtp.to('taken-over@example.com')).toHaveLength(0);
  });
});
