import { defaultPreferences } from '@life-updates/contract/preferences';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deliveries, ideas, shares, telegramLinkCodes, userSettings } from '../../db/schema.ts';
import { waitForDeliveries } from '../../../test/doubles/email-fixtures.ts';
import { commandEntities, privateMessage, type FakeTelegramApi } from '../../../test/doubles/telegram.ts';
import { jsonAnswer, startTranscriptionDouble, type TranscriptionDouble } from '../../../test/doubles/transcription.ts';
import { createTelegramTestApp, linkTelegramChat, type TelegramTestApp } from '../../../test/telegram-app.ts';
import { createTestApp, createUser, type TestUser } from '../../../test/test-app.ts';

/**
 * The bot end to end through the real app: grammY talks to a local stand-in for Telegram's Bot API
 * (test/doubles/telegram.ts), updates arrive by long polling and go through the job queue, voice
 * goes to an OpenAI-compatible transcription stand-in, and the web side is called with app.inject().
 */

let transcription: TranscriptionDouble;
let fake: FakeTelegramApi;
let testApp: TelegramTestApp;
let alice: TestUser;
let bob: TestUser;

const aliceTelegram = { id: 5001, first_name: 'Alice', username: 'alice_tg', language_code: 'en' };

/** Alice types `command`, a bot command, in the group `chat`. */
const aliceTypesInChat = (chat: { id: number; type: string; title: string }, command: string) =>
  fake.pushUpdate({
    message: {
      message_id: 1,
      date: 1,
      chat,
      from: { is_bot: false, ...aliceTelegram },
      text: command,
      entities: commandEntities(command),
    },
  });
const bobTelegram = { id: 5002, first_name: 'Bob', language_code: 'en' };

