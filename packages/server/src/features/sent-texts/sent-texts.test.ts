import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openAiCompletion,
  openAiEnv,
  openAiStream,
  startFakeAiServer,
  type FakeAiServer,
  type RecordedRequest,
} from '../../../test/doubles/ai.ts';
import { createIdea, createUser, testAppForFile, type TestUser } from '../../../test/test-app.ts';
import { generationDrafts, sentTexts } from '../../db/schema.ts';
import { chooseVoiceExamples, estimateTokens } from './voice-examples.ts';

let fake: FakeAiServer;
// Filled before the app is built (its hook runs after this one): the environment's OpenAI points at the double.
const env: Record<string, string> = {};
beforeAll(async () => {
  fake = await startFakeAiServer();
  Object.assign(env, openAiEnv(fake));
});
afterAll(() => fake.close());

const testApp = testAppForFile({ env });
let alice: TestUser;
let bob: TestUser;

const preferences = {
  platform: 'linkedin',
  length: 'short',
  tone: 'casual',
  intent: 'reflect',
  sentiment: 'joy',
  structure: 'storytelling',
} as const;

function call(user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return testApp.app.inject({ method, url, headers: user.headers, ...(payload === undefined ? {} : { payload }) });
}

let contactCount = 0;
async function createContact(user: TestUser) {
  contactCount += 1;
  const response = await call(user, 'POST', '/api/contacts', {
    name: 'Mum',
    email: `mum-${contactCount}-${user.id.slice(0, 6)}@example.com`,
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return (response.json() as { id: string }).id;
}

/** Create Content as a user does it: generate (the double writes `draft`), edit to `text`, send. */
async function generateAndSend(user: TestUser, contactId: string, idea: string, draft: string, text: string) {
  const ideaId = await createIdea(testApp.app, user, idea);
  fake.reply(openAiStream([draft]));
  const generated = await call(user, 'POST', '/api/generate/stream', { ideaIds: [ideaId], preferences });
  expect(generated.statusCode, generated.body).toBe(200);
  const sent = await call(user, 'POST', '/api/shares/send', {
    ideaIds: [ideaId],
    text,
    preferences,
    destinations: { contactIds: [contactId] },
  });
  expect(sent.statusCode, sent.body).toBe(200);
}

/** Generates once more and returns the request the model got. */
async function nextGenerationRequest(user: TestUser): Promise<{ system: string; inputs: unknown }> {
  const ideaId = await createIdea(testApp.app, user, 'We adopted a cat called Pixel');
  fake.reply(openAiStream(['A new post.']));
  const response = await call(user, 'POST', '/api/generate/stream', { ideaIds: [ideaId], preferences });
  expect(response.statusCode, response.body).toBe(200);
  const request: RecordedRequest = fake.requests.at(-1)!;
  const messages = request.body.messages as Array<{ role: string; content: string }>;
  return {
    system: messages.find((message) => message.role === 'system')!.content,
    inputs: JSON.parse(String(response.headers['x-generation-inputs'])),
  };
}

beforeAll(async () => {
  alice = await createUser(testApp.app, 'alice@example.com');
  bob = await createUser(testApp.app, 'bob@example.com');
});

describe('writing like the user', () => {
  it("gives the model the user's two edited sent texts, newest first, and never another user's", async () => {
    const bobContact = await createContact(bob);
    await generateAndSend(
      bob,
      bobContact,
      'Bob went fishing',
      'Model wrote about fishing.',
      'BOB-ONLY: caught nothing, loved it.',
    );

    const contact = await createContact(alice);
    await generateAndSend(
      alice,
      contact,
      'We moved to Lisbon',
      'We moved to Lisbon.',
      'ALICE-FIRST: Lisbon, finally. Boxes everywhere!',
    );
    await generateAndSend(
      alice,
      contact,
      'I ran a half marathon',
      'I ran a half marathon.',
      'ALICE-SECOND: 21 km and my knees forgive me.',
    );

    const kept = await testApp.database.db.select().from(sentTexts).where(eq(sentTexts.userId, alice.id));
    expect(kept.map((row) => ({ draft: row.draft, isEdited: row.isEdited, platform: row.platform }))).toEqual([
      { draft: 'We moved to Lisbon.', isEdited: true, platform: 'linkedin' },
      { draft: 'I ran a half marathon.', isEdited: true, platform: 'linkedin' },
    ]);
    // The drafts are let go once sent.
    expect(
      await testApp.database.db.select().from(generationDrafts).where(eq(generationDrafts.userId, alice.id)),
    ).toEqual([]);

    const { system, inputs } = await nextGenerationRequest(alice);
    const first = system.indexOf('ALICE-FIRST');
    const second = system.indexOf('ALICE-SECOND');
    expect(first).toBeGreaterThan(0);
    expect(second).toBeGreaterThan(0);
    expect(second).toBeLessThan(first);
    expect(system).not.toContain('BOB-ONLY');
    expect(inputs).toEqual({ voiceExamples: 2, photos: 0 });

    const learning = await call(alice, 'GET', '/api/voice-learning');
    expect(learning.json()).toEqual({ isOn: true, count: 2 });
  });

  it('with the switch off nothing is given; after "Forget" nothing is kept', async () => {
    expect((await call(alice, 'PUT', '/api/voice-learning', { isOn: false })).json()).toEqual({
      isOn: false,
      count: 2,
    });
    expect((await nextGenerationRequest(alice)).system).not.toContain('ALICE-FIRST');
    await call(alice, 'PUT', '/api/voice-learning', { isOn: true });

    expect((await call(alice, 'DELETE', '/api/voice-learning')).json()).toEqual({ isOn: true, count: 0 });
    const { system, inputs } = await nextGenerationRequest(alice);
    expect(system).not.toContain('ALICE-FIRST');
    expect(system).not.toContain('ALICE-SECOND');
    expect(system).not.toContain('Texts the author wrote and sent before');
    expect(inputs).toEqual({ voiceExamples: 0, photos: 0 });
    // Bob's are his own and stay.
    expect((await call(bob, 'GET', '/api/voice-learning')).json()).toEqual({ isOn: true, count: 1 });
  });

  it('keeps within the token budget with 50 long sent texts', async () => {
    const long = (index: number) =>
      `LONG-${String(index).padStart(2, '0')} ${'I write long, winding updates. '.repeat(60)}`;
    await testApp.database.db.insert(sentTexts).values(
      Array.from({ length: 50 }, (_, index) => ({
        userId: alice.id,
        platform: 'linkedin',
        text: long(index),
        draft: 'x',
        isEdited: true,
        sentAt: new Date(Date.UTC(2026, 0, 1, 0, index)),
      })),
    );
    const { system, inputs } = await nextGenerationRequest(alice);
    const given = [...system.matchAll(/LONG-(\d\d)/g)].map((match) => Number(match[1]));
    const budget = testApp.config.VOICE_EXAMPLES_TOKEN_BUDGET;
    expect(given.length).toBeGreaterThan(0);
    expect(given.length).toBeLessThan(50);
    expect(given.length * estimateTokens(long(0))).toBeLessThanOrEqual(budget);
    // The newest ones, newest first.
    expect(given).toEqual(Array.from({ length: given.length }, (_, index) => 49 - index));
    expect(inputs).toMatchObject({ voiceExamples: given.length });
  });
});

describe('keeping sent texts', () => {
  it('a scheduled send whose schedule is cancelled teaches nothing', async () => {
    const ideaId = await createIdea(testApp.app, bob, 'Bob booked a trip');
    const sent = await call(bob, 'POST', '/api/shares/send', {
      ideaIds: [ideaId],
      text: 'SCHEDULED-THEN-CANCELLED: off to Porto.',
      preferences,
      destinations: { contactIds: [await createContact(bob)] },
      sendAt: new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString(),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const { shareId } = sent.json() as { shareId: string };
    const keptFor = () => testApp.database.db.select().from(sentTexts).where(eq(sentTexts.shareId, shareId));
    expect(await keptFor()).toHaveLength(1);

    const unscheduled = await call(bob, 'POST', `/api/shares/${shareId}/unschedule`);
    expect(unscheduled.statusCode, unscheduled.body).toBe(200);
    expect(await keptFor()).toEqual([]);
  });

  it('a Summeris text edited before Approve is kept as edited, beside what the model wrote', async () => {
    const contact = await createContact(bob);
    const ideaId = await createIdea(testApp.app, bob, 'Bob planted tomatoes');
    fake.reply(openAiCompletion('SUMMERIS-DRAFT: the tomatoes are in.'));
    const generated = await call(bob, 'POST', '/api/shares/generate', {
      ideaIds: [ideaId],
      templateId: 'personal-brand',
      contactIds: [contact],
    });
    expect(generated.statusCode, generated.body).toBe(200);
    const share = (generated.json() as { share: { id: string; texts: Record<string, string> } }).share;
    const draft = share.texts[contact]!;
    expect(draft).toContain('SUMMERIS-DRAFT');

    const edited = await call(bob, 'PUT', `/api/shares/${share.id}/texts/${contact}`, {
      text: 'SUMMERIS-EDITED: six tomato plants, one already leaning.',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const sent = await call(bob, 'POST', `/api/shares/${share.id}/send`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ outcome: 'queued', queued: 1 });

    const kept = await testApp.database.db.select().from(sentTexts).where(eq(sentTexts.shareId, share.id));
    expect(kept.map((row) => ({ text: row.text, draft: row.draft, isEdited: row.isEdited }))).toEqual([
      { text: 'SUMMERIS-EDITED: six tomato plants, one already leaning.', draft: draft.trim(), isEdited: true },
    ]);
  });

  it('with learning off no draft is written, and those kept before are let go', async () => {
    const { db } = testApp.database;
    const drafts = () => db.select().from(generationDrafts).where(eq(generationDrafts.userId, bob.id));
    const ideaId = await createIdea(testApp.app, bob, 'Bob baked bread');
    const generate = async () => {
      fake.reply(openAiStream(['Bob baked a loaf.']));
      const response = await call(bob, 'POST', '/api/generate/stream', { ideaIds: [ideaId], preferences });
      expect(response.statusCode, response.body).toBe(200);
    };
    await generate();
    expect(await drafts()).toHaveLength(1);

    await call(bob, 'PUT', '/api/voice-learning', { isOn: false });
    expect(await drafts()).toEqual([]);
    await generate();
    expect(await drafts()).toEqual([]);
    const sent = await call(bob, 'POST', '/api/shares/send', {
      ideaIds: [ideaId],
      text: 'Bread!',
      preferences,
      destinations: { contactIds: [await createContact(bob)] },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await db.select().from(sentTexts).where(eq(sentTexts.text, 'Bread!'))).toEqual([]);
    await call(bob, 'PUT', '/api/voice-learning', { isOn: true });
  });

  it('a failure to keep them does not turn a queued send into an error', async () => {
    const { db } = testApp.database;
    // The database refuses every sent text, as a full disk or a lost table would.
    await db.execute(sql`
      create function refuse_sent_text() returns trigger language plpgsql as $$
      begin raise exception 'disk full'; end $$`);
    await db.execute(sql`create trigger refuse_sent_text before insert on sent_texts
      for each row execute function refuse_sent_text()`);
    try {
      const contact = await createContact(bob);
      const ideaId = await createIdea(testApp.app, bob, 'Bob painted the fence');
      const sent = await call(bob, 'POST', '/api/shares/send', {
        ideaIds: [ideaId],
        text: 'The fence is blue now.',
        preferences,
        destinations: { contactIds: [contact] },
      });
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json()).toMatchObject({ outcome: 'queued', queued: 1 });
    } finally {
      await db.execute(sql`drop trigger refuse_sent_text on sent_texts`);
      await db.execute(sql`drop function refuse_sent_text`);
    }
  });
});

describe('chooseVoiceExamples', () => {
  const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));
  it('leaves unchanged texts out when there are enough edited ones, and fills with them otherwise', () => {
    const edited = [1, 2, 3].map((minute) => ({ text: `edited ${minute}`, isEdited: true, sentAt: at(minute) }));
    const unchanged = { text: 'as the model wrote it', isEdited: false, sentAt: at(9) };
    expect(chooseVoiceExamples([...edited, unchanged], 1000)).toEqual(['edited 3', 'edited 2', 'edited 1']);
    expect(chooseVoiceExamples([edited[0]!, unchanged], 1000)).toEqual(['as the model wrote it', 'edited 1']);
  });
  it('prefers edited texts when the budget is short', () => {
    const edited = { text: 'e'.repeat(40), isEdited: true, sentAt: at(1) };
    const unchanged = { text: 'u'.repeat(40), isEdited: false, sentAt: at(2) };
    expect(chooseVoiceExamples([edited, unchanged], 10)).toEqual([edited.text]);
  });
});
