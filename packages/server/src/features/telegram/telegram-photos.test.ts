import { defaultPreferences } from '@life-updates/contract/preferences';
import { and, eq } from 'drizzle-orm';
import { Api, GrammyError, InputFile } from 'grammy';
import type { Update } from 'grammy/types';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deliveries, ideaPhotos, ideas, telegramChats, telegramUpdates } from '../../db/schema.ts';
import { waitForDeliveries } from '../../../test/doubles/email-fixtures.ts';
import { privateMessage, type FakeTelegramApi } from '../../../test/doubles/telegram.ts';
import {
  addPhoto,
  addPhotos,
  expectMiddleColour,
  expectNoMetadata,
  listPhotos,
  phoneJpeg,
  plainPng,
  storedImage,
} from '../../../test/photo-uploads.ts';
import { createTelegramTestApp, linkTelegramChat, type TelegramTestApp } from '../../../test/telegram-app.ts';
import { createIdea, createUser, type TestUser } from '../../../test/test-app.ts';
import { createUpdateHandler } from './telegram-updates.ts';

/**
 * Photos in and out of Telegram through the real app: grammY talks to the Bot API stand-in
 * (test/doubles/telegram.ts), which serves files for getFile and takes multipart uploads for
 * sendPhoto and sendMediaGroup; photos are processed by sharp and stored in MEDIA_DIR.
 */

let fake: FakeTelegramApi;
let testApp: TelegramTestApp;
let alice: TestUser;

const aliceTelegram = { id: 6001, first_name: 'Alice', username: 'alice_photos', language_code: 'en' };
const channel = {
  id: -1003333333333,
  type: 'channel',
  title: 'Alice in pictures',
  username: 'alice_pictures',
} as const;
let channelRowId: string;

/**
 * A photo message's sizes as Telegram sends them (Message.photo, smallest first): a thumbnail, and
 * the photo itself, whose file the bot must take.
 */
async function photoSizes(fileId: string, width: number, colour: string) {
  const full = await phoneJpeg({ width, height: 300, colour });
  const thumbnail = await sharp({ create: { width: 90, height: 60, channels: 3, background: '#000000' } })
    .jpeg()
    .toBuffer();
  fake.addFile(`${fileId}-thumb`, thumbnail, 'photos');
  fake.addFile(fileId, full, 'photos');
  return [
    {
      file_id: `${fileId}-thumb`,
      file_unique_id: `${fileId}-thumb-u`,
      width: 90,
      height: 60,
      file_size: thumbnail.length,
    },
    { file_id: fileId, file_unique_id: `${fileId}-u`, width, height: 300, file_size: full.length },
  ];
}

async function ideasOf(user: TestUser) {
  const response = await testApp.app.inject({ method: 'GET', url: '/api/ideas', headers: user.headers });
  expect(response.statusCode).toBe(200);
  return (response.json() as { ideas: Array<{ id: string; content: string; title: string }> }).ideas;
}

/**
 * A second handler of updates on the same database and bot, as another instance of the server runs:
 * updates given to it are handled at once, beside the worker's own.
 */
async function anotherInstance() {
  const runtime = testApp.app.deps.telegram!;
  const botInfo = (await runtime.getBotInfo())!;
  return createUpdateHandler(
    {
      db: testApp.database.db,
      publicAddress: testApp.app.publicAddress,
      runtime,
      transcription: async () => null,
      media: testApp.app.deps.media,
      log: testApp.app.log,
    },
    botInfo,
  );
}

let nextDirectUpdateId = 500_000;
/** An update as Telegram sends it, with an update_id of its own (not from the double's queue). */
const asUpdate = (update: ReturnType<typeof privateMessage>): Update =>
  ({ ...update, update_id: nextDirectUpdateId++ }) as unknown as Update;

