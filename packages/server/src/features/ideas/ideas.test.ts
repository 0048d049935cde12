import type { Idea, IdeaList } from '@life-updates/contract/ideas';
import { defaultPreferences } from '@life-updates/contract/preferences';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ideas, userSettings } from '../../db/schema.ts';
import { testAppForFile, createUser, type TestUser } from '../../../test/test-app.ts';

const testApp = testAppForFile();
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  alice = await createUser(testApp.app);
  bob = await createUser(testApp.app);
});

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
function call(
  user: TestUser | null,
  method: Method,
  url: string,
  payload?: unknown,
  extraHeaders: Record<string, string> = {},
) {
  const headers = { ...(user?.headers ?? { origin: 'http://localhost:3000' }), ...extraHeaders };
  return testApp.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function createIdea(user: TestUser, content: string, isAudioRecording = false): Promise<Idea> {
  const response = await call(user, 'POST', '/api/ideas', { content, isAudioRecording });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function setMaxIdeas(user: TestUser, maxIdeas: number) {
  await testApp.database.db.update(userSettings).set({ maxIdeas }).where(eq(userSettings.userId, user.id));
}

/** Marks ideas sent the way a delivered share does (delivery is tested in features/shares). */
async function markSent(ideaIds: string[]) {
  for (const id of ideaIds) await testApp.database.db.update(ideas).set({ status: 'sent' }).where(eq(ideas.id, id));
}

/** Create Content's Approve & Finish, the one way the app approves ideas. */
function approve(user: TestUser, ideaId: string) {
  return call(user, 'POST', '/api/shares/approve', {
    ideaIds: [ideaId],
    text: 'Approved text',
    preferences: defaultPreferences,
  });
}

async function clearIdeas(user: TestUser) {
  await testApp.database.db.delete(ideas).where(eq(ideas.userId, user.id));
}

describe('creating and listing ideas', () => {
  it('derives the title, starts as raw, keeps the voice flag and lists newest first', async () => {
    const first = await createIdea(alice, '  Went hiking today with friends  ', true);
    expect(first).toMatchObject({
      content: 'Went hiking today with friends',
      title: 'Went hiking today...',
      status: 'raw',
      isAudioRecording: true,
      preferences: null,
      tags: [],
    });
    const second = await createIdea(alice, 'Short note');
    expect(second).toMatchObject({ title: 'Short note', isAudioRecording: false });

    const response = await call(alice, 'GET', '/api/ideas');
    expect(response.statusCode).toBe(200);
    const list: IdeaList = response.json();
    expect(list.ideas.map((idea) => idea.id)).toEqual([second.id, first.id]);
    expect(list.maxIdeas).toBe(10);
    expect(list.ideas[1]).toEqual(first);
  });

  it('stores the optional fields of a new idea as given', async () => {
    const response = await call(alice, 'POST', '/api/ideas', {
      content: 'Conference talk accepted',
      description: 'Speaking in Berlin',
      date: '2026-03-14T09:30:00.000Z',
      kind: 'milestone',
      tags: ['work', 'travel'],
    });
    expect(response.statusCode, response.body).toBe(201);
    const created: Idea = response.json();
    expect(created).toMatchObject({
      description: 'Speaking in Berlin',
      date: '2026-03-14T09:30:00.000Z',
      kind: 'milestone',
      tags: ['work', 'travel'],
      sharedWith: [],
      status: 'raw',
    });
    const list: IdeaList = (await call(alice, 'GET', '/api/ideas')).json();
    expect(list.ideas.find((listed) => listed.id === created.id)).toEqual(created);
    await call(alice, 'DELETE', `/api/ideas/${created.id}`);
  });

  it('re-derives the title when the content is edited', async () => {
    const idea = await createIdea(alice, 'Old text');
    const response = await call(alice, 'PATCH', `/api/ideas/${idea.id}`, { content: 'Moved to a new city last week' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ content: 'Moved to a new city last week', title: 'Moved to a...' });
    const [row] = await testApp.database.db.select().from(ideas).where(eq(ideas.id, idea.id));
    expect(row?.title).toBe('Moved to a...');
  });

  it('deletes an idea', async () => {
    const idea = await createIdea(alice, 'To be removed');
    const response = await call(alice, 'DELETE', `/api/ideas/${idea.id}`);
    expect(response.statusCode).toBe(204);
    const list: IdeaList = (await call(alice, 'GET', '/api/ideas')).json();
    expect(list.ideas.map((listed) => listed.id)).not.toContain(idea.id);
    expect((await call(alice, 'DELETE', `/api/ideas/${idea.id}`)).statusCode).toBe(404);
  });
});

describe('bad input gets a 4xx with a message, never a 500', () => {
  it.each([
    ['blank content', { content: '   ' }, 'content', 'Event text cannot be empty'],
    ['missing content', {}, 'content', 'Event text cannot be empty'],
    [
      'too long content',
      { content: 'a'.repeat(10_001) },
      'content',
      'Event text must be at most 10000 characters long',
    ],
    ['a voice flag that is not a boolean', { content: 'x', isAudioRecording: 'yes' }, 'isAudioRecording', undefined],
  ])('refuses %s', async (_label, payload, field, message) => {
    const response = await call(alice, 'POST', '/api/ideas', payload);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.fields[field]).toBeTruthy();
    if (message) expect(body.message).toBe(message);
  });

  it('answers in Russian when asked', async () => {
    const response = await call(alice, 'POST', '/api/ideas', { content: ' ' }, { 'accept-language': 'ru' });
    expect(response.json().message).toBe('Текст события не может быть пустым');
  });

  it('refuses an empty edit and malformed ids', async () => {
    const idea = await createIdea(alice, 'Valid idea');
    const emptyEdit = await call(alice, 'PATCH', `/api/ideas/${idea.id}`, {});
    expect(emptyEdit.statusCode).toBe(400);
    expect(emptyEdit.json().message).toBe('Nothing to update');

    const blankEdit = await call(alice, 'PATCH', `/api/ideas/${idea.id}`, { content: '' });
    expect(blankEdit.statusCode).toBe(400);
    expect(blankEdit.json().message).toBe('Event text cannot be empty');

    for (const [method, url] of [
      ['PATCH', '/api/ideas/not-a-uuid'],
      ['DELETE', '/api/ideas/not-a-uuid'],
    ] as const) {
      const response = await call(alice, method, url, method === 'PATCH' ? { content: 'x' } : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().message).toBe('Idea not found');
    }
  });
});

describe('every call is scoped to the session user', () => {
  it('needs a session', async () => {
    const id = randomUUID();
    for (const [method, url, payload] of [
      ['GET', '/api/ideas', undefined],
      ['POST', '/api/ideas', { content: 'x' }],
      ['PATCH', `/api/ideas/${id}`, { content: 'x' }],
      ['DELETE', `/api/ideas/${id}`, undefined],
    ] as const) {
      const response = await call(null, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
    // Before its input is read: a bad body without a session, or with a forged one, is still a 401.
    const forged = `better-auth.session_token=${encodeURIComponent(`made-up.${'A'.repeat(43)}=`)}`;
    for (const cookie of [undefined, forged]) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/ideas',
        headers: cookie === undefined ? {} : { cookie },
        payload: { content: '' },
      });
      expect(response.statusCode, cookie).toBe(401);
    }
  });

  it("gives 404 for another user's idea and leaves it untouched", async () => {
    const idea = await createIdea(alice, 'Alice private idea');

    const list: IdeaList = (await call(bob, 'GET', '/api/ideas')).json();
    expect(list.ideas.map((listed) => listed.id)).not.toContain(idea.id);

    const attempts = [
      await call(bob, 'PATCH', `/api/ideas/${idea.id}`, { content: 'Hijacked' }),
      await call(bob, 'DELETE', `/api/ideas/${idea.id}`),
    ];
    for (const response of attempts) {
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Idea not found' });
    }

    const [aliceRow] = await testApp.database.db.select().from(ideas).where(eq(ideas.id, idea.id));
    expect(aliceRow).toMatchObject({ content: 'Alice private idea', status: 'raw', preferences: null });
  });
});

