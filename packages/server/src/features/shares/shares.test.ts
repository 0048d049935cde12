import { translate } from '@life-updates/contract/i18n';
import type { Preferences } from '@life-updates/contract/preferences';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppForFile, createUser, testBaseUrl, type TestUser } from '../../../test/test-app.ts';
import type { Database } from '../../db/client.ts';
import { contacts, ideas, shares, userSettings } from '../../db/schema.ts';
import { upsertShareForIdeas } from './shares-service.ts';

const preferences: Preferences = {
  platform: 'telegram',
  length: 'medium',
  tone: 'professional',
  intent: 'inspire',
  sentiment: 'joy',
  structure: 'bulletins',
};

const testApp = testAppForFile();
let db: Database;
let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  db = testApp.database.db;
  alice = await createUser(testApp.app);
  bob = await createUser(testApp.app);
});

async function createIdea(userId: string, content: string): Promise<string> {
  const [row] = await db.insert(ideas).values({ userId, content, title: content }).returning({ id: ideas.id });
  return row!.id;
}

function post(user: TestUser, url: string, payload: object) {
  return testApp.app.inject({ method: 'POST', url, headers: user.headers, payload });
}

function get(user: TestUser | undefined, url: string) {
  return testApp.app.inject({ method: 'GET', url, headers: user?.headers ?? { origin: testBaseUrl } });
}

async function sharesOf(userId: string) {
  return db.select().from(shares).where(eq(shares.userId, userId));
}

describe('upsertShareForIdeas', () => {
  it('updates the share with the same ordered ideas instead of creating another', async () => {
    const user = await createUser(testApp.app);
    const first = await createIdea(user.id, 'First');
    const second = await createIdea(user.id, 'Second');
    const created = await upsertShareForIdeas({
      db,
      userId: user.id,
      ideaIds: [first, second],
      texts: { everyone: 'v1' },
      templateId: null,
      status: 'generated',
    });
    const updated = await upsertShareForIdeas({
      db,
      userId: user.id,
      ideaIds: [first, second],
      texts: { everyone: 'v2' },
      templateId: 'startup',
      status: 'generated',
    });
    expect(updated.id).toBe(created.id);
    expect(updated).toMatchObject({ texts: { everyone: 'v2' }, templateId: 'startup', ideaIds: [first, second] });
    expect(new Date(updated.generatedAt!).getTime()).toBeGreaterThanOrEqual(new Date(created.generatedAt!).getTime());
    expect(updated.ideas.map((idea) => idea.content)).toEqual(['First', 'Second']);
    expect(await sharesOf(user.id)).toHaveLength(1);
  });

  it('treats another order or another set of ideas as a different share', async () => {
    const user = await createUser(testApp.app);
    const first = await createIdea(user.id, 'First');
    const second = await createIdea(user.id, 'Second');
    const arguments_ = {
      db,
      userId: user.id,
      texts: { everyone: 'x' },
      templateId: null,
      status: 'generated' as const,
    };
    const forward = await upsertShareForIdeas({ ...arguments_, ideaIds: [first, second] });
    const backward = await upsertShareForIdeas({ ...arguments_, ideaIds: [second, first] });
    const single = await upsertShareForIdeas({ ...arguments_, ideaIds: [first] });
    expect(new Set([forward.id, backward.id, single.id]).size).toBe(3);
  });

  it.each(['pending', 'generated', 'saved_for_later', 'approved'] as const)('reuses a share in %s', async (status) => {
    const user = await createUser(testApp.app);
    const id = await createIdea(user.id, 'Idea');
    const created = await upsertShareForIdeas({
      db,
      userId: user.id,
      ideaIds: [id],
      texts: {},
      templateId: null,
      status,
    });
    const again = await upsertShareForIdeas({
      db,
      userId: user.id,
      ideaIds: [id],
      texts: { everyone: 'new' },
      templateId: null,
      status: 'generated',
    });
    expect(again.id).toBe(created.id);
    expect(again.status).toBe('generated');
  });

  it('never rewrites a sent share: a new one is made', async () => {
    const user = await createUser(testApp.app);
    const id = await createIdea(user.id, 'Idea');
    const sent = await upsertShareForIdeas({
      db,
      userId: user.id,
      ideaIds: [id],
      texts: { everyone: 'sent text' },
      templateId: null,
      status: 'sent',
    });
    const next = await upsertShareForIdeas({
      db,
      userId: user.id,
      ideaIds: [id],
      texts: { everyone: 'new text' },
      templateId: null,
      status: 'generated',
    });
    expect(next.id).not.toBe(sent.id);
    const [stored] = await db.select().from(shares).where(eq(shares.id, sent.id));
    expect(stored!.texts).toEqual({ everyone: 'sent text' });
  });

  it("never reuses another user's share, and refuses another user's ideas", async () => {
    const aliceIdea = await createIdea(alice.id, 'Alice idea');
    const aliceShare = await upsertShareForIdeas({
      db,
      userId: alice.id,
      ideaIds: [aliceIdea],
      texts: { everyone: 'alice' },
      templateId: null,
      status: 'generated',
    });
    await expect(
      upsertShareForIdeas({
        db,
        userId: bob.id,
        ideaIds: [aliceIdea],
        texts: { everyone: 'bob' },
        templateId: null,
        status: 'generated',
      }),
    ).rejects.toMatchObject({ status: 404 });
    const [stored] = await db.select().from(shares).where(eq(shares.id, aliceShare.id));
    expect(stored!.texts).toEqual({ everyone: 'alice' });
  });
});