beforeAll(async () => {
  testApp = await createTelegramTestApp({
    env: {
      TELEGRAM_RETRY_LIMIT: '1',
      TELEGRAM_RETRY_DELAY_SECONDS: '1',
      TELEGRAM_TIMEOUT_SECONDS: '5',
      // A post that failed in a way that may pass is tried once more, a second later.
      EMAIL_RETRY_LIMIT: '1',
      EMAIL_RETRY_DELAY_SECONDS: '1',
    },
  });
  fake = testApp.fake;
  alice = await createUser(testApp.app);
  await linkTelegramChat(testApp, alice, aliceTelegram);

  fake.setChat(channel);
  fake.setMember(channel.id, fake.bot.id, 'administrator', { can_post_messages: true });
  const [row] = await testApp.database.db
    .insert(telegramChats)
    .values({
      userId: alice.id,
      telegramChatId: channel.id,
      title: channel.title,
      username: channel.username,
      type: 'channel',
    })
    .returning();
  channelRowId = row!.id;
}, 60_000);

afterAll(async () => {
  await testApp?.close();
});

describe('photos sent to the bot', () => {
  beforeEach(async () => {
    await testApp.database.db.delete(ideas).where(eq(ideas.userId, alice.id));
  });

  it('saves a photo with its caption as one idea with the largest size, without its metadata', async () => {
    fake.pushUpdate(
      privateMessage(aliceTelegram, {
        photo: await photoSizes('single', 640, '#cc2200'),
        caption: 'Our new front door',
      }),
    );
    const reply = await fake.waitForMessage(aliceTelegram.id, (text) => text.includes('“Our new front...”'));
    expect(reply.text).toBe(
      'Saved as a Raw idea with its photo: “Our new front...”\nMy Stories: http://localhost:3000/dashboard',
    );
    const [idea, ...others] = await ideasOf(alice);
    expect(others).toEqual([]);
    expect(idea!.content).toBe('Our new front door');
    const photos = await listPhotos(testApp.app, alice, idea!.id);
    // The photo itself, not the 90 px thumbnail Telegram sends beside it.
    expect(photos).toEqual([expect.objectContaining({ width: 640, height: 300 })]);
    const image = await storedImage(testApp.app, alice, photos[0]!);
    await expectNoMetadata(image);
    await expectMiddleColour(image, '#cc2200');
  });

  it('makes an album one idea with all its photos in the order sent, the caption its text', async () => {
    const mediaGroupId = '13579111315';
    const album = [
      { id: 'album-1', width: 400, colour: '#ff0000', caption: 'A weekend in Porto' },
      { id: 'album-2', width: 500, colour: '#00ff00' },
      { id: 'album-3', width: 600, colour: '#0000ff' },
    ];
    // Telegram sends an album as one message per photo, each its own update, sharing media_group_id;
    // the caption comes on one of them (https://core.telegram.org/bots/api#message).
    for (const [index, item] of album.entries()) {
      fake.pushUpdate(
        privateMessage(aliceTelegram, {
          message_id: 7000 + index,
          media_group_id: mediaGroupId,
          photo: await photoSizes(item.id, item.width, item.colour),
          ...(item.caption ? { caption: item.caption } : {}),
        }),
      );
    }
    await fake.waitForMessage(aliceTelegram.id, (text) => text.includes('“A weekend in...”'));
    await expect
      .poll(
        async () =>
          (await ideasOf(alice)).length > 0 &&
          (await listPhotos(testApp.app, alice, (await ideasOf(alice))[0]!.id)).length,
        { timeout: 15_000 },
      )
      .toBe(3);
    const ideasNow = await ideasOf(alice);
    expect(ideasNow.map((idea) => idea.content)).toEqual(['A weekend in Porto']);
    const photos = await listPhotos(testApp.app, alice, ideasNow[0]!.id);
    expect(photos.map((photo) => [photo.position, photo.width])).toEqual([
      [0, 400],
      [1, 500],
      [2, 600],
    ]);
    for (const [index, photo] of photos.entries()) {
      const image = await storedImage(testApp.app, alice, photo);
      await expectNoMetadata(image);
      await expectMiddleColour(image, album[index]!.colour);
    }
    // One reply for the album, not one per photo.
    expect(fake.sentMessages().filter((message) => message.text.includes('“A weekend in...”'))).toHaveLength(1);
  });

  it('keeps one idea and the order when two instances handle an album at once, the caption arriving last', async () => {
    const first = await anotherInstance();
    const second = await anotherInstance();
    const mediaGroupId = '24680246802';
    const message = async (index: number, width: number, colour: string, caption?: string) =>
      asUpdate(
        privateMessage(aliceTelegram, {
          message_id: 8000 + index,
          media_group_id: mediaGroupId,
          photo: await photoSizes(`race-${index}`, width, colour),
          ...(caption ? { caption } : {}),
        }),
      );
    const updates = [
      await message(0, 410, '#ff0000', 'Snow on the hills'),
      await message(1, 420, '#00ff00'),
      await message(2, 430, '#0000ff'),
    ];
    // The first photo (with the caption) downloads slowly: the others are saved before it.
    fake.delayDownload('race-0', 700);
    await Promise.all([
      first.handleUpdate(updates[0]!),
      second.handleUpdate(updates[1]!),
      first.handleUpdate(updates[2]!),
    ]);
    const ideasNow = await ideasOf(alice);
    expect(ideasNow.map((idea) => idea.content)).toEqual(['Snow on the hills']);
    const photos = await listPhotos(testApp.app, alice, ideasNow[0]!.id);
    expect(photos.map((photo) => photo.width)).toEqual([410, 420, 430]);
    // The idea was made (and answered) by a photo without the caption: named as an album first.
    expect(fake.sentMessages().some((sent) => sent.text.includes('“Photos from Telegram”'))).toBe(true);
  });

  it('names an idea sent without a caption in the sender’s language', async () => {
    fake.pushUpdate(privateMessage(aliceTelegram, { photo: await photoSizes('bare', 300, '#888888') }));
    await fake.waitForMessage(aliceTelegram.id, (text) => text.includes('with its photo: “Photo from Telegram”'));
    const russian = { ...aliceTelegram, language_code: 'ru' };
    fake.pushUpdate(privateMessage(russian, { photo: await photoSizes('bare-ru', 300, '#888888') }));
    await fake.waitForMessage(aliceTelegram.id, (text) =>
      text.startsWith('Сохранено как сырая идея с фото: «Фото из Telegram»'),
    );
    expect((await ideasOf(alice)).map((idea) => idea.content).sort()).toEqual([
      'Photo from Telegram',
      'Фото из Telegram',
    ]);
  });

  it('adds nothing when an update is delivered again, and answers again', async () => {
    const handler = await anotherInstance();
    const update = asUpdate(
      privateMessage(aliceTelegram, { photo: await photoSizes('twice', 320, '#336699'), caption: 'Only once please' }),
    );
    await handler.handleUpdate(update);
    await handler.handleUpdate(update);
    const [idea, ...others] = await ideasOf(alice);
    expect(others).toEqual([]);
    expect(await listPhotos(testApp.app, alice, idea!.id)).toHaveLength(1);
    const [handled] = await testApp.database.db
      .select()
      .from(telegramUpdates)
      .where(eq(telegramUpdates.updateId, update.update_id));
    expect(handled).toMatchObject({ ideaId: idea!.id, photoId: expect.any(String) });
    expect(fake.sentMessages().filter((sent) => sent.text.includes('“Only once please”'))).toHaveLength(2);
  });

  it('takes an image sent as a file, and refuses a file that is no photo or is over 20 MB, saving nothing', async () => {
    const png = await sharp({ create: { width: 200, height: 100, channels: 4, background: '#00000000' } })
      .png()
      .toBuffer();
    fake.addFile('as-file', png, 'documents');
    fake.pushUpdate(
      privateMessage(aliceTelegram, {
        document: {
          file_id: 'as-file',
          file_unique_id: 'as-file-u',
          file_name: 'plan.png',
          mime_type: 'image/png',
          file_size: png.length,
        },
        caption: 'The garden plan',
      }),
    );
    await fake.waitForMessage(aliceTelegram.id, (text) => text.includes('“The garden plan”'));

    fake.addFile('not-a-photo', Buffer.from('just some text, not an image'), 'documents');
    fake.pushUpdate(
      privateMessage(aliceTelegram, {
        document: {
          file_id: 'not-a-photo',
          file_unique_id: 'nap-u',
          file_name: 'fake.jpg',
          mime_type: 'image/jpeg',
          file_size: 28,
        },
        caption: 'Pretends to be a photo',
      }),
    );
    const refused = await fake.waitForMessage(aliceTelegram.id, (text) => text.startsWith('This photo was not saved.'));
    expect(refused.text).toBe(
      'This photo was not saved. This file is not a supported photo. Use JPEG, PNG, WebP, AVIF or GIF.',
    );

    const getFileCalls = fake.calls.filter((call) => call.method === 'getFile').length;
    fake.pushUpdate(
      privateMessage(aliceTelegram, {
        document: {
          file_id: 'huge',
          file_unique_id: 'huge-u',
          file_name: 'huge.jpg',
          mime_type: 'image/jpeg',
          file_size: 25 * 1024 * 1024,
        },
      }),
    );
    await fake.waitForMessage(aliceTelegram.id, (text) => text.includes('larger than 20 MB'));
    // Refused at once by its size, without asking Telegram for it.
    expect(fake.calls.filter((call) => call.method === 'getFile')).toHaveLength(getFileCalls);

    const saved = await ideasOf(alice);
    expect(saved.map((idea) => idea.content)).toEqual(['The garden plan']);
    expect(await listPhotos(testApp.app, alice, saved[0]!.id)).toEqual([
      expect.objectContaining({ width: 200, height: 100 }),
    ]);
  });

  it('keeps the caption of an album when the photo it rides on is refused, whether it comes first or last', async () => {
    const handler = await anotherInstance();
    const sentBefore = fake.sentMessages().length;
    // The caption is a field of the message that carries it ("Message.caption: Caption for the
    // animation, audio, document, paid media, photo, video or voice",
    // https://core.telegram.org/bots/api#message), and an album's caption rides on one of its
    // messages: a refused photo does not take the caption with it.
    fake.addFile('broken-cover', Buffer.from('not an image at all'), 'photos');
    const brokenSizes = [{ file_id: 'broken-cover', file_unique_id: 'broken-cover-u', width: 800, height: 600 }];
    const captionFirst = [
      asUpdate(
        privateMessage(aliceTelegram, {
          message_id: 9100,
          media_group_id: '55501',
          photo: brokenSizes,
          caption: 'Lisbon at dusk',
        }),
      ),
      asUpdate(
        privateMessage(aliceTelegram, {
          message_id: 9101,
          media_group_id: '55501',
          photo: await photoSizes('dusk-1', 300, '#aa5500'),
        }),
      ),
    ];
    for (const update of captionFirst) await handler.handleUpdate(update);
    // Delivered again: nothing is saved twice.
    await handler.handleUpdate(captionFirst[0]!);

    const [lisbon, ...others] = await ideasOf(alice);
    expect(others).toEqual([]);
    expect(lisbon!.content).toBe('Lisbon at dusk');
    expect((await listPhotos(testApp.app, alice, lisbon!.id)).map((photo) => photo.width)).toEqual([300]);
    const replies = fake
      .sentMessages()
      .slice(sentBefore)
      .map((message) => message.text);
    // Told about the refused photo, and that the album was saved (the update that made its idea answers).
    expect(replies[0]).toBe(
      'This photo was not saved. This file is not a supported photo. Use JPEG, PNG, WebP, AVIF or GIF.',
    );
    expect(
      replies
        .slice(1)
        .every((text) => text.startsWith(`Saved as a Raw idea with the album's photos: “${lisbon!.title}”`)),
    ).toBe(true);
    expect(replies).toHaveLength(3);

    // Images sent as files, the caption on the last one, which is over what a bot may download: the
    // idea made under the plain name by the first gets the caption.
    const png = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#224466' } })
      .png()
      .toBuffer();
    fake.addFile('plan-1', png, 'documents');
    const document = (fileId: string, fileSize: number) => ({
      file_id: fileId,
      file_unique_id: `${fileId}-u`,
      file_name: `${fileId}.png`,
      mime_type: 'image/png',
      file_size: fileSize,
    });
    await handler.handleUpdate(
      asUpdate(
        privateMessage(aliceTelegram, {
          message_id: 9200,
          media_group_id: '55502',
          document: document('plan-1', png.length),
        }),
      ),
    );
    await handler.handleUpdate(
      asUpdate(
        privateMessage(aliceTelegram, {
          message_id: 9201,
          media_group_id: '55502',
          document: document('plan-huge', 25 * 1024 * 1024),
          caption: 'The plans for the kitchen',
        }),
      ),
    );
    await fake.waitForMessage(aliceTelegram.id, (text) => text.includes('larger than 20 MB'));
    const plans = (await ideasOf(alice)).find((idea) => idea.id !== lisbon!.id);
    expect(plans!.content).toBe('The plans for the kitchen');
    expect(await listPhotos(testApp.app, alice, plans!.id)).toEqual([
      expect.objectContaining({ width: 120, height: 80 }),
    ]);
  });

  it('answers when the album’s idea already has ten photos, keeping the refused photo’s caption', async () => {
    const handler = await anotherInstance();
    const albumMessage = async (index: number, caption?: string) =>
      asUpdate(
        privateMessage(aliceTelegram, {
          message_id: 9000 + index,
          media_group_id: '99999',
          photo: await photoSizes(`full-${index}`, 200, '#445566'),
          ...(caption ? { caption } : {}),
        }),
      );
    await handler.handleUpdate(await albumMessage(0));
    const [idea] = await ideasOf(alice);
    // Nine more from the web while the album was arriving.
    const png = await plainPng(50, 50, '#123456');
    await addPhotos(
      testApp.app,
      alice,
      idea!.id,
      Array.from({ length: 9 }, (_, index) => ({ name: `web-${index}.png`, bytes: png, type: 'image/png' })),
    );
    await handler.handleUpdate(await albumMessage(1, 'The last day of the trip'));
    await fake.waitForMessage(
      aliceTelegram.id,
      (text) => text === 'This photo was not saved. An idea can have at most 10 photos.',
    );
    expect(await listPhotos(testApp.app, alice, idea!.id)).toHaveLength(10);
    expect((await ideasOf(alice)).map((saved) => saved.content)).toEqual(['The last day of the trip']);
  });
});

