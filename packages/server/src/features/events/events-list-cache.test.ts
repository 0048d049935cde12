import type { EventList } from '@life-updates/contract/events';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { events, userSettings } from '../../db/schema.ts';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../../test/test-app.ts';
import { createEventsListCache } from './events-list-cache.ts';

describe('createEventsListCache', () => {
  it('answers only for the version an entry was stored at', () => {
    const cache = createEventsListCache();
    const body = Buffer.from('{"events":[],"maxEvents":10}');
    cache.set('ann', 3, body);
    expect(cache.get('ann', 3)).toBe(body);
    expect(cache.get('ann', 4)).toBeUndefined();
    expect(cache.get('ann', null)).toBeUndefined();
    expect(cache.get('bob', 3)).toBeUndefined();
    // A list read without a version (no settings row) replaces nothing with a guess.
    cache.set('ann', null, Buffer.from('{"events":[],"maxEvents":5}'));
    expect(cache.get('ann', 3)).toBeUndefined();
  });

  it('keeps within its size, dropping the least recently used lists and never keeping an oversized one', () => {
    const cache = createEventsListCache({ maxBytes: 16 * 1000 });
    const body = Buffer.alloc(400, 'x');
    for (let index = 0; index < 60; index += 1) cache.set(`user-${index}`, 1, body);
    expect(cache.get('user-59', 1)).toBe(body);
    expect(cache.get('user-0', 1)).toBeUndefined();
    cache.set('big', 1, Buffer.alloc(2000, 'x'));
    expect(cache.get('big', 1)).toBeUndefined();
  });
});

describe('GET /api/events answered from the cache', () => {
  let first: TestApp;
  // A second instance on the same database, as in a scale-out set-up: each has its own cache.
  let second: FastifyInstance;
  let ann: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    first = await createTestApp();
    second = await buildApp({ config: first.config, database: first.database, webDistDir: null });
    await second.ready();
    ann = await createUser(first.app);
    bob = await createUser(first.app);
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  const list = async (app: FastifyInstance, user: TestUser) => {
    const response = await app.inject({ method: 'GET', url: '/api/events', headers: user.headers });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    return { body: response.body, list: response.json() as EventList };
  };
  const titles = async (app: FastifyInstance, user: TestUser) =>
    (await list(app, user)).list.events.map((e) => e.title);
  const version = async (user: TestUser) => {
    const [row] = await first.database.db
      .select({ version: userSettings.eventsVersion })
      .from(userSettings)
      .where(eq(userSettings.userId, user.id));
    return row?.version;
  };

  it('answers a repeated read from its cache while the version stays, without moving it', async () => {
    await first.app.inject({ method: 'POST', url: '/api/events', headers: ann.headers, payload: { content: 'One' } });
    const before = await version(ann);
    const read = await list(first.app, ann);
    const again = await list(first.app, ann);
    expect(again.body).toBe(read.body);
    expect(read.list.events.map((event) => event.title)).toEqual(['One']);
    expect(await version(ann)).toBe(before);

    // The answer comes from the cache, keyed by the version: a change whose version move is undone
    // by hand is not seen, and it is once the version moves.
    await first.database.db.update(events).set({ title: 'Not seen yet' }).where(eq(events.userId, ann.id));
    await first.database.db.update(userSettings).set({ eventsVersion: before! }).where(eq(userSettings.userId, ann.id));
    expect(await titles(first.app, ann)).toEqual(['One']);
    await first.database.db.execute(
      sql`update user_settings set events_version = events_version + 1 where user_id = ${ann.id}`,
    );
    expect(await titles(first.app, ann)).toEqual(['Not seen yet']);
    await first.database.db.update(events).set({ title: 'One' }).where(eq(events.userId, ann.id));
  });

  it('shows a change made on the other instance at once', async () => {
    expect(await titles(first.app, ann)).toEqual(['One']);
    expect(await titles(second, ann)).toEqual(['One']);
    const created = await second.inject({
      method: 'POST',
      url: '/api/events',
      headers: ann.headers,
      payload: { content: 'Two from the other instance' },
    });
    expect(created.statusCode).toBe(201);
    expect(await titles(first.app, ann)).toEqual(['Two from the...', 'One']);

    const id = created.json().id as string;
    await first.app.inject({
      method: 'PATCH',
      url: `/api/events/${id}`,
      headers: ann.headers,
      payload: { content: 'Edited on the first' },
    });
    expect(await titles(second, ann)).toEqual(['Edited on the...', 'One']);
    await second.inject({
      method: 'POST',
      url: '/api/events/status',
      headers: ann.headers,
      payload: { ids: [id], status: 'sent' },
    });
    expect((await list(first.app, ann)).list.events[0]?.status).toBe('sent');
    await first.app.inject({ method: 'DELETE', url: `/api/events/${id}`, headers: ann.headers });
    expect(await titles(second, ann)).toEqual(['One']);
  });

  it('shows a change written straight to the database, and a new limit', async () => {
    expect(await titles(first.app, ann)).toEqual(['One']);
    await first.database.db.update(events).set({ title: 'Changed elsewhere' }).where(eq(events.userId, ann.id));
    expect(await titles(first.app, ann)).toEqual(['Changed elsewhere']);
    await first.database.db.update(userSettings).set({ maxEvents: 4 }).where(eq(userSettings.userId, ann.id));
    expect((await list(first.app, ann)).list.maxEvents).toBe(4);
  });

  it("never answers one user's list to another", async () => {
    await first.app.inject({ method: 'POST', url: '/api/events', headers: bob.headers, payload: { content: "Bob's" } });
    // Both users' settings rows can hold the same version number.
    await first.database.db.execute(
      sql`update user_settings set events_version = 42 where user_id in (${ann.id}, ${bob.id})`,
    );
    expect(await titles(first.app, ann)).toEqual(['Changed elsewhere']);
    expect(await titles(first.app, bob)).toEqual(["Bob's"]);
    expect(await titles(first.app, ann)).toEqual(['Changed elsewhere']);
  });

  it('answers exactly what the uncached list answers', async () => {
    const cached = await list(first.app, ann);
    // Another instance has not read Ann's list since the last change: it reads the database.
    const third = await buildApp({ config: first.config, database: first.database, webDistDir: null });
    try {
      await third.ready();
      expect((await list(third, ann)).body).toBe(cached.body);
    } finally {
      await third.close();
    }
  });
});
