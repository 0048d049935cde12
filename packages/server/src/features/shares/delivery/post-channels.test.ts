import { translate } from '@life-updates/contract/i18n';
import { defaultPreferences } from '@life-updates/contract/preferences';
import type { SendResult, ShareReviewResponse } from '@life-updates/contract/shares';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createVerifiedUser,
  insertContacts,
  startAppWithSmtp,
  waitForDeliveries,
} from '../../../../test/doubles/email-fixtures.ts';
import { startFakeLinkedin, type FakeLinkedin } from '../../../../test/doubles/linkedin.ts';
import { startFakeTelegramApi, type FakeTelegramApi } from '../../../../test/doubles/telegram.ts';
import { createIdea, type TestUser } from '../../../../test/test-app.ts';
import { deliveries, telegramChats } from '../../../db/schema.ts';
import { processDeliveries } from './worker.ts';

/*
 * One way out (decision 014) for the posting channels: a share to a Telegram chat and to LinkedIn at
 * once goes through the one queue like an email, and an attempt whose answer never came is sent
 * again only by a channel that repeats safely (email, by its Message-ID), never by a post.
 */

const clientId = 'post-channels-client';
const clientSecret = 'post-channels-secret';
const publicChannel = { id: -1003333333333, type: 'channel', title: 'Family news', username: 'family_news' } as const;

let telegram: FakeTelegramApi;
let linkedin: FakeLinkedin;
let started: Awaited<ReturnType<typeof startAppWithSmtp>>;
let user: TestUser;
let chatRowId: string;

const app = () => started.testApp.app;
const db = () => started.testApp.database.db;

const inject = (method: 'GET' | 'POST', url: string, payload?: object) =>
  app().inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });

/** Connects the user's LinkedIn through the OAuth flow, with the double approving at once. */
async function connectLinkedin() {
  const start = await inject('POST', '/api/linkedin/connect');
  expect(start.statusCode, start.body).toBe(200);
  const approved = await fetch((start.json() as { authorizationUrl: string }).authorizationUrl, { redirect: 'manual' });
  const callback = new URL(approved.headers.get('location')!);
  const landed = await app().inject({
    method: 'GET',
    url: callback.pathname + callback.search,
    headers: { cookie: user.cookie },
  });
  expect(landed.headers.location).toBe('/settings?tab=connected&linkedin=connected');
}

async function ideaStatuses(ids: string[]) {
  const listed = (await inject('GET', '/api/ideas')).json() as { ideas: Array<{ id: string; status: string }> };
  return ids.map((id) => listed.ideas.find((idea) => idea.id === id)?.status);
}