async function call(user: TestUser | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) {
  return testApp.app.inject({
    method,
    url,
    headers: user?.headers ?? { origin: 'http://localhost:3000' },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** One idea as the app's list shows it. */
async function listedIdea(user: TestUser, ideaId: string): Promise<{ id: string; status: string }> {
  const response = await call(user, 'GET', '/api/ideas');
  expect(response.statusCode).toBe(200);
  const idea = (response.json() as { ideas: Array<{ id: string; status: string }> }).ideas.find(
    (listed) => listed.id === ideaId,
  );
  expect(idea, `idea ${ideaId} in the list`).toBeDefined();
  return idea!;
}

async function ideasOf(user: TestUser) {
  const response = await call(user, 'GET', '/api/ideas');
  expect(response.statusCode).toBe(200);
  return (
    response.json() as {
      ideas: Array<{ id: string; content: string; title: string; status: string; isAudioRecording: boolean }>;
    }
  ).ideas;
}

async function linkCode(user: TestUser) {
  const response = await call(user, 'POST', '/api/telegram/link-code');
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { code: string; deepLink: string | null; expiresAt: string };
}

beforeAll(async () => {
  transcription = await startTranscriptionDouble();
  transcription.answer = jsonAnswer(200, { text: 'Walked the dog along the river' });
  testApp = await createTelegramTestApp({
    env: {
      TRANSCRIPTION_BASE_URL: transcription.url,
      TELEGRAM_RETRY_LIMIT: '1',
      TELEGRAM_RETRY_DELAY_SECONDS: '1',
      // How long publishing waits on Telegram (15 s by default), short for the test that stops answering.
      TELEGRAM_TIMEOUT_SECONDS: '5',
    },
  });
  fake = testApp.fake;
  alice = await createUser(testApp.app);
  bob = await createUser(testApp.app);
}, 60_000);

afterAll(async () => {
  await testApp?.close();
  await transcription?.close();
});

beforeEach(() => {
  transcription.nextAnswers.length = 0;
});

describe('linking a chat', () => {
  it('needs a session, and says whether the server has a bot and which', async () => {
    expect((await call(null, 'GET', '/api/telegram')).statusCode).toBe(401);
    expect((await call(null, 'POST', '/api/telegram/link-code')).statusCode).toBe(401);
    const status = await call(alice, 'GET', '/api/telegram');
    expect(status.json()).toEqual({
      isConfigured: true,
      botUsername: 'life_updates_test_bot',
      link: null,
      chats: [],
    });
  });

  it('answers a chat that is not linked politely, in its own language, and saves nothing', async () => {
    fake.pushUpdate(privateMessage({ id: 7001, language_code: 'ru' }, { text: 'Привет' }));
    const russian = await fake.waitForMessage(7001, () => true);
    expect(russian.text).toContain('Этот чат ещё не привязан к учётной записи Life Updates');
    fake.pushUpdate(privateMessage({ id: 7002, language_code: 'en-GB' }, { text: 'Hello there' }));
    const english = await fake.waitForMessage(7002, () => true);
    expect(english.text).toContain('This chat is not connected to a Life Updates account yet');
    expect(english.text).toContain('Settings → Telegram');
    expect(await ideasOf(alice)).toEqual([]);
    expect(await ideasOf(bob)).toEqual([]);
  });

  it('gives a one-time code valid ten minutes with its deep link, stored only as a hash', async () => {
    const before = Date.now();
    const { code, deepLink, expiresAt } = await linkCode(alice);
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(deepLink).toBe(`https://t.me/life_updates_test_bot?start=${code}`);
    const validFor = new Date(expiresAt).getTime() - before;
    expect(validFor).toBeGreaterThan(9.9 * 60_000);
    expect(validFor).toBeLessThanOrEqual(10 * 60_000 + 5000);
    const [stored] = await testApp.database.db
      .select()
      .from(telegramLinkCodes)
      .where(eq(telegramLinkCodes.userId, alice.id));
    expect(stored?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.codeHash).not.toContain(code);
  });

  it('links through the deep link, and the code works once', async () => {
    const { code } = await linkCode(alice);
    fake.pushUpdate(
      privateMessage(aliceTelegram, { text: `/start ${code}`, entities: commandEntities(`/start ${code}`) }),
    );
    await fake.waitForMessage(aliceTelegram.id, (text) => text.startsWith('Done! This chat is now connected'));
    const status = (await call(alice, 'GET', '/api/telegram')).json();
    expect(status.link).toMatchObject({ username: 'alice_tg', firstName: 'Alice' });

    // The same code from another chat is refused.
    fake.pushUpdate(privateMessage({ id: 7003, language_code: 'en' }, { text: code }));
    await fake.waitForMessage(7003, (text) => text.startsWith('This code is not valid or has expired'));
    expect((await call(bob, 'GET', '/api/telegram')).json().link).toBeNull();
  });

  it('links with the code pasted as a message, and refuses an expired code', async () => {
    const { code } = await linkCode(bob);
    await testApp.database.db
      .update(telegramLinkCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(telegramLinkCodes.userId, bob.id));
    fake.pushUpdate(privateMessage(bobTelegram, { text: code }));
    await fake.waitForMessage(bobTelegram.id, (text) => text.startsWith('This code is not valid or has expired'));
    expect((await call(bob, 'GET', '/api/telegram')).json().link).toBeNull();

    const fresh = await linkCode(bob);
    fake.pushUpdate(
      privateMessage(bobTelegram, { text: ` ${fresh.code.slice(0, 4)}-${fresh.code.slice(4).toLowerCase()} ` }),
    );
    await fake.waitForMessage(bobTelegram.id, (text) => text.startsWith('Done! This chat is now connected'));
    expect((await call(bob, 'GET', '/api/telegram')).json().link).toMatchObject({ firstName: 'Bob' });
  });
});

describe('capturing ideas', () => {
  beforeAll(async () => {
    const status = (await call(alice, 'GET', '/api/telegram')).json();
    if (!status.link) await linkTelegramChat(testApp, alice, aliceTelegram);
  });
  beforeEach(async () => {
    await testApp.database.db.delete(ideas).where(eq(ideas.userId, alice.id));
  });

  it('saves a text message as a Raw idea of the linked account only, and replies with its title and My Stories', async () => {
    fake.pushUpdate(privateMessage(aliceTelegram, { text: 'Finished the garden fence with my neighbour today' }));
    const reply = await fake.waitForMessage(aliceTelegram.id, (text) => text.startsWith('Saved as a Raw idea'));
    expect(reply.text).toBe(
      'Saved as a Raw idea: “Finished the garden...”\nMy Stories: http://localhost:3000/dashboard',
    );
    const ideas = await ideasOf(alice);
    expect(ideas).toEqual([
      expect.objectContaining({
        content: 'Finished the garden fence with my neighbour today',
        status: 'raw',
        isAudioRecording: false,
      }),
    ]);
    expect(await ideasOf(bob)).toEqual([]);
  });

  it('saves the text of a forward; a sticker gets an explanation (photos: telegram-photos.test.ts)', async () => {
    fake.pushUpdate(
      privateMessage(aliceTelegram, {
        forward_origin: { type: 'user', date: 1, sender_user: { id: 99, is_bot: false, first_name: 'Carol' } },
        text: 'Carol got the job she wanted',
      }),
    );
    await fake.waitForMessage(aliceTelegram.id, (text) => text.includes('“Carol got the...”'));
    fake.pushUpdate(
      privateMessage(aliceTelegram, {
        sticker: {
          file_id: 's1',
          file_unique_id: 's1u',
          type: 'regular',
          width: 512,
          height: 512,
          is_animated: false,
          is_video: false,
        },
      }),
    );
    await fake.waitForMessage(aliceTelegram.id, (text) => text.startsWith('I can save text, photos, forwards'));
    expect((await ideasOf(alice)).map((idea) => idea.content)).toEqual(['Carol got the job she wanted']);
  });

  it('refuses a 20,000-character message, naming the limit, and saves nothing', async () => {
    fake.pushUpdate(privateMessage(aliceTelegram, { text: 'a'.repeat(20_000) }));
    const reply = await fake.waitForMessage(aliceTelegram.id, (text) =>
      text.startsWith('Not saved: an idea can be at most'),
    );
    expect(reply.text).toBe('Not saved: an idea can be at most 10000 characters long, and this message has 20000.');
    expect(await ideasOf(alice)).toEqual([]);
  });

  it('names the open-ideas limit when the account is at it', async () => {
    await testApp.database.db.update(userSettings).set({ maxIdeas: 1 }).where(eq(userSettings.userId, alice.id));
    try {
      fake.pushUpdate(privateMessage(aliceTelegram, { text: 'First idea fits' }));
      await fake.waitForMessage(aliceTelegram.id, (text) => text.includes('“First idea fits”'));
      fake.pushUpdate(privateMessage(aliceTelegram, { text: 'Second idea does not' }));
      const reply = await fake.waitForMessage(aliceTelegram.id, (text) =>
        text.startsWith('Not saved: you have reached'),
      );
      expect(reply.text).toContain('the limit of 1 open ideas');
      expect((await ideasOf(alice)).map((idea) => idea.content)).toEqual(['First idea fits']);
    } finally {
      await testApp.database.db.update(userSettings).set({ maxIdeas: 10 }).where(eq(userSettings.userId, alice.id));
    }
  });

  it('downloads a voice message, transcribes it and saves it marked as audio', async () => {
    const audio = new Uint8Array([0x4f, 0x67, 0x67, 0x53, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    fake.addFile('voice-1', audio);
    const filesBefore = transcription.received.length;
    fake.pushUpdate(
      privateMessage(aliceTelegram, {
        voice: {
          file_id: 'voice-1',
          file_unique_id: 'v1u',
          duration: 2,
          mime_type: 'audio/ogg',
          file_size: audio.length,
        },
      }),
    );
    const reply = await fake.waitForMessage(aliceTelegram.id, (text) => text.startsWith('Transcribed and saved'));
    expect(reply.text).toContain('“Walked the dog...”');
    expect(reply.text).toContain('http://localhost:3000/dashboard');
    expect(
      transcription.received
        .slice(filesBefore)
        .map(({ fileName, fileType, fileSize }) => [fileName, fileType, fileSize]),
    ).toEqual([['recording.ogg', 'audio/ogg', audio.length]]);
    expect(fake.calls.some((apiCall) => apiCall.method === 'getFile' && apiCall.params.file_id === 'voice-1')).toBe(
      true,
    );
    expect(await ideasOf(alice)).toEqual([
      expect.objectContaining({
        content: 'Walked the dog along the river',
        isAudioRecording: true,
        status: 'raw',
      }),
    ]);
  });

  it('retries when transcription fails, saving the idea once it works', async () => {
    fake.addFile('voice-2', new Uint8Array([1, 2, 3]));
    transcription.nextAnswers.push(jsonAnswer(503, { error: { message: 'overloaded' } }));
    transcription.nextAnswers.push(jsonAnswer(200, { text: 'Second try works fine' }));
    const filesBefore = transcription.received.length;
    fake.pushUpdate(
      privateMessage(aliceTelegram, { voice: { file_id: 'voice-2', file_unique_id: 'v2u', duration: 1 } }),
    );
    await fake.waitForMessage(aliceTelegram.id, (text) => text.includes('“Second try works...”'), 30_000);
    expect(transcription.received.length - filesBefore).toBe(2);
    expect((await ideasOf(alice)).map((idea) => idea.content)).toEqual(['Second try works fine']);
  });

  it('tells the sender when the last try fails too, and saves nothing', async () => {
    fake.addFile('voice-3', new Uint8Array([1, 2, 3]));
    transcription.nextAnswers.push(jsonAnswer(500, {}), jsonAnswer(500, {}));
    fake.pushUpdate(
      privateMessage(aliceTelegram, { voice: { file_id: 'voice-3', file_unique_id: 'v3u', duration: 1 } }),
    );
    await fake.waitForMessage(
      aliceTelegram.id,
      (text) => text.startsWith('Sorry, I could not save this message'),
      30_000,
    );
    expect(await ideasOf(alice)).toEqual([]);
  });

  it('refuses a voice note over the 20 MB a bot may download at once, without asking Telegram for it', async () => {
    const filesBefore = transcription.received.length;
    const sorryBefore = fake.sentMessages().filter((message) => message.text.startsWith('Sorry')).length;
    const size = 21 * 1024 * 1024;
    fake.pushUpdate(
      privateMessage(aliceTelegram, {
        voice: {
          file_id: 'voice-huge',
          file_unique_id: 'vhu',
          duration: 9000,
          mime_type: 'audio/ogg',
          file_size: size,
        },
      }),
    );
    const reply = await fake.waitForMessage(aliceTelegram.id, (text) => text.includes('20 MB'));
    expect(reply.text).toBe(
      'This recording is larger than 20 MB, the most Telegram lets a bot download. Please send a shorter one.',
    );
    expect(fake.calls.filter((apiCall) => apiCall.params.file_id === 'voice-huge')).toEqual([]);
    expect(transcription.received.length).toBe(filesBefore);
    expect(fake.sentMessages().filter((message) => message.text.startsWith('Sorry')).length).toBe(sorryBefore);
    expect(await ideasOf(alice)).toEqual([]);
  });

  it('says the same when only getFile tells the size (Telegram\'s "file is too big"), after one try', async () => {
    fake.addFile('audio-huge', new Uint8Array(21 * 1024 * 1024));
    const sorryBefore = fake.sentMessages().filter((message) => message.text.startsWith('Sorry')).length;
    const before = fake.sentMessages().length;
    // An audio file sent without a caption is a recording too; this one carries no file_size.
    fake.pushUpdate(
      privateMessage(aliceTelegram, {
        audio: { file_id: 'audio-huge', file_unique_id: 'ahu', duration: 9000, mime_type: 'audio/mpeg' },
      }),
    );
    await expect
      .poll(
        () =>
          fake
            .sentMessages()
            .slice(before)
            .map((message) => message.text),
        { timeout: 15_000 },
      )
      .toContain(
        'This recording is larger than 20 MB, the most Telegram lets a bot download. Please send a shorter one.',
      );
    expect(
      fake.calls.filter((apiCall) => apiCall.method === 'getFile' && apiCall.params.file_id === 'audio-huge'),
    ).toHaveLength(1);
    expect(fake.sentMessages().filter((message) => message.text.startsWith('Sorry')).length).toBe(sorryBefore);
    expect(await ideasOf(alice)).toEqual([]);
  });

  it('transcribes an audio file sent without a caption', async () => {
    const audio = new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0, 1, 2, 3]);
    fake.addFile('audio-1', audio);
    transcription.nextAnswers.push(jsonAnswer(200, { text: 'Recorded the band rehearsal' }));
    fake.pushUpdate(
      privateMessage(aliceTelegram, {
        audio: {
          file_id: 'audio-1',
          file_unique_id: 'a1u',
          duration: 3,
          mime_type: 'audio/mpeg',
          file_size: audio.length,
        },
      }),
    );
    await fake.waitForMessage(aliceTelegram.id, (text) => text.includes('“Recorded the band...”'));
    expect(await ideasOf(alice)).toEqual([
      expect.objectContaining({ content: 'Recorded the band rehearsal', isAudioRecording: true }),
    ]);
  });

  it('answers again without a second idea when the reply failed the first time', async () => {
    fake.failNext('sendMessage', { error_code: 400, description: 'Bad Request: message is too long' });
    const updateId = fake.pushUpdate(privateMessage(aliceTelegram, { text: 'Only saved once please' }));
    await fake.waitForMessage(aliceTelegram.id, (text) => text.includes('“Only saved once...”'), 30_000);
    expect(updateId).toBeGreaterThan(0);
    expect((await ideasOf(alice)).map((idea) => idea.content)).toEqual(['Only saved once please']);
  });

  it('confirms updates to Telegram only after queueing them', async () => {
    // Everything pushed so far was taken from getUpdates with a later offset, so none is pending.
    await expect.poll(() => fake.unconfirmed(), { timeout: 5000 }).toBe(0);
  });
});

describe('no transcription configured', () => {
  it('says voice needs speech-to-text', async () => {
    const own = await createTelegramTestApp({ fake: { token: '777:other-bot-token', botUsername: 'other_bot' } });
    const ownFake = own.fake;
    try {
      const user = await createUser(own.app);
      await linkTelegramChat(own, user, aliceTelegram, { pasted: true });
      ownFake.addFile('v', new Uint8Array([1]));
      ownFake.pushUpdate(privateMessage(aliceTelegram, { voice: { file_id: 'v', file_unique_id: 'vu', duration: 1 } }));
      const reply = await ownFake.waitForMessage(aliceTelegram.id, (text) => text.startsWith('Voice messages need'));
      expect(reply.text).toContain('not set up on this server');
    } finally {
      await own.close();
    }
  });
});

describe('channels and publishing', () => {
  const groupId = -1001111111111;
  const channelId = -1002222222222;
  let channelRowId: string;
  let groupRowId: string;

  beforeAll(async () => {
    if (!(await call(alice, 'GET', '/api/telegram')).json().link) await linkTelegramChat(testApp, alice, aliceTelegram);
  });

  it('connects a group through /connect once the bot can write there and the sender is an administrator', async () => {
    const group = { id: groupId, type: 'supergroup', title: 'Family <Group>' } as const;
    fake.setChat({ ...group, permissions: { can_send_messages: false } });
    const connect = () => aliceTypesInChat(group, '/connect@life_updates_test_bot');
    // The bot cannot write in the group: the missing right is named in the sender's private chat.
    fake.setMember(groupId, fake.bot.id, 'restricted', { can_send_messages: false });
    connect();
    const restricted = await fake.waitForMessage(aliceTelegram.id, (text) => text.startsWith('I am not allowed'));
    expect(restricted.text).toBe(
      'I am not allowed to send messages in “Family <Group>”. An administrator can allow it in my permissions there (“Send messages”); then send /connect there again.',
    );
    fake.setMember(groupId, fake.bot.id, 'member');
    connect();
    const muted = await fake.waitForMessage(aliceTelegram.id, (text) => text.startsWith('Members may not send'));
    expect(muted.text).toContain('allow members to “Send messages”');
    expect((await call(alice, 'GET', '/api/telegram')).json().chats).toEqual([]);

    // Now it can write (a plain member of a group where members write); the sender must be an administrator.
    fake.setChat({ ...group, permissions: { can_send_messages: true } });
    fake.setMember(groupId, aliceTelegram.id, 'member');
    connect();
    await fake.waitForMessage(groupId, (text) => text === 'Only an administrator of this chat can connect it.');
    expect((await call(alice, 'GET', '/api/telegram')).json().chats).toEqual([]);
    fake.setMember(groupId, aliceTelegram.id, 'creator');
    connect();
    await fake.waitForMessage(groupId, (text) => text.startsWith('“Family <Group>” is connected'));
    const chats = (await call(alice, 'GET', '/api/telegram')).json().chats;
    expect(chats).toEqual([expect.objectContaining({ title: 'Family <Group>', type: 'supergroup', username: null })]);
    groupRowId = chats[0].id;
    expect((await call(bob, 'GET', '/api/telegram')).json().chats).toEqual([]);
  });

  it('connects a channel when a linked administrator forwards one of its posts, once the bot may post there', async () => {
    const channel = { id: channelId, type: 'channel', title: 'Alice writes', username: 'alice_writes' } as const;
    fake.setChat(channel);
    fake.setMember(channelId, fake.bot.id, 'administrator', { can_post_messages: false });
    fake.setMember(channelId, aliceTelegram.id, 'member');
    const forward = (messageId: number, text: string) =>
      fake.pushUpdate(
        privateMessage(aliceTelegram, {
          forward_origin: { type: 'channel', chat: channel, message_id: messageId, date: 1 },
          text,
        }),
      );
    // Not an administrator of the channel: the forward is only an idea.
    forward(9, 'Someone else wrote this');
    await fake.waitForMessage(aliceTelegram.id, (text) => text.includes('“Someone else wrote...”'));
    expect((await call(alice, 'GET', '/api/telegram')).json().chats).toHaveLength(1);
    fake.setMember(channelId, aliceTelegram.id, 'creator');
    // The bot is an administrator without "Post messages": the right is named, nothing is connected or saved.
    forward(10, 'An older post');
    const missing = await fake.waitForMessage(aliceTelegram.id, (text) => text.startsWith('I am an administrator'));
    expect(missing.text).toBe(
      "I am an administrator of “Alice writes”, but without the right “Post messages”. Turn it on for me in the channel's administrators, then forward a post again.",
    );
    expect((await call(alice, 'GET', '/api/telegram')).json().chats).toHaveLength(1);
    expect((await ideasOf(alice)).map((idea) => idea.content)).not.toContain('An older post');

    fake.setMember(channelId, fake.bot.id, 'administrator', { can_post_messages: true });
    forward(11, 'An older post');
    await fake.waitForMessage(aliceTelegram.id, (text) => text.startsWith('“Alice writes” is connected'));
    const chats = (await call(alice, 'GET', '/api/telegram')).json().chats as Array<{
      id: string;
      title: string;
    }>;
    channelRowId = chats.find((item) => item.title === 'Alice writes')!.id;
  });

  async function newIdea(user: TestUser, content: string) {
    const response = await call(user, 'POST', '/api/ideas', { content });
    expect(response.statusCode).toBe(201);
    return (response.json() as { id: string }).id;
  }
  const preferences = { ...defaultPreferences, platform: 'telegram' };

  /** Sends a text to the user's chats through the share pipeline; the answer of POST /api/shares/send. */
  const sendToChats = (user: TestUser, ideaIds: string[], text: string, telegramChatIds: string[]) =>
    call(user, 'POST', '/api/shares/send', { ideaIds, text, preferences, destinations: { telegramChatIds } });

  /** Sends a text to one chat and waits, as the web client polls, until its delivery is done. */
  async function postToChat(user: TestUser, ideaIds: string[], text: string, chatRowId: string) {
    const response = await sendToChats(user, ideaIds, text, [chatRowId]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ outcome: 'queued', queued: 1 });
    const shareId = (response.json() as { shareId: string }).shareId;
    const done = await waitForDeliveries(testApp.app, user, shareId);
    expect(done.deliveries).toHaveLength(1);
    return { shareId, shareStatus: done.shareStatus, delivery: done.deliveries[0]! };
  }

  const storedDelivery = async (shareId: string) =>
    (await testApp.database.db.select().from(deliveries).where(eq(deliveries.shareId, shareId)))[0]!;

  it('publishes escaped HTML, split at paragraph boundaries, stores the link and marks the idea sent', async () => {
    const ideaId = await newIdea(alice, 'Shipped the release');
    const paragraph = `Tom & Jerry <3 "quotes" ${'x'.repeat(2500)}`;
    const text = `${paragraph}\n\n${paragraph}`;
    const before = fake.sentMessages().length;
    const { shareId, shareStatus, delivery } = await postToChat(alice, [ideaId], text, channelRowId);
    const sent = fake.sentMessages().slice(before);
    const escaped = `Tom &amp; Jerry &lt;3 "quotes" ${'x'.repeat(2500)}`;
    expect(sent).toEqual([
      expect.objectContaining({ chat_id: channelId, text: escaped, parse_mode: 'HTML' }),
      expect.objectContaining({ chat_id: channelId, text: escaped, parse_mode: 'HTML' }),
    ]);
    expect(delivery).toMatchObject({ channel: 'telegram', status: 'published', recipientName: 'Alice writes' });
    expect(delivery.link).toMatch(/^https:\/\/t\.me\/alice_writes\/\d+$/);
    expect(shareStatus).toBe('sent');
    // Both messages of the post are kept.
    expect((await storedDelivery(shareId)).providerMessageId?.split(',')).toHaveLength(2);
    const idea = await listedIdea(alice, ideaId);
    expect(idea.status).toBe('sent');
  });

  it('waits out a 429 retry_after and then publishes', async () => {
    const ideaId = await newIdea(alice, 'Rate limited post');
    fake.failNext('sendMessage', { error_code: 429, description: 'Too Many Requests: retry after 1', retry_after: 1 });
    const before = fake.sentMessages().length;
    const startedAt = Date.now();
    const { delivery } = await postToChat(alice, [ideaId], 'Hello <world>', groupRowId);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(900);
    // The refused call and the one Telegram took.
    expect(fake.calls.filter((apiCall) => apiCall.method === 'sendMessage').slice(-2)).toEqual([
      { method: 'sendMessage', params: expect.objectContaining({ chat_id: groupId, text: 'Hello &lt;world&gt;' }) },
      { method: 'sendMessage', params: expect.objectContaining({ chat_id: groupId, text: 'Hello &lt;world&gt;' }) },
    ]);
    expect(fake.sentMessages().slice(before)).toEqual([
      expect.objectContaining({ chat_id: groupId, text: 'Hello &lt;world&gt;' }),
    ]);
    expect(delivery.status).toBe('published');
    expect(delivery.link).toMatch(/^https:\/\/t\.me\/c\/1111111111\/\d+$/);
  });

  it("shows Telegram's refusal clearly and leaves the idea unsent", async () => {
    const ideaId = await newIdea(alice, 'Bot was removed');
    fake.failNext('sendMessage', {
      error_code: 403,
      description: 'Forbidden: bot is not a member of the channel chat',
    });
    const { shareStatus, delivery } = await postToChat(alice, [ideaId], 'Will not arrive', channelRowId);
    expect(delivery).toMatchObject({
      status: 'failed',
      error: 'Telegram refused the post: Forbidden: bot is not a member of the channel chat',
      // Telegram answered: sending it again would be refused the same way.
      canRetry: false,
      link: null,
    });
    expect(shareStatus).toBe('failed');
    // Not sent: its text stays in its share, saved for later.
    expect((await listedIdea(alice, ideaId)).status).toBe('saved_for_later');
  });

  it("never reaches another user's channel or idea, and takes no raw chat id", async () => {
    const bobIdea = await newIdea(bob, 'Bob idea');
    const aliceIdea = await newIdea(alice, 'Alice idea');
    const before = fake.sentMessages().length;
    const sharesBefore = (await testApp.database.db.select({ id: shares.id }).from(shares)).length;
    const bobToAliceChannel = await sendToChats(bob, [bobIdea], 'Hijack', [channelRowId]);
    expect(bobToAliceChannel.statusCode).toBe(404);
    const aliceWithBobIdea = await sendToChats(alice, [bobIdea], 'Not mine', [channelRowId]);
    expect(aliceWithBobIdea.statusCode).toBe(404);
    const rawChatId = await sendToChats(alice, [aliceIdea], 'Raw id', [String(channelId)]);
    expect(rawChatId.statusCode).toBe(400);
    expect(fake.sentMessages().length).toBe(before);
    // Nothing was written for any of them.
    expect((await testApp.database.db.select({ id: shares.id }).from(shares)).length).toBe(sharesBefore);
    expect((await listedIdea(alice, aliceIdea)).status).toBe('raw');
    expect((await call(bob, 'DELETE', `/api/telegram/chats/${channelRowId}`)).statusCode).toBe(404);
  });

  /** A basic group connected by Alice through /connect (the bot a plain member, Alice its creator). */
  async function connectBasicGroup(id: number, title: string) {
    const group = { id, type: 'group', title } as const;
    fake.setChat({ ...group, permissions: { can_send_messages: true } });
    fake.setMember(id, fake.bot.id, 'member');
    fake.setMember(id, aliceTelegram.id, 'creator');
    aliceTypesInChat(group, '/connect');
    await fake.waitForMessage(id, (text) => text.startsWith(`“${title}” is connected`));
    const chats = (await call(alice, 'GET', '/api/telegram')).json().chats as Array<{
      id: string;
      title: string;
    }>;
    return chats.find((item) => item.title === title)!.id;
  }

  it('follows migrate_to_chat_id when a group has become a supergroup: the stored chat moves, the post is sent again once', async () => {
    const oldId = -400111;
    const newId = -1004001110000;
    const rowId = await connectBasicGroup(oldId, 'Book club');
    fake.migrateGroup(oldId, newId, { serviceMessages: false });
    const ideaId = await newIdea(alice, 'Finished the novel');
    const { delivery } = await postToChat(alice, [ideaId], 'We finished the novel', rowId);
    expect(delivery.status).toBe('published');
    const sends = fake.calls.filter(
      (apiCall) => apiCall.method === 'sendMessage' && apiCall.params.text === 'We finished the novel',
    );
    expect(sends.map((apiCall) => apiCall.params.chat_id)).toEqual([oldId, newId]);
    expect(delivery.link).toMatch(/^https:\/\/t\.me\/c\/4001110000\/\d+$/);
    const channel = (await call(alice, 'GET', '/api/telegram'))
      .json()
      .chats.find((item: { id: string }) => item.id === rowId);
    expect(channel).toMatchObject({ title: 'Book club', type: 'supergroup' });
    expect((await listedIdea(alice, ideaId)).status).toBe('sent');

    // The next post goes to the new id straight away.
    const next = await newIdea(alice, 'Next meeting');
    expect((await postToChat(alice, [next], 'Next meeting', rowId)).delivery.status).toBe('published');
    expect(
      fake.calls
        .filter((apiCall) => apiCall.method === 'sendMessage' && apiCall.params.text === 'Next meeting')
        .map((apiCall) => apiCall.params.chat_id),
    ).toEqual([newId]);
  });

  it("follows the group's migration service message before anything is sent", async () => {
    const oldId = -400222;
    const newId = -1004002220000;
    const rowId = await connectBasicGroup(oldId, 'Choir');
    fake.migrateGroup(oldId, newId);
    await expect
      .poll(
        async () =>
          (await call(alice, 'GET', '/api/telegram')).json().chats.find((item: { id: string }) => item.id === rowId)
            ?.type,
        { timeout: 15_000 },
      )
      .toBe('supergroup');
    const ideaId = await newIdea(alice, 'Concert on Sunday');
    const { delivery } = await postToChat(alice, [ideaId], 'Concert on Sunday', rowId);
    expect(delivery.status).toBe('published');
    expect(
      fake.calls
        .filter((apiCall) => apiCall.method === 'sendMessage' && apiCall.params.text === 'Concert on Sunday')
        .map((apiCall) => apiCall.params.chat_id),
    ).toEqual([newId]);
  });

  it('tells when Telegram stops answering in the middle of a post, and marks nothing published', async () => {
    const ideaId = await newIdea(alice, 'Long story');
    const paragraph = 'y'.repeat(3000);
    fake.stallNext('sendMessage', { skip: 1 });
    const before = fake.sentMessages().length;
    const { shareStatus, delivery } = await postToChat(alice, [ideaId], `${paragraph}\n\n${paragraph}`, channelRowId);
    expect(delivery).toMatchObject({
      status: 'failed',
      error:
        'Telegram stopped answering after 1 of the 2 messages of this post. It is not marked as published here: check the channel before you publish it again.',
      // Not sent again by itself (the reader may have it); the user may, after checking.
      canRetry: true,
      attempts: 1,
      link: null,
    });
    expect(shareStatus).toBe('failed');
    expect(fake.sentMessages().length - before).toBe(1);
    expect((await listedIdea(alice, ideaId)).status).toBe('saved_for_later');
  });

  it('removes a channel, and unlinks from the web and from the bot', async () => {
    const chatsBefore = (await call(alice, 'GET', '/api/telegram')).json().chats as Array<{ id: string }>;
    expect((await call(alice, 'DELETE', `/api/telegram/chats/${groupRowId}`)).statusCode).toBe(204);
    const chatsAfter = (await call(alice, 'GET', '/api/telegram')).json().chats as Array<{ id: string }>;
    expect(chatsAfter.map((chat) => chat.id)).toEqual(
      chatsBefore.map((chat) => chat.id).filter((id) => id !== groupRowId),
    );

    expect((await call(bob, 'DELETE', '/api/telegram/link')).statusCode).toBe(204);
    expect((await call(bob, 'GET', '/api/telegram')).json().link).toBeNull();
    fake.pushUpdate(privateMessage(bobTelegram, { text: 'After unlinking' }));
    await fake.waitForMessage(bobTelegram.id, (text) => text.includes('This chat is not connected'));

    fake.pushUpdate(privateMessage(aliceTelegram, { text: '/unlink', entities: commandEntities('/unlink') }));
    await fake.waitForMessage(aliceTelegram.id, (text) =>
      text.startsWith('This chat is disconnected from Life Updates'),
    );
    expect((await call(alice, 'GET', '/api/telegram')).json().link).toBeNull();
  });
});

describe('without a bot token', () => {
  it('says Telegram is not set up, and refuses codes and posts with a clear message', async () => {
    const plain = await createTestApp();
    try {
      const user = await createUser(plain.app);
      const status = await plain.app.inject({ method: 'GET', url: '/api/telegram', headers: user.headers });
      expect(status.json()).toEqual({ isConfigured: false, botUsername: null, link: null, chats: [] });
      const code = await plain.app.inject({ method: 'POST', url: '/api/telegram/link-code', headers: user.headers });
      expect(code.statusCode).toBe(409);
      expect(code.json()).toEqual({
        code: 'TELEGRAM_NOT_CONFIGURED',
        message: 'Telegram is not set up on this server.',
      });
      const idea = await plain.app.inject({
        method: 'POST',
        url: '/api/ideas',
        headers: user.headers,
        payload: { content: 'No bot here' },
      });
      const post = await plain.app.inject({
        method: 'POST',
        url: '/api/shares/send',
        headers: user.headers,
        payload: {
          ideaIds: [(idea.json() as { id: string }).id],
          text: 'No bot here',
          preferences: defaultPreferences,
          destinations: { telegramChatIds: ['00000000-0000-4000-8000-000000000000'] },
        },
      });
      expect(post.statusCode).toBe(409);
      expect(post.json()).toEqual({
        code: 'TELEGRAM_NOT_CONFIGURED',
        message: 'Telegram is not set up on this server.',
      });
      const webhook = await plain.app.inject({
        method: 'POST',
        url: '/api/telegram/webhook',
        payload: { update_id: 1 },
      });
      expect(webhook.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe('webhook', () => {
  it('is set with a secret token, refuses calls without it, and queues the update', async () => {
    const baseUrl = 'https://updates.example';
    const own = await createTelegramTestApp({
      fake: { token: '888:webhook-bot-token', botUsername: 'hook_bot' },
      baseUrl,
      env: { TELEGRAM_WEBHOOK: 'true' },
    });
    const { app, fake: ownFake } = own;
    try {
      const setWebhook = ownFake.calls.find((apiCall) => apiCall.method === 'setWebhook');
      expect(setWebhook?.params).toMatchObject({ url: `${baseUrl}/api/telegram/webhook` });
      const secret = setWebhook?.params.secret_token as string;
      expect(secret).toMatch(/^[A-Za-z0-9_-]{20,256}$/);
      expect(ownFake.calls.some((apiCall) => apiCall.method === 'getUpdates')).toBe(false);

      const update = { update_id: 42, ...privateMessage({ id: 9001, language_code: 'en' }, { text: 'hello' }) };
      const post = (headers: Record<string, string>) =>
        app.inject({ method: 'POST', url: '/api/telegram/webhook', headers, payload: update });
      expect((await post({})).statusCode).toBe(401);
      expect((await post({ 'x-telegram-bot-api-secret-token': 'wrong' })).statusCode).toBe(401);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(ownFake.sentMessages()).toEqual([]);

      expect((await post({ 'x-telegram-bot-api-secret-token': secret })).statusCode).toBe(200);
      await ownFake.waitForMessage(9001, (text) => text.includes('This chat is not connected'));
    } finally {
      await own.close();
    }
  });
});