describe('Create Content exits', () => {
  it('Save for later stores the preferences, marks the ideas and keeps one share', async () => {
    const user = await createUser(testApp.app);
    const id = await createIdea(user.id, 'Learned to bake bread.');
    const first = await post(user, '/api/shares/save-for-later', { ideaIds: [id], text: 'Draft one', preferences });
    expect(first.statusCode).toBe(200);
    expect(first.json().share).toMatchObject({
      status: 'saved_for_later',
      texts: { everyone: 'Draft one' },
      ideaIds: [id],
      contactIds: [],
    });
    const second = await post(user, '/api/shares/save-for-later', { ideaIds: [id], text: 'Draft two', preferences });
    expect(second.json().share.id).toBe(first.json().share.id);
    expect(second.json().share.texts).toEqual({ everyone: 'Draft two' });
    const [idea] = await db.select().from(ideas).where(eq(ideas.id, id));
    expect(idea).toMatchObject({ status: 'saved_for_later', preferences });
    expect(await sharesOf(user.id)).toHaveLength(1);
  });

  it('Approve & Finish approves the ideas, every unsent share containing them, and keeps the text', async () => {
    const user = await createUser(testApp.app);
    const first = await createIdea(user.id, 'Ran a marathon.');
    const second = await createIdea(user.id, 'Got a medal.');
    const other = await createIdea(user.id, 'Unrelated.');
    const containing = await upsertShareForIdeas({
      db,
      userId: user.id,
      ideaIds: [second, other],
      texts: {},
      templateId: null,
      status: 'pending',
    });
    const sent = await upsertShareForIdeas({
      db,
      userId: user.id,
      ideaIds: [first],
      texts: { everyone: 'old' },
      templateId: null,
      status: 'sent',
    });
    const unrelated = await upsertShareForIdeas({
      db,
      userId: user.id,
      ideaIds: [other],
      texts: {},
      templateId: null,
      status: 'pending',
    });
    const saved = await post(user, '/api/shares/save-for-later', {
      ideaIds: [first, second],
      text: 'Draft',
      preferences,
    });

    const approved = await post(user, '/api/shares/approve', {
      ideaIds: [first, second],
      text: 'Final text',
      preferences,
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().share).toMatchObject({
      id: saved.json().share.id,
      status: 'approved',
      texts: { everyone: 'Final text' },
    });
    const statuses = Object.fromEntries((await sharesOf(user.id)).map((share) => [share.id, share.status]));
    expect(statuses[containing.id]).toBe('approved');
    expect(statuses[sent.id]).toBe('sent');
    expect(statuses[unrelated.id]).toBe('pending');
    const rows = await db.select().from(ideas).where(eq(ideas.userId, user.id));
    const ideaStatus = Object.fromEntries(rows.map((row) => [row.id, row.status]));
    expect(ideaStatus).toMatchObject({ [first]: 'approved', [second]: 'approved', [other]: 'raw' });
  });

  it("Approve & Finish leaves another user's shares alone, even one naming the same idea", async () => {
    const user = await createUser(testApp.app);
    const stranger = await createUser(testApp.app);
    const idea = await createIdea(user.id, 'Moved house.');
    const [foreign] = await db
      .insert(shares)
      .values({ userId: stranger.id, status: 'pending', ideaIds: [idea] })
      .returning({ id: shares.id });
    const approved = await post(user, '/api/shares/approve', { ideaIds: [idea], text: 'New flat!', preferences });
    expect(approved.statusCode).toBe(200);
    const [foreignRow] = await db.select().from(shares).where(eq(shares.id, foreign!.id));
    expect(foreignRow!.status).toBe('pending');
  });

  it('Approve & Finish (or Save for later) on a sent idea reopens it only within the open-ideas limit: over it, a 409 and nothing written', async () => {
    const user = await createUser(testApp.app);
    const sentIdea = await createIdea(user.id, 'Sent long ago.');
    await db.update(ideas).set({ status: 'sent' }).where(eq(ideas.id, sentIdea));
    const sentShare = await upsertShareForIdeas({
      db,
      userId: user.id,
      ideaIds: [sentIdea],
      texts: { everyone: 'As sent' },
      templateId: null,
      status: 'sent',
    });
    await createIdea(user.id, 'Open one.');
    await db.update(userSettings).set({ maxIdeas: 1 }).where(eq(userSettings.userId, user.id));

    for (const url of ['/api/shares/approve', '/api/shares/save-for-later']) {
      const refused = await post(user, url, { ideaIds: [sentIdea], text: 'Once more', preferences });
      expect(refused.statusCode, url).toBe(409);
      expect(refused.json(), url).toEqual({
        code: 'OPEN_IDEAS_LIMIT',
        message:
          'You have reached the limit of 1 open ideas (Raw, Later and Ready). Send or delete an idea to add a new one.',
      });
    }
    const [row] = await db.select().from(ideas).where(eq(ideas.id, sentIdea));
    expect(row).toMatchObject({ status: 'sent', preferences: null });
    expect((await sharesOf(user.id)).map((share) => [share.id, share.status, share.texts])).toEqual([
      [sentShare.id, 'sent', { everyone: 'As sent' }],
    ]);

    await db.update(userSettings).set({ maxIdeas: 2 }).where(eq(userSettings.userId, user.id));
    const approved = await post(user, '/api/shares/approve', { ideaIds: [sentIdea], text: 'Once more', preferences });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().share).toMatchObject({ status: 'approved', texts: { everyone: 'Once more' } });
    const [reopened] = await db.select().from(ideas).where(eq(ideas.id, sentIdea));
    expect(reopened).toMatchObject({ status: 'approved', preferences });
  });

  it("Approve & Finish keeps the chosen recipients: the user's own contacts only", async () => {
    const user = await createUser(testApp.app);
    const idea = await createIdea(user.id, 'Promoted');
    const [mine, alsoMine] = await db
      .insert(contacts)
      .values([
        { userId: user.id, name: 'Ann', email: 'ann@example.com' },
        { userId: user.id, name: 'Bo', email: 'bo@example.com' },
      ])
      .returning({ id: contacts.id });
    const [bobs] = await db
      .insert(contacts)
      .values({ userId: bob.id, name: 'Bob friend', email: 'friend@example.com' })
      .returning({ id: contacts.id });
    const approved = await post(user, '/api/shares/approve', {
      ideaIds: [idea],
      text: 'Promoted today',
      preferences,
      contactIds: [alsoMine!.id, bobs!.id, 'not-a-uuid', mine!.id],
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().share.contactIds).toEqual([alsoMine!.id, mine!.id]);
    // Approving again without recipients keeps the ones chosen.
    const again = await post(user, '/api/shares/approve', { ideaIds: [idea], text: 'Promoted!', preferences });
    expect(again.json().share).toMatchObject({ id: approved.json().share.id, contactIds: [alsoMine!.id, mine!.id] });
  });

  it("refuses another user's ideas with a 404 and changes nothing", async () => {
    const bobIdea = await createIdea(bob.id, 'Bob idea');
    const aliceIdea = await createIdea(alice.id, 'Alice idea 2');
    for (const url of ['/api/shares/save-for-later', '/api/shares/approve']) {
      const response = await post(alice, url, { ideaIds: [aliceIdea, bobIdea], text: 'Mine now', preferences });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toMatchObject({
        code: 'NOT_FOUND',
        message: translate('ideas.errors.notFound', 'en'),
      });
    }
    const [bobRow] = await db.select().from(ideas).where(eq(ideas.id, bobIdea));
    const [aliceRow] = await db.select().from(ideas).where(eq(ideas.id, aliceIdea));
    expect(bobRow).toMatchObject({ status: 'raw', preferences: null });
    // The whole request is one transaction: Alice's own idea is untouched too.
    expect(aliceRow).toMatchObject({ status: 'raw', preferences: null });
    expect(await sharesOf(bob.id)).toHaveLength(0);
  });

  it.each([
    ['blank text', { text: '   ' }, 'text', 'No text to save.'],
    ['no ideas', { ideaIds: [] }, 'ideaIds', 'Please select an idea first'],
    [
      'a bad preference',
      { preferences: { ...preferences, tone: 'angry' } },
      'preferences.tone',
      'Please choose one of the options',
    ],
  ])('refuses %s', async (_label, change, field, message) => {
    const id = await createIdea(alice.id, 'Something');
    const response = await post(alice, '/api/shares/save-for-later', {
      ideaIds: [id],
      text: 'Text',
      preferences,
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[field]).toBe(message);
  });
});

describe('reading shares', () => {
  it("finds the newest saved, approved or sent share of an idea for Create Content, only the user's own", async () => {
    const user = await createUser(testApp.app);
    const id = await createIdea(user.id, 'A trip to Kazan.');
    expect((await get(user, `/api/shares/for-idea/${id}`)).json()).toEqual({ share: null });
    await upsertShareForIdeas({
      db,
      userId: user.id,
      ideaIds: [id],
      texts: { everyone: 'generated only' },
      templateId: null,
      status: 'generated',
    });
    expect((await get(user, `/api/shares/for-idea/${id}`)).json()).toEqual({ share: null });
    await post(user, '/api/shares/save-for-later', { ideaIds: [id], text: 'Saved text', preferences });
    const found = await get(user, `/api/shares/for-idea/${id}`);
    expect(found.json().share).toMatchObject({ status: 'saved_for_later', texts: { everyone: 'Saved text' } });
    const other = await createIdea(user.id, 'Another');
    await post(user, '/api/shares/approve', { ideaIds: [other, id], text: 'Both of them', preferences });
    expect((await get(user, `/api/shares/for-idea/${id}`)).json().share.texts).toEqual({
      everyone: 'Both of them',
    });
    expect((await get(bob, `/api/shares/for-idea/${id}`)).json()).toEqual({ share: null });
    expect((await get(user, '/api/shares/for-idea/not-a-uuid')).statusCode).toBe(400);
    expect((await get(undefined, `/api/shares/for-idea/${id}`)).statusCode).toBe(401);
  });

  it("lists the user's shares newest first, filtered by status", async () => {
    const user = await createUser(testApp.app);
    const ids = [
      await createIdea(user.id, 'One'),
      await createIdea(user.id, 'Two'),
      await createIdea(user.id, 'Three'),
    ];
    const made = [];
    for (const [index, status] of (['pending', 'saved_for_later', 'sent'] as const).entries()) {
      made.push(
        await upsertShareForIdeas({
          db,
          userId: user.id,
          ideaIds: [ids[index]!],
          texts: {},
          templateId: null,
          status,
        }),
      );
    }
    const all = await get(user, '/api/shares');
    expect(all.json().shares.map((share: { id: string }) => share.id)).toEqual(made.map((share) => share.id).reverse());
    const some = await get(user, '/api/shares?status=pending,sent');
    expect(some.json().shares.map((share: { status: string }) => share.status)).toEqual(['sent', 'pending']);
    expect((await get(user, '/api/shares?status=lost')).statusCode).toBe(400);
    expect(
      (await get(bob, '/api/shares'))
        .json()
        .shares.every((share: { ideaIds: string[] }) => !share.ideaIds.includes(ids[0]!)),
    ).toBe(true);
  });
});