async function send(body: { ideaIds: string[]; text: string; destinations: object; sendAt?: string }) {
  const response = await inject('POST', '/api/shares/send', { preferences: defaultPreferences, ...body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as SendResult;
}

const deliveryRows = async (shareId: string) => db().select().from(deliveries).where(eq(deliveries.shareId, shareId));

beforeAll(async () => {
  telegram = await startFakeTelegramApi();
  linkedin = await startFakeLinkedin({ clientId, clientSecret });
  started = await startAppWithSmtp({
    ...telegram.appEnv,
    ...linkedin.appEnv,
  });
  user = await createVerifiedUser(app(), db());
  await connectLinkedin();
  // A public channel where the bot may post, connected as /connect or a forwarded post would.
  telegram.setChat(publicChannel);
  telegram.setMember(publicChannel.id, telegram.bot.id, 'administrator', { can_post_messages: true });
  const [chat] = await db()
    .insert(telegramChats)
    .values({
      userId: user.id,
      telegramChatId: publicChannel.id,
      title: publicChannel.title,
      username: publicChannel.username,
      type: publicChannel.type,
    })
    .returning();
  chatRowId = chat!.id;
}, 60_000);

afterAll(async () => {
  await started?.close();
  await telegram?.close();
  await linkedin?.close();
});

describe('a share to a Telegram chat and LinkedIn', () => {
  it('publishes both at once, each with its link; the share and its ideas are sent, and Summeris shows both', async () => {
    const ideaIds = [
      await createIdea(app(), user, 'We planted an apple tree'),
      await createIdea(app(), user, 'The kids built a treehouse'),
    ];
    const text = 'Spring in the garden: an apple tree and a treehouse.';
    const result = await send({ ideaIds, text, destinations: { telegramChatIds: [chatRowId], linkedin: true } });
    expect(result).toMatchObject({ outcome: 'queued', queued: 2 });

    const done = await waitForDeliveries(app(), user, result.shareId!);
    expect(done.shareStatus).toBe('sent');
    const linkedinPosts = linkedin.posts.filter((candidate) => candidate.commentary === text);
    expect(linkedinPosts).toHaveLength(1);
    const linkedinPost = linkedinPosts[0]!;
    const byChannel = Object.fromEntries(done.deliveries.map((delivery) => [delivery.channel, delivery]));
    expect(byChannel).toEqual({
      telegram: expect.objectContaining({
        status: 'published',
        recipientName: 'Family news',
        link: expect.stringMatching(/^https:\/\/t\.me\/family_news\/\d+$/),
        error: null,
      }),
      linkedin: expect.objectContaining({
        status: 'published',
        recipientName: 'Ada Lovelace',
        link: `https://www.linkedin.com/feed/update/${linkedinPost.id}/`,
        error: null,
      }),
    });
    expect(telegram.sentMessages().filter((message) => message.text === text)).toEqual([
      expect.objectContaining({ chat_id: publicChannel.id }),
    ]);
    // The link names the message Telegram gave the post.
    const rows = await deliveryRows(result.shareId!);
    const telegramRow = rows.find((row) => row.channel === 'telegram')!;
    expect(byChannel.telegram!.link).toBe(`https://t.me/family_news/${telegramRow.providerMessageId}`);
    expect(rows.find((row) => row.channel === 'linkedin')!.providerMessageId).toBe(linkedinPost.id);
    expect(await ideaStatuses(ideaIds)).toEqual(['sent', 'sent']);

    const review = (await inject('GET', '/api/shares/review')).json() as ShareReviewResponse;
    const shown = review.sent.find((share) => share.id === result.shareId);
    expect(shown?.deliveries.map((delivery) => [delivery.channel, delivery.status]).sort()).toEqual([
      ['linkedin', 'published'],
      ['telegram', 'published'],
    ]);
    expect(review.failed.map((share) => share.id)).not.toContain(result.shareId);
  });
});

describe('an attempt the instance left half-way ("sending" when its job runs again)', () => {
  /** A share scheduled far ahead, so that only the calls below send its delivery. */
  async function scheduledDelivery(destinations: object, text: string) {
    const result = await send({
      ideaIds: [await createIdea(app(), user, text)],
      text,
      destinations,
      sendAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(result.outcome).toBe('scheduled');
    const [row] = await deliveryRows(result.shareId!);
    return { shareId: result.shareId!, deliveryId: row!.id };
  }
  const work = (deliveryId: string) =>
    processDeliveries({
      db: db(),
      channels: app().deps.channels,
      attempts: [{ deliveryId, isFinalAttempt: false }],
    });
  const interrupt = (deliveryId: string) =>
    db().update(deliveries).set({ status: 'sending', attempts: 1 }).where(eq(deliveries.id, deliveryId));

  it('is failed, not posted again, on Telegram', async () => {
    const { shareId, deliveryId } = await scheduledDelivery({ telegramChatIds: [chatRowId] }, 'Half-way to Telegram');
    await interrupt(deliveryId);
    expect((await work(deliveryId)).get(deliveryId)).toEqual({ status: 'failed' });
    expect(telegram.calls.filter((call) => call.params.text === 'Half-way to Telegram')).toEqual([]);
    const done = await waitForDeliveries(app(), user, shareId);
    expect(done.shareStatus).toBe('failed');
    expect(done.deliveries).toEqual([
      expect.objectContaining({
        channel: 'telegram',
        status: 'failed',
        error: translate('summeris.errors.interrupted', 'en'),
        // The user may send it again after checking the chat; the queue does not.
        canRetry: true,
        link: null,
      }),
    ]);
  });

  it('is failed, not posted again, on LinkedIn', async () => {
    const { shareId, deliveryId } = await scheduledDelivery({ linkedin: true }, 'Half-way to LinkedIn');
    await interrupt(deliveryId);
    const attemptsBefore = linkedin.state.postAttempts;
    expect((await work(deliveryId)).get(deliveryId)).toEqual({ status: 'failed' });
    expect(linkedin.state.postAttempts).toBe(attemptsBefore);
    const done = await waitForDeliveries(app(), user, shareId);
    expect(done.deliveries).toEqual([
      expect.objectContaining({
        channel: 'linkedin',
        status: 'failed',
        error: translate('summeris.errors.interrupted', 'en'),
        canRetry: true,
      }),
    ]);
  });

  it('is sent again by email, with the same Message-ID, so the receiving system drops the copy', async () => {
    const [dan] = await insertContacts(db(), user.id, [{ name: 'Dan', email: 'half-way.dan@example.com' }]);
    const { shareId, deliveryId } = await scheduledDelivery({ contactIds: [dan!.id] }, 'Half-way by email');
    expect((await work(deliveryId)).get(deliveryId)).toEqual({ status: 'sent' });
    const [first] = await deliveryRows(shareId);
    expect(first!.messageId).toMatch(/^<.+@.+>$/);
    // The server took it, but the process died before it wrote "sent".
    await db().update(deliveries).set({ status: 'sending', sentAt: null }).where(eq(deliveries.id, deliveryId));
    expect((await work(deliveryId)).get(deliveryId)).toEqual({ status: 'sent' });
    const copies = started.smtp.to(dan!.email);
    expect(copies.map((copy) => copy.mail.messageId)).toEqual([first!.messageId, first!.messageId]);
    expect((await deliveryRows(shareId))[0]).toMatchObject({ status: 'sent', messageId: first!.messageId });
  });
});
