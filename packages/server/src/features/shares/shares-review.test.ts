import { everyoneTextKey } from '@life-updates/contract/share-options';
import type { ShareReviewResponse, ShareWithContacts } from '@life-updates/contract/shares';
import type { Share } from '@life-updates/contract/shares';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createVerifiedUser, startAppWithSmtp, waitForDeliveries } from '../../../test/doubles/email-fixtures.ts';
import { openAiCompletion, startFakeAiServer, type FakeAiServer, openAiEnv } from '../../../test/doubles/ai.ts';
import { createIdea, createTestApp, createUser, type TestApp, type TestUser } from '../../../test/test-app.ts';
import { ideas, shares, userSettings } from '../../db/schema.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
function call(testApp: TestApp, user: TestUser, method: Method, url: string, payload?: object) {
  return testApp.app.inject({
    method,
    url,
    headers: { ...user.headers, 'accept-language': 'en' },
    ...(payload ? { payload } : {}),
  });
}

async function createContact(
  testApp: TestApp,
  user: TestUser,
  contact: { name: string; email: string; relationship?: string },
) {
  const response = await call(testApp, user, 'POST', '/api/contacts', contact);
  expect(response.statusCode, response.body).toBeLessThan(300);
  return (response.json() as { id: string }).id;
}

describe('per-contact summaries and Summeris (offline composer, real SMTP)', () => {
  let smtp: Awaited<ReturnType<typeof startAppWithSmtp>>['smtp'];
  let testApp: TestApp;
  let closeApp: () => Promise<void>;
  beforeAll(async () => {
    ({ smtp, testApp, close: closeApp } = await startAppWithSmtp());
  });
  afterAll(() => closeApp());

  async function setUp(prefix: string) {
    const user = await createVerifiedUser(testApp.app, testApp.database.db, { name: 'Ann Lee' });
    const ideaIds = [
      await createIdea(testApp.app, user, 'We moved to Lisbon and found a flat near the river.'),
      await createIdea(testApp.app, user, 'I started a new job at the port.'),
    ];
    const maria = await createContact(testApp, user, {
      name: 'Maria',
      email: `${prefix}.maria@example.com`,
      relationship: 'family',
    });
    const oleg = await createContact(testApp, user, { name: 'Oleg', email: `${prefix}.oleg@example.com` });
    return { user, ideaIds, maria, oleg };
  }

  async function generate(user: TestUser, payload: object) {
    return call(testApp, user, 'POST', '/api/shares/generate', payload);
  }

  async function summeris(user: TestUser) {
    const response = await call(testApp, user, 'GET', '/api/shares/review');
    expect(response.statusCode).toBe(200);
    return response.json() as ShareReviewResponse;
  }

  it('writes one text per contact from the template, as a generated share', async () => {
    const { user, ideaIds, maria, oleg } = await setUp('one');
    const response = await generate(user, { ideaIds, templateId: 'personal-brand', contactIds: [maria, oleg] });
    expect(response.statusCode, response.body).toBe(200);
    const share = (response.json() as { share: Share }).share;
    expect(share).toMatchObject({ status: 'generated', templateId: 'personal-brand', contactIds: [maria, oleg] });
    expect(share.generatedAt).not.toBeNull();
    expect(share.ideaIds).toEqual(ideaIds);
    const forMaria = share.texts[maria]!;
    const forOleg = share.texts[oleg]!;
    expect(forMaria).toContain('Hi Maria,');
    expect(forMaria).toContain('As my family,');
    expect(forOleg).toContain('Hi Oleg,');
    expect(forOleg).toContain('As my friend,');
    expect(forMaria).toContain('Lisbon');
    expect(forMaria).not.toContain('{{');

    const list = await summeris(user);
    expect(list.sent).toEqual([]);
    expect(list.pending).toHaveLength(1);
    expect(list.pending[0]).toMatchObject({
      id: share.id,
      templateName: 'Personal Brand',
      contacts: [
        { id: maria, name: 'Maria', relationship: 'family' },
        { id: oleg, name: 'Oleg', relationship: null },
      ],
    });
  });

  it("uses the user's own template, and the fallback default (shown without a template name)", async () => {
    const { user, ideaIds, maria } = await setUp('own');
    const created = await call(testApp, user, 'POST', '/api/templates', {
      name: 'Family letter',
      template: 'Dear {{name}} ({{relationship}}), news: {{events}} -- end',
    });
    const templateId = (created.json() as { template: { id: string } }).template.id;
    const own = await generate(user, { ideaIds, templateId, contactIds: [maria] });
    expect(own.statusCode).toBe(200);
    expect((own.json() as { share: Share }).share.texts[maria]).toMatch(
      /^Dear Maria \(family\), news: [\s\S]+ -- end$/,
    );
    expect((await summeris(user)).pending[0]!.templateName).toBe('Family letter');

    const fallback = await generate(user, { ideaIds: [ideaIds[1]!], templateId: 'default', contactIds: [maria] });
    expect(fallback.statusCode).toBe(200);
    expect((fallback.json() as { share: Share }).share.texts[maria]).toContain('Hi Maria,');
    const card = (await summeris(user)).pending.find((item) => item.ideaIds.length === 1)!;
    expect(card.templateId).toBe('default');
    expect(card.templateName).toBeNull();
  });

  it('validates with the spec messages', async () => {
    const { user, ideaIds, maria } = await setUp('valid');
    const noTemplate = await generate(user, { ideaIds, templateId: '', contactIds: [maria] });
    expect(noTemplate.statusCode).toBe(400);
    expect(noTemplate.json().message).toBe('Please select a template');
    const missingTemplate = await generate(user, { ideaIds, contactIds: [maria] });
    expect(missingTemplate.json().message).toBe('Please select a template');
    const noContacts = await generate(user, { ideaIds, templateId: 'startup', contactIds: [] });
    expect(noContacts.statusCode).toBe(400);
    expect(noContacts.json().message).toBe('Please select at least one contact');
    const noIdeas = await generate(user, { ideaIds: [], templateId: 'startup', contactIds: [maria] });
    expect(noIdeas.statusCode).toBe(400);
    expect(noIdeas.json().message).toBe('Please select an idea first');
    const unknownTemplate = await generate(user, {
      ideaIds,
      templateId: '00000000-0000-4000-8000-000000000000',
      contactIds: [maria],
    });
    expect(unknownTemplate.statusCode).toBe(404);
    expect(unknownTemplate.json().message).toBe('No summary template found');
    expect((await summeris(user)).pending).toEqual([]);
  });

  it('updates the share with the same ordered ideas instead of making another (dedupe)', async () => {
    const { user, ideaIds, maria, oleg } = await setUp('dedupe');
    const first = (await generate(user, { ideaIds, templateId: 'startup', contactIds: [maria, oleg] })).json() as {
      share: Share;
    };
    const second = (await generate(user, { ideaIds, templateId: 'corporate', contactIds: [oleg] })).json() as {
      share: Share;
    };
    expect(second.share.id).toBe(first.share.id);
    expect(second.share).toMatchObject({ templateId: 'corporate', contactIds: [oleg] });
    expect(Object.keys(second.share.texts)).toEqual([oleg]);
    expect(second.share.texts[oleg]).toContain('Dear Oleg,');
    // The other order is another share (identical ordered idea_ids).
    const reversed = (await generate(user, {
      ideaIds: [...ideaIds].reverse(),
      templateId: 'startup',
      contactIds: [maria],
    }).then((response) => response.json())) as { share: Share };
    expect(reversed.share.id).not.toBe(first.share.id);
    expect((await summeris(user)).pending).toHaveLength(2);
  });

  it("refuses another user's ideas, contacts, template and shares (404)", async () => {
    const owner = await setUp('owner');
    const stranger = await createVerifiedUser(testApp.app, testApp.database.db);
    const strangerIdea = await createIdea(testApp.app, stranger, 'Stranger idea');
    const strangerContact = await createContact(testApp, stranger, { name: 'Zed', email: 'zed@example.com' });
    expect(
      (await generate(stranger, { ideaIds: owner.ideaIds, templateId: 'startup', contactIds: [strangerContact] }))
        .statusCode,
    ).toBe(404);
    expect(
      (await generate(stranger, { ideaIds: [strangerIdea], templateId: 'startup', contactIds: [owner.maria] }))
        .statusCode,
    ).toBe(404);
    const share = (
      (
        await generate(owner.user, { ideaIds: owner.ideaIds, templateId: 'startup', contactIds: [owner.maria] })
      ).json() as {
        share: Share;
      }
    ).share;
    expect((await summeris(stranger)).pending).toEqual([]);
    const edit = await call(testApp, stranger, 'PUT', `/api/shares/${share.id}/texts/${owner.maria}`, {
      text: 'Hijacked',
    });
    expect(edit.statusCode).toBe(404);
    expect(edit.json().message).toBe('Share not found');
    expect((await call(testApp, stranger, 'DELETE', `/api/shares/${share.id}`)).statusCode).toBe(404);
    expect((await call(testApp, stranger, 'POST', `/api/shares/${share.id}/send`, {})).statusCode).toBe(404);
    expect((await summeris(owner.user)).pending[0]!.texts[owner.maria]).not.toBe('Hijacked');
  });

  it('edits one text, cancels a share, and approve emails each contact their own edited text, then marks the ideas sent', async () => {
    const { user, ideaIds, maria, oleg } = await setUp('approve');
    const share = (
      (await generate(user, { ideaIds, templateId: 'personal-brand', contactIds: [maria, oleg] })).json() as {
        share: Share;
      }
    ).share;

    const edited = await call(testApp, user, 'PUT', `/api/shares/${share.id}/texts/${maria}`, {
      text: 'Maria, only for you: we are in Lisbon now!',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const editedShare = (edited.json() as { share: ShareWithContacts }).share;
    expect(editedShare.texts[maria]).toBe('Maria, only for you: we are in Lisbon now!');
    expect(editedShare.texts[oleg]).toBe(share.texts[oleg]);
    const empty = await call(testApp, user, 'PUT', `/api/shares/${share.id}/texts/${maria}`, { text: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('No text to save.');
    const unknown = await call(testApp, user, 'PUT', `/api/shares/${share.id}/texts/${everyoneTextKey}`, { text: 'x' });
    expect(unknown.statusCode).toBe(404);

    // A second share, cancelled: it is deleted.
    const other = (
      (await generate(user, { ideaIds: [ideaIds[0]!], templateId: 'startup', contactIds: [oleg] })).json() as {
        share: Share;
      }
    ).share;
    const cancelled = await call(testApp, user, 'DELETE', `/api/shares/${other.id}`);
    expect(cancelled.statusCode).toBe(200);
    expect(await testApp.database.db.select().from(shares).where(eq(shares.id, other.id))).toEqual([]);
    expect((await call(testApp, user, 'DELETE', `/api/shares/${other.id}`)).statusCode).toBe(404);

    // Approve = the email pipeline.
    const sent = await call(testApp, user, 'POST', `/api/shares/${share.id}/send`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ outcome: 'queued', queued: 2 });
    const done = await waitForDeliveries(testApp.app, user, share.id);
    expect(done.counts).toMatchObject({ sent: 2, failed: 0 });

    const [toMaria] = smtp.to('approve.maria@example.com');
    const [toOleg] = smtp.to('approve.oleg@example.com');
    expect(toMaria!.mail.text).toContain('Maria, only for you: we are in Lisbon now!');
    expect(toOleg!.mail.text).toContain('Hi Oleg,');
    expect(toOleg!.mail.text).not.toContain('only for you');

    const list = await summeris(user);
    expect(list.pending).toEqual([]);
    expect(list.sent.map((item) => item.id)).toEqual([share.id]);
    expect(list.sent[0]).toMatchObject({ status: 'sent', contacts: [{ name: 'Maria' }, { name: 'Oleg' }] });
    expect(list.sent[0]!.sentAt).not.toBeNull();
    const ideaRows = await testApp.database.db.select().from(ideas).where(inArray(ideas.id, ideaIds));
    expect(ideaRows.map((row) => row.status)).toEqual(['sent', 'sent']);

    // A sent share is read-only and cannot be cancelled.
    const late = await call(testApp, user, 'PUT', `/api/shares/${share.id}/texts/${oleg}`, { text: 'Too late' });
    expect(late.statusCode).toBe(409);
    expect((await call(testApp, user, 'DELETE', `/api/shares/${share.id}`)).statusCode).toBe(409);
  });

  it('approving some of the contacts sends theirs and keeps the others pending, edits included', async () => {
    const { user, ideaIds, maria, oleg } = await setUp('subset');
    const share = (
      (await generate(user, { ideaIds, templateId: 'personal-brand', contactIds: [maria, oleg] })).json() as {
        share: Share;
      }
    ).share;
    const olegText = 'Oleg, the port job starts on Monday.';
    expect(
      (await call(testApp, user, 'PUT', `/api/shares/${share.id}/texts/${oleg}`, { text: olegText })).statusCode,
    ).toBe(200);

    // Summeris → Change recipients → Maria only → Approve.
    const sent = await call(testApp, user, 'POST', `/api/shares/${share.id}/send`, {
      destinations: { contactIds: [maria] },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ outcome: 'queued', queued: 1, skipped: 0 });
    expect((await waitForDeliveries(testApp.app, user, share.id)).counts).toMatchObject({ sent: 1, failed: 0 });
    expect(smtp.to('subset.maria@example.com')).toHaveLength(1);
    expect(smtp.to('subset.oleg@example.com')).toHaveLength(0);

    const list = await summeris(user);
    expect(list.sent).toHaveLength(1);
    expect(list.sent[0]).toMatchObject({ id: share.id, status: 'sent', contactIds: [maria] });
    expect(Object.keys(list.sent[0]!.texts)).toEqual([maria]);
    // Oleg's summary is neither sent nor cancelled: it waits in Pending, as he had it, for the same ideas.
    expect(list.pending).toHaveLength(1);
    const kept = list.pending[0]!;
    expect(kept).toMatchObject({
      status: 'generated',
      ideaIds,
      templateId: 'personal-brand',
      contactIds: [oleg],
      texts: { [oleg]: olegText },
      contacts: [{ id: oleg, name: 'Oleg' }],
    });
    expect(kept.id).not.toBe(share.id);

    // Approving it later sends Oleg his edited text; nothing is left pending.
    const later = await call(testApp, user, 'POST', `/api/shares/${kept.id}/send`, {});
    expect(later.json()).toMatchObject({ outcome: 'queued', queued: 1 });
    await waitForDeliveries(testApp.app, user, kept.id);
    expect(smtp.to('subset.oleg@example.com')[0]!.mail.text).toContain(olegText);
    expect(smtp.to('subset.maria@example.com')).toHaveLength(1);
    const after = await summeris(user);
    expect(after.pending).toEqual([]);
    expect(after.sent.map((item) => item.id).sort()).toEqual([share.id, kept.id].sort());
  });

  it('a refused send to some of the contacts leaves the share whole', async () => {
    const { user, ideaIds, maria, oleg } = await setUp('subset-limit');
    await testApp.database.db
      .insert(userSettings)
      .values({ userId: user.id, monthlyShareLimit: 0 })
      .onConflictDoUpdate({ target: userSettings.userId, set: { monthlyShareLimit: 0 } });
    const share = (
      (await generate(user, { ideaIds, templateId: 'startup', contactIds: [maria, oleg] })).json() as {
        share: Share;
      }
    ).share;
    const refused = await call(testApp, user, 'POST', `/api/shares/${share.id}/send`, {
      destinations: { contactIds: [maria] },
    });
    expect(refused.statusCode).toBe(403);
    const list = await summeris(user);
    expect(list.pending).toHaveLength(1);
    expect(list.pending[0]).toMatchObject({ id: share.id, contactIds: [maria, oleg], texts: share.texts });
  });

  it('approve refuses over the monthly limit with the spec message', async () => {
    const { user, ideaIds, maria } = await setUp('limit');
    await testApp.database.db
      .insert(userSettings)
      .values({ userId: user.id, monthlyShareLimit: 0 })
      .onConflictDoUpdate({ target: userSettings.userId, set: { monthlyShareLimit: 0 } });
    const share = (
      (await generate(user, { ideaIds, templateId: 'startup', contactIds: [maria] })).json() as {
        share: Share;
      }
    ).share;
    const response = await call(testApp, user, 'POST', `/api/shares/${share.id}/send`, {});
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe("You've reached your monthly usage limit. Upgrade to continue sharing.");
    expect((await summeris(user)).pending.map((item) => item.id)).toEqual([share.id]);
  });
});

describe('per-contact summaries with an AI model', () => {
  let fake: FakeAiServer;
  let testApp: TestApp;
  beforeAll(async () => {
    fake = await startFakeAiServer();
    testApp = await createTestApp({
      env: openAiEnv(fake),
    });
  });
  afterAll(async () => {
    await testApp.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.requests.length = 0;
  });

  it("asks the model once per contact, for that contact's relationship and with the template", async () => {
    const user = await createUser(testApp.app);
    const ideaId = await createIdea(testApp.app, user, 'Climbed Mount Elbrus with two friends.');
    const maria = await createContact(testApp, user, { name: 'Maria', email: 'm@example.com', relationship: 'family' });
    const boss = await createContact(testApp, user, {
      name: 'Pavel',
      email: 'p@example.com',
      relationship: 'colleague',
    });
    fake.reply(openAiCompletion('Text for Maria.'), openAiCompletion('Text for Pavel.'));
    const response = await call(testApp, user, 'POST', '/api/shares/generate', {
      ideaIds: [ideaId],
      templateId: 'corporate',
      contactIds: [maria, boss],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as { share: Share }).share.texts).toEqual({
      [maria]: 'Text for Maria.',
      [boss]: 'Text for Pavel.',
    });
    const prompts = fake.requests.map(
      (request) => (request.body as { messages: Array<{ content: string }> }).messages[0]!.content,
    );
    expect(prompts).toHaveLength(2);
    expect(prompts[0]).toContain("personal update for Maria (the author's family)");
    expect(prompts[0]).toContain('Dear Maria,');
    expect(prompts[1]).toContain("personal update for Pavel (the author's colleague)");
    expect(prompts[1]).toContain('Please find below a brief report');
    expect(prompts[1]).toContain('Climbed Mount Elbrus');
  });
});