describe('a share with photos, posted to a channel', () => {
  async function ideaWithPhotos(content: string, colours: string[]) {
    const ideaId = await createIdea(testApp.app, alice, content);
    for (const [index, colour] of colours.entries()) {
      const bytes = await plainPng(120 + index, 80, colour);
      await addPhoto(testApp.app, alice, ideaId, { name: `${index}.png`, bytes, type: 'image/png' });
    }
    return ideaId;
  }

  async function post(ideaIds: string[], text: string, chatRowId = channelRowId) {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/shares/send',
      headers: alice.headers,
      payload: {
        ideaIds,
        text,
        preferences: { ...defaultPreferences, platform: 'telegram' },
        destinations: { telegramChatIds: [chatRowId] },
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const shareId = (response.json() as { shareId: string }).shareId;
    const done = await waitForDeliveries(testApp.app, alice, shareId);
    const [row] = await testApp.database.db.select().from(deliveries).where(eq(deliveries.shareId, shareId));
    return { delivery: done.deliveries[0]!, row: row! };
  }

  const photosSince = (count: number) => fake.sentPhotos().slice(count);

  it('sends one photo by sendPhoto with the text as its caption, linking to it', async () => {
    const before = fake.sentPhotos().length;
    const ideaId = await ideaWithPhotos('A photo for the channel', ['#aa0000']);
    const { delivery, row } = await post([ideaId], 'Tom & Jerry <3 the new porch');
    const sent = photosSince(before);
    expect(sent).toEqual([
      expect.objectContaining({
        method: 'sendPhoto',
        chat_id: channel.id,
        caption: 'Tom &amp; Jerry &lt;3 the new porch',
        parse_mode: 'HTML',
      }),
    ]);
    await expectMiddleColour(Buffer.from(sent[0]!.bytes), '#aa0000');
    expect(delivery).toMatchObject({ status: 'published', link: `https://t.me/alice_pictures/${sent[0]!.message_id}` });
    expect(row.providerMessageId).toBe(String(sent[0]!.message_id));
  });

  it('sends three photos as one album with the caption on the first, in their order', async () => {
    const before = fake.sentPhotos().length;
    const ideaId = await ideaWithPhotos('Three photos', ['#ff0000', '#00ff00', '#0000ff']);
    const { delivery, row } = await post([ideaId], 'Three views of the bay');
    const sent = photosSince(before);
    expect(sent.map((photo) => [photo.method, photo.caption])).toEqual([
      ['sendMediaGroup', 'Three views of the bay'],
      ['sendMediaGroup', undefined],
      ['sendMediaGroup', undefined],
    ]);
    expect(new Set(sent.map((photo) => photo.media_group_id)).size).toBe(1);
    for (const [index, colour] of ['#ff0000', '#00ff00', '#0000ff'].entries()) {
      await expectMiddleColour(Buffer.from(sent[index]!.bytes), colour);
    }
    expect(delivery.link).toBe(`https://t.me/alice_pictures/${sent[0]!.message_id}`);
    expect(row.providerMessageId?.split(',')).toHaveLength(3);
  });

  it('sends a text over 1,024 characters as its own message first, then the photos without a caption', async () => {
    const beforePhotos = fake.sentPhotos().length;
    const beforeMessages = fake.sentMessages().length;
    const ideaId = await ideaWithPhotos('A long story', ['#ff0000', '#0000ff']);
    const text = `The long story of our summer. ${'We swam every morning. '.repeat(50)}`.trim();
    expect(text.length).toBeGreaterThan(1024);
    const { delivery } = await post([ideaId], text);
    const messages = fake
      .sentMessages()
      .slice(beforeMessages)
      .filter((message) => message.chat_id === channel.id);
    expect(messages.map((message) => message.text)).toEqual([text]);
    const sent = photosSince(beforePhotos);
    expect(sent.map((photo) => [photo.method, photo.caption])).toEqual([
      ['sendMediaGroup', undefined],
      ['sendMediaGroup', undefined],
    ]);
    const textMessageId = Math.min(...sent.map((photo) => photo.message_id)) - 1;
    expect(delivery).toMatchObject({ status: 'published', link: `https://t.me/alice_pictures/${textMessageId}` });
  });

  it('sends more than ten photos as several albums', async () => {
    const before = fake.sentPhotos().length;
    const colours = Array.from({ length: 10 }, () => '#777777');
    const ideaIds = [
      await ideaWithPhotos('Ten photos', colours),
      await ideaWithPhotos('Two more', ['#111111', '#222222']),
    ];
    const { delivery, row } = await post(ideaIds, 'Twelve photos of the move');
    const sent = photosSince(before);
    const albums = [...new Set(sent.map((photo) => photo.media_group_id))];
    expect(albums).toHaveLength(2);
    expect(albums.map((album) => sent.filter((photo) => photo.media_group_id === album).length)).toEqual([10, 2]);
    expect(sent.filter((photo) => photo.caption !== undefined).map((photo) => photo.caption)).toEqual([
      'Twelve photos of the move',
    ]);
    expect(delivery.status).toBe('published');
    expect(row.providerMessageId?.split(',')).toHaveLength(12);
  });

  it("shows Telegram's refusal of an album, and says when it stopped answering part-way", async () => {
    const ideaId = await ideaWithPhotos('Refused', ['#ff0000', '#00ff00']);
    fake.failNext('sendMediaGroup', {
      error_code: 400,
      description: 'Bad Request: not enough rights to send photos to the chat',
    });
    const refused = await post([ideaId], 'Will be refused');
    expect(refused.delivery).toMatchObject({
      status: 'failed',
      error: 'Telegram refused the post: Bad Request: not enough rights to send photos to the chat',
      canRetry: false,
    });

    // The text went out, then Telegram never answered for the photos: the post may be half there.
    const other = await ideaWithPhotos('Half posted', ['#ff0000', '#00ff00']);
    fake.stallNext('sendMediaGroup');
    const partly = await post([other], `Half of it arrives. ${'Long text. '.repeat(120)}`);
    expect(partly.delivery).toMatchObject({ status: 'failed', link: null });
    expect(partly.delivery.error).toBe(
      'Telegram stopped answering after 1 of the 3 messages of this post. It is not marked as published here: check the channel before you publish it again.',
    );

    // No answer at all for a lone photo: it may or may not be in the chat.
    const lone = await ideaWithPhotos('Lone photo', ['#ff0000']);
    fake.stallNext('sendPhoto');
    const unanswered = await post([lone], 'No answer');
    expect(unanswered.delivery.error).toBe(
      'Telegram did not answer, so the post may or may not be in the chat. Check the chat before you send it again.',
    );
  });

  it('follows a group that became a supergroup, sending the photo again once to its new id', async () => {
    const group = { id: -4001, type: 'group', title: 'Family' } as const;
    fake.setChat(group);
    fake.setMember(group.id, fake.bot.id, 'member');
    const [row] = await testApp.database.db
      .insert(telegramChats)
      .values({ userId: alice.id, telegramChatId: group.id, title: group.title, username: null, type: 'group' })
      .returning();
    fake.migrateGroup(group.id, -1004444444444, { serviceMessages: false });
    const before = fake.sentPhotos().length;
    const ideaId = await ideaWithPhotos('To the family', ['#00aa00']);
    const { delivery } = await post([ideaId], 'For the family', row!.id);
    expect(fake.sentPhotos().slice(before)).toEqual([
      expect.objectContaining({ method: 'sendPhoto', chat_id: -1004444444444, caption: 'For the family' }),
    ]);
    expect(delivery).toMatchObject({
      status: 'published',
      link: expect.stringMatching(/^https:\/\/t\.me\/c\/4444444444\/\d+$/),
    });
    const [moved] = await testApp.database.db.select().from(telegramChats).where(eq(telegramChats.id, row!.id));
    expect(moved!.telegramChatId).toBe(-1004444444444);
  });

  it('says so, and posts nothing, when a photo file is missing from storage (after trying again)', async () => {
    const before = fake.calls.length;
    const ideaId = await ideaWithPhotos('Lost file', ['#ff0000']);
    const [photo] = await testApp.database.db
      .select()
      .from(ideaPhotos)
      .where(and(eq(ideaPhotos.ideaId, ideaId)));
    await testApp.app.deps.media.delete(photo!.storageKey);
    const { delivery } = await post([ideaId], 'Photo gone');
    expect(delivery).toMatchObject({
      status: 'failed',
      error: 'A photo of this post could not be read on this server, so nothing was posted. Try again later.',
    });
    expect(fake.calls.slice(before).filter((call) => call.method.startsWith('send'))).toEqual([]);
  });
});

describe('the Bot API stand-in, called through grammY', () => {
  const api = () => new Api(fake.token, { apiRoot: fake.apiRoot });
  const jpeg = () =>
    sharp({ create: { width: 40, height: 30, channels: 3, background: '#ffffff' } })
      .jpeg()
      .toBuffer();
  const refusal = async (call: Promise<unknown>) => {
    const error = await call.then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(GrammyError);
    return (error as GrammyError).description;
  };

  it('counts a caption after parsing, and refuses one over 1,024 characters as Telegram does', async () => {
    // 1,024 visible characters, each escaped: 5,120 characters sent, accepted.
    const fits = await api().sendPhoto(channel.id, new InputFile(await jpeg(), 'a.jpg'), {
      caption: '&amp;'.repeat(1024),
      parse_mode: 'HTML',
    });
    expect(fits.photo?.at(-1)).toMatchObject({ width: 40, height: 30 });
    expect(
      await refusal(api().sendPhoto(channel.id, new InputFile(await jpeg(), 'b.jpg'), { caption: 'x'.repeat(1025) })),
    ).toBe('Bad Request: message caption is too long');
  });

  it('takes albums of up to ten uploads named by attach://, and refuses more or none', async () => {
    const photo = async () => ({ type: 'photo' as const, media: new InputFile(await jpeg(), 'p.jpg') });
    const album = await api().sendMediaGroup(channel.id, [{ ...(await photo()), caption: 'first' }, await photo()]);
    expect(album).toHaveLength(2);
    const [first, second] = album as Array<{ caption?: string; media_group_id?: string }>;
    expect(first).toMatchObject({ caption: 'first', media_group_id: expect.any(String) });
    expect(second!.media_group_id).toBe(first!.media_group_id);
    expect(second!.caption).toBeUndefined();
    const uploadedBy = fake.calls.filter((call) => call.method === 'sendMediaGroup').at(-1)!.params.media as Array<{
      media: string;
    }>;
    expect(uploadedBy.map((item) => item.media)).toEqual([
      expect.stringMatching(/^attach:\/\//),
      expect.stringMatching(/^attach:\/\//),
    ]);
    const eleven = await Promise.all(Array.from({ length: 11 }, photo));
    expect(await refusal(api().sendMediaGroup(channel.id, eleven))).toBe(
      'Bad Request: too many messages to send as an album',
    );
    expect(await refusal(api().sendMediaGroup(channel.id, []))).toBe('Bad Request: there are no messages to send');
  });
});
