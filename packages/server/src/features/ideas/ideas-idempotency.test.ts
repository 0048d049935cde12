import type { Idea } from '@life-updates/contract/ideas';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ideas, sessions, userSettings } from '../../db/schema.ts';
import { testAppForFile, createUser, type TestUser } from '../../../test/test-app.ts';

const testApp = testAppForFile();
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  alice = await createUser(testApp.app);
  bob = await createUser(testApp.app);
});

const create = (user: TestUser, content: string, key?: string, acceptLanguage?: string) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/ideas',
    headers: {
      ...user.headers,
      ...(key === undefined ? {} : { 'idempotency-key': key }),
      ...(acceptLanguage === undefined ? {} : { 'accept-language': acceptLanguage }),
    },
    payload: { content },
  });

const rowsOf = (user: TestUser) => testApp.database.db.select().from(ideas).where(eq(ideas.userId, user.id));

describe('creating an idea with an Idempotency-Key', () => {
  it('answers a repeated create with the same idea and writes one row', async () => {
    const key = randomUUID();
    const first = await create(alice, 'Planted tomatoes on the balcony', key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await create(alice, 'Planted tomatoes on the balcony', key);
    expect(again.statusCode, again.body).toBe(201);
    expect((again.json() as Idea).id).toBe((first.json() as Idea).id);
    const rows = (await rowsOf(alice)).filter((row) => row.idempotencyKey === key);
    expect(rows).toHaveLength(1);
  });

  it('creates a new idea for each new key, and for creates without one', async () => {
    const before = (await rowsOf(alice)).length;
    await create(alice, 'One', randomUUID());
    await create(alice, 'Two', randomUUID());
    await create(alice, 'Three');
    await create(alice, 'Three');
    expect((await rowsOf(alice)).length).toBe(before + 4);
  });

  it("keeps keys per user: Bob's create with Alice's key is his own new idea", async () => {
    const key = randomUUID();
    const aliceIdea: Idea = (await create(alice, 'Alice wrote this', key)).json();
    const bobResponse = await create(bob, 'Bob wrote this', key);
    expect(bobResponse.statusCode).toBe(201);
    const bobIdea: Idea = bobResponse.json();
    expect(bobIdea.id).not.toBe(aliceIdea.id);
    expect(bobIdea.content).toBe('Bob wrote this');
  });

  it('holds under concurrent retries of the same create', async () => {
    const key = randomUUID();
    const responses = await Promise.all(Array.from({ length: 5 }, () => create(bob, 'Sent five times at once', key)));
    expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(responses.map((response) => (response.json() as Idea).id)).size).toBe(1);
    expect((await rowsOf(bob)).filter((row) => row.idempotencyKey === key)).toHaveLength(1);
  });

  it('answers a retry with the stored idea even when the open-ideas limit is reached meanwhile', async () => {
    const carol = await createUser(testApp.app);
    await create(carol, 'first');
    const key = randomUUID();
    const stored: Idea = (await create(carol, 'second', key)).json();
    await testApp.database.db.update(userSettings).set({ maxIdeas: 2 }).where(eq(userSettings.userId, carol.id));
    const refused = await create(carol, 'third', randomUUID());
    expect(refused.statusCode).toBe(409);
    const retried = await create(carol, 'second', key);
    expect(retried.statusCode, retried.body).toBe(201);
    expect((retried.json() as Idea).id).toBe(stored.id);
    expect(await rowsOf(carol)).toHaveLength(2);
  });

  it('answers a retry with the stored idea when the session is due for renewal (the usual session check)', async () => {
    const dave = await createUser(testApp.app);
    const key = randomUUID();
    const stored: Idea = (await create(dave, 'Before renewal', key)).json();
    // 30-day sessions renewed once a day: two days old is due for renewal.
    const dueAt = new Date(Date.now() + 28 * 24 * 60 * 60 * 1000);
    await testApp.database.db.update(sessions).set({ expiresAt: dueAt }).where(eq(sessions.userId, dave.id));
    const retried = await create(dave, 'Before renewal', key);
    expect(retried.statusCode, retried.body).toBe(201);
    expect((retried.json() as Idea).id).toBe(stored.id);
    const fresh = await create(dave, 'After renewal', randomUUID());
    expect(fresh.statusCode).toBe(201);
    expect(await rowsOf(dave)).toHaveLength(2);
  });

  it('refuses a key that is not a UUID with a 400 and writes nothing', async () => {
    const before = (await rowsOf(alice)).length;
    const response = await create(alice, 'Bad key', 'not-a-uuid');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'The sync key of this idea is not valid' });
    const russian = await create(alice, 'Bad key', 'not-a-uuid', 'ru');
    expect(russian.json()).toMatchObject({ message: 'Ключ синхронизации этой идеи недействителен' });
    expect((await rowsOf(alice)).length).toBe(before);
  });

  it('needs a session, key or not', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/ideas',
      headers: { origin: 'http://localhost:3000', 'idempotency-key': randomUUID() },
      payload: { content: 'No session' },
    });
    expect(response.statusCode).toBe(401);
  });
});