describe('the open-ideas limit (max_ideas)', () => {
  it('refuses one more open idea with a 409 naming the limit; sent ideas do not count', async () => {
    await clearIdeas(bob);
    await setMaxIdeas(bob, 3);
    const raw = await createIdea(bob, 'First');
    const later = await createIdea(bob, 'Second');
    const ready = await createIdea(bob, 'Third');
    const saved = await call(bob, 'POST', '/api/shares/save-for-later', {
      ideaIds: [later.id],
      text: 'Later text',
      preferences: defaultPreferences,
    });
    expect(saved.statusCode).toBe(200);
    expect((await approve(bob, ready.id)).statusCode).toBe(200);

    const refused = await call(bob, 'POST', '/api/ideas', { content: 'Fourth' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'OPEN_IDEAS_LIMIT',
      message:
        'You have reached the limit of 3 open ideas (Raw, Later and Ready). Send or delete an idea to add a new one.',
    });
    const refusedRu = await call(
      bob,
      'POST',
      '/api/ideas',
      { content: 'Fourth' },
      { 'accept-language': 'ru-RU,ru;q=0.9' },
    );
    expect(refusedRu.json().message).toContain('(3)');
    expect((await call(bob, 'GET', '/api/ideas')).json().ideas).toHaveLength(3);

    // Sending one frees a place.
    await markSent([raw.id]);
    const fourth = await createIdea(bob, 'Fourth');

    // Approving a sent idea again moves it back to an open status: that counts against the limit too.
    const reopen = await approve(bob, raw.id);
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json().code).toBe('OPEN_IDEAS_LIMIT');
    const [row] = await testApp.database.db.select().from(ideas).where(eq(ideas.id, raw.id));
    expect(row?.status).toBe('sent');

    // Deleting frees a place as well.
    await call(bob, 'DELETE', `/api/ideas/${fourth.id}`);
    expect((await approve(bob, raw.id)).statusCode).toBe(200);
    await setMaxIdeas(bob, 10);
  });

  it('holds under concurrent saves', async () => {
    await clearIdeas(bob);
    await setMaxIdeas(bob, 2);
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, index) => call(bob, 'POST', '/api/ideas', { content: `Parallel ${index}` })),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 201, 409, 409, 409, 409]);
    expect(await testApp.database.db.select().from(ideas).where(eq(ideas.userId, bob.id))).toHaveLength(2);
    await clearIdeas(bob);
    await setMaxIdeas(bob, 10);
  });

  it('is counted by the database on every write, from any code path; a refused write changes nothing', async () => {
    const dave = await createUser(testApp.app);
    const counters = async () => {
      const [row] = await testApp.database.db
        .select({ open: userSettings.openIdeas })
        .from(userSettings)
        .where(eq(userSettings.userId, dave.id));
      const rows = await testApp.database.db.select().from(ideas).where(eq(ideas.userId, dave.id));
      return { ...row!, actual: rows.filter((idea) => idea.status !== 'sent').length };
    };
    let last = await counters();
    /** After each write: the stored count is the real one. */
    const step = async (write: () => Promise<unknown>) => {
      await write();
      last = await counters();
      expect(last.open).toBe(last.actual);
    };
    const created: Idea[] = [];
    await step(async () => created.push(await createIdea(dave, 'First')));
    await step(async () => created.push(await createIdea(dave, 'Second')));
    await step(async () => created.push(await createIdea(dave, 'Third')));
    await step(() => markSent([created[0]!.id, created[1]!.id]));
    await step(() => approve(dave, created[0]!.id));
    await step(() => call(dave, 'PATCH', `/api/ideas/${created[1]!.id}`, { content: 'Second, edited' }));
    await step(() =>
      call(dave, 'POST', '/api/shares/save-for-later', {
        ideaIds: [created[2]!.id],
        text: 'Later',
        preferences: defaultPreferences,
      }),
    );
    await step(() => call(dave, 'DELETE', `/api/ideas/${created[2]!.id}`));
    // Written by other features (e.g. delivery marks ideas sent) or by hand: counted all the same.
    await step(() => testApp.database.db.update(ideas).set({ status: 'sent' }).where(eq(ideas.userId, dave.id)));
    await step(() =>
      testApp.database.db.insert(ideas).values({ userId: dave.id, content: 'By hand', title: 'By hand' }),
    );
    expect(last.open).toBe(1);

    // Refused: the count stays where it was.
    await setMaxIdeas(dave, 1);
    const before = await counters();
    expect((await call(dave, 'POST', '/api/ideas', { content: 'One too many' })).statusCode).toBe(409);
    expect((await approve(dave, created[0]!.id)).statusCode).toBe(409);
    expect(await counters()).toEqual(before);
    // Lowering the limit below what is open is allowed; nothing open is lost.
    await setMaxIdeas(dave, 0);
    const list: IdeaList = (await call(dave, 'GET', '/api/ideas')).json();
    expect(list.maxIdeas).toBe(0);
    expect(list.ideas.filter((idea) => idea.status !== 'sent').map((idea) => idea.title)).toEqual(['By hand']);
  });

  it('reports max_ideas in the list, with or without ideas', async () => {
    await setMaxIdeas(bob, 7);
    expect((await call(bob, 'GET', '/api/ideas')).json()).toEqual({ ideas: [], maxIdeas: 7 });
    const idea = await createIdea(bob, 'One idea under the limit');
    expect((await call(bob, 'GET', '/api/ideas')).json()).toMatchObject({ ideas: [{ id: idea.id }], maxIdeas: 7 });
    await clearIdeas(bob);
    await setMaxIdeas(bob, 10);
  });

  it('lists the ideas with the default limit for an account without a settings row', async () => {
    const carol = await createUser(testApp.app);
    const idea = await createIdea(carol, 'Written before the settings row went away');
    await testApp.database.db.delete(userSettings).where(eq(userSettings.userId, carol.id));
    const list: IdeaList = (await call(carol, 'GET', '/api/ideas')).json();
    expect(list.ideas.map((listed) => listed.id)).toEqual([idea.id]);
    expect(list.maxIdeas).toBe(10);
  });
});

describe('the API description', () => {
  it('documents the ideas, usage and transcription calls', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as { paths: Record<string, Record<string, unknown>> };
    const paths = Object.keys(document.paths);
    for (const path of [
      '/api/ideas',
      '/api/ideas/{id}',
      '/api/usage',
      '/api/transcription',
      '/api/transcription/status',
    ]) {
      expect(paths).toContain(path);
    }
    // One idea is edited or deleted by id; it is read through the list, and its status follows its share.
    expect(Object.keys(document.paths['/api/ideas/{id}']!).sort()).toEqual(['delete', 'patch']);
    for (const gone of ['/api/ideas/status', '/api/ideas/{id}/preferences', '/api/ideas/{id}/approve']) {
      expect(paths).not.toContain(gone);
    }
  });
});
