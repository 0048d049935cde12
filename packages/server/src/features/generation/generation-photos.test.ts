import { thumbnailLongSide } from '@life-updates/contract/photos';
import type { Share } from '@life-updates/contract/shares';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  anthropicMessage,
  openAiCompletion,
  openAiImagesRefused,
  openAiStream,
  recordedImages,
  recordedUserTexts,
  startFakeAiServer,
  type FakeAiServer,
  openAiEnv,
  claudeEnv,
} from '../../../test/doubles/ai.ts';
import { addPhotos, colourPngs, describePhoto, expectMiddleColour, storedImage } from '../../../test/photo-uploads.ts';
import { createTestApp, createUser, nextClientIp, type TestApp, type TestUser } from '../../../test/test-app.ts';
import { loadConfig } from '../../config.ts';
import { ideas } from '../../db/schema.ts';
import { createTextGenerators } from '../../providers/ai/create-text-generators.ts';
import { maxPromptPhotos } from '../../providers/ai/image-input.ts';
import { runDueSchedules } from '../schedule/schedule-runner.ts';
import { generateText } from './generation-service.ts';

const preferences = {
  platform: 'telegram',
  length: 'short',
  tone: 'casual',
  intent: 'reflect',
  sentiment: 'joy',
  structure: 'storytelling',
} as const;

let fake: FakeAiServer;
let testApp: TestApp;

beforeAll(async () => {
  fake = await startFakeAiServer();
  testApp = await createTestApp({
    env: {
      ...openAiEnv(fake),
      ...claudeEnv(fake),
    },
  });
});
afterAll(async () => {
  await testApp.close();
  await fake.close();
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.refuseImages(undefined);
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
function call(user: TestUser, method: Method, url: string, payload?: object) {
  return testApp.app.inject({
    method,
    url,
    headers: { ...user.headers, 'accept-language': 'en' },
    remoteAddress: nextClientIp(),
    ...(payload ? { payload } : {}),
  });
}

/** Writes an idea straight into the database, with the title the prompt names it by. */
async function insertIdea(user: TestUser, content: string, title?: string): Promise<string> {
  const [row] = await testApp.database.db
    .insert(ideas)
    .values({ userId: user.id, content, title: title ?? '' })
    .returning({ id: ideas.id });
  return row!.id;
}

async function chooseModel(user: TestUser, model: string) {
  const response = await call(user, 'PUT', '/api/ai-settings', {
    model,
    temperature: 0.7,
    maxTokens: 1000,
    personalizationStrength: 'medium',
    toneOfVoice: 'warm',
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** Uploads 900 × 600 photos of the given colours to the idea; returns them as stored, with their thumbnails' bytes. */
async function addPhotosWithThumbnails(user: TestUser, ideaId: string, colours: string[]) {
  const photos = await addPhotos(testApp.app, user, ideaId, await colourPngs(colours, 900, 600));
  return Promise.all(
    photos.map(async (photo) => ({
      ...photo,
      thumbnail: await storedImage(testApp.app, user, { url: photo.thumbnailUrl }),
    })),
  );
}

async function streamText(user: TestUser, ideaIds: string[]) {
  const response = await call(user, 'POST', '/api/generate/stream', { ideaIds, preferences });
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
}

describe('Create Content with a model that accepts images', () => {
  it("sends the idea's two photos as image parts: JPEG, the stored thumbnails, each named by its event and alt text", async () => {
    const user = await createUser(testApp.app);
    await chooseModel(user, 'openai');
    const ideaId = await insertIdea(user, 'A picnic by the river with my sister.', 'Picnic');
    const [red, blue] = await addPhotosWithThumbnails(user, ideaId, ['#dd2222', '#2233dd']);
    await describePhoto(testApp.app, user, blue!, 'My sister holding a kite');
    fake.reply(openAiStream(['A sunny picnic.']));

    expect(await streamText(user, [ideaId])).toBe('A sunny picnic.');

    expect(fake.requests).toHaveLength(1);
    const images = recordedImages(fake.requests[0]!);
    expect(images.map((image) => image.mediaType)).toEqual(['image/jpeg', 'image/jpeg']);
    expect(images.map((image) => image.detail)).toEqual(['low', 'low']);
    expect(images[0]!.data.equals(red!.thumbnail)).toBe(true);
    expect(images[1]!.data.equals(blue!.thumbnail)).toBe(true);
    // The bytes decode as the photos: JPEG thumbnails of the uploaded colours.
    for (const [index, expected] of [
      [0, '#dd2222'],
      [1, '#2233dd'],
    ] as const) {
      const metadata = await sharp(images[index]!.data).metadata();
      expect(metadata.format).toBe('jpeg');
      expect(Math.max(metadata.width, metadata.height)).toBeLessThanOrEqual(thumbnailLongSide);
      await expectMiddleColour(images[index]!.data, expected, 12);
    }
    const texts = recordedUserTexts(fake.requests[0]!);
    expect(texts[0]).toBe('Write a personalised update from this event.');
    expect(texts[1]).toContain('Photos from these events follow (2 in all)');
    expect(texts[1]).toContain('Where the author described a photo, take the description as true');
    expect(texts[2]).toBe('Photo 1, from event 1 ("Picnic").');
    expect(texts[3]).toBe('Photo 2, from event 1 ("Picnic"). The author\'s description: "My sister holding a kite"');
  });

  it('sends Claude the photos as base64 image blocks with their media type', async () => {
    const user = await createUser(testApp.app);
    await chooseModel(user, 'claude');
    const first = await insertIdea(user, 'Finished the garden shed.', 'Shed');
    const second = await insertIdea(user, 'Planted tomatoes.', 'Tomatoes');
    const [shed] = await addPhotosWithThumbnails(user, first, ['#886644']);
    const [tomatoes] = await addPhotosWithThumbnails(user, second, ['#22aa22']);
    fake.reply(anthropicMessage('A weekend in the garden.'));

    const { text } = await generateText({
      db: testApp.database.db,
      config: testApp.config,
      generators: testApp.app.deps.generators,
      userId: user.id,
      ideas: [
        { content: 'Finished the garden shed.', title: 'Shed' },
        { content: 'Planted tomatoes.', title: 'Tomatoes' },
      ],
      preferences,
      photos: { ideaIds: [first, second], media: testApp.app.deps.media },
      log: { error: vi.fn(), warn: vi.fn() },
    });
    expect(text).toBe('A weekend in the garden.');

    const request = fake.requests[0]!;
    expect(request.path).toBe('/v1/messages');
    const blocks = (request.body.messages as Array<{ content: Array<Record<string, unknown>> }>)[0]!.content;
    const imageBlocks = blocks.filter((block) => block.type === 'image');
    expect(imageBlocks).toEqual([
      { type: 'image', source: { type: 'base64', media_type: 'image/jpeg', data: shed!.thumbnail.toString('base64') } },
      {
        type: 'image',
        source: { type: 'base64', media_type: 'image/jpeg', data: tomatoes!.thumbnail.toString('base64') },
      },
    ]);
    const texts = recordedUserTexts(request);
    expect(texts).toContain('Photo 1, from event 1 ("Shed").');
    expect(texts).toContain('Photo 2, from event 2 ("Tomatoes").');
  });

  it(`sends at most ${maxPromptPhotos} photos, taking each idea's first ones before any idea's later ones`, async () => {
    const user = await createUser(testApp.app);
    await chooseModel(user, 'openai');
    const many = await insertIdea(user, 'Ten photos of the same sunset.');
    const one = await insertIdea(user, 'Met an old friend.');
    const sunsets = await addPhotosWithThumbnails(
      user,
      many,
      Array.from({ length: 10 }, (_, index) => `#${index}${index}4400`),
    );
    const [friend] = await addPhotosWithThumbnails(user, one, ['#aaaaaa']);
    fake.reply(openAiStream(['Evenings.']));

    await streamText(user, [many, one]);

    const images = recordedImages(fake.requests[0]!);
    expect(images).toHaveLength(maxPromptPhotos);
    const expected = [...sunsets.slice(0, maxPromptPhotos - 1), friend!].map((photo) => photo.thumbnail);
    expect(images.map((image) => image.data.toString('base64'))).toEqual(
      expected.map((thumbnail) => thumbnail.toString('base64')),
    );
  });

  it('sends no images for an idea without photos (the prompt stays one plain message)', async () => {
    const user = await createUser(testApp.app);
    await chooseModel(user, 'openai');
    const ideaId = await insertIdea(user, 'Read a good book.');
    fake.reply(openAiStream(['A good book.']));
    await streamText(user, [ideaId]);
    const messages = fake.requests[0]!.body.messages as Array<{ role: string; content: unknown }>;
    expect(messages[1]).toEqual({ role: 'user', content: 'Write a personalised update from this event.' });
  });

  it("never sends another user's photos, even when their idea's id is given", async () => {
    const alice = await createUser(testApp.app);
    const bob = await createUser(testApp.app);
    await chooseModel(bob, 'openai');
    const aliceIdea = await insertIdea(alice, 'Private trip.');
    await addPhotosWithThumbnails(alice, aliceIdea, ['#123456']);
    fake.reply(openAiCompletion('Text.'));
    await generateText({
      db: testApp.database.db,
      config: testApp.config,
      generators: testApp.app.deps.generators,
      userId: bob.id,
      ideas: [{ content: 'Something of mine.' }],
      preferences,
      photos: { ideaIds: [aliceIdea], media: testApp.app.deps.media },
      log: { error: vi.fn(), warn: vi.fn() },
    });
    expect(recordedImages(fake.requests[0]!)).toEqual([]);
  });
});

describe('a model without image support', () => {
  it('gets no image parts (decided by its name) and the photos are never read', async () => {
    const user = await createUser(testApp.app);
    const ideaId = await insertIdea(user, 'Ran my first half marathon.');
    await addPhotosWithThumbnails(user, ideaId, ['#ff8800', '#0088ff']);
    const generators = createTextGenerators(
      loadConfig({
        APP_SECRET: 'test-secret-that-is-long-enough-0123456789',
        DATA_DIR: '/tmp/life-updates-test',
        ...openAiEnv(fake, 'gpt-3.5-turbo'),
      }),
    );
    const openai = generators.find((generator) => generator.id === 'openai')!;
    expect(openai.acceptsImages).toBe(false);
    const media = { ...testApp.app.deps.media, get: vi.fn(testApp.app.deps.media.get) };
    fake.reply(openAiCompletion('Half marathon done.'));
    await chooseModel(user, 'openai');

    await generateText({
      db: testApp.database.db,
      config: testApp.config,
      generators,
      userId: user.id,
      ideas: [{ content: 'Ran my first half marathon.' }],
      preferences,
      photos: { ideaIds: [ideaId], media },
      log: { error: vi.fn(), warn: vi.fn() },
    });

    expect(recordedImages(fake.requests[0]!)).toEqual([]);
    const messages = fake.requests[0]!.body.messages as Array<{ role: string; content: unknown }>;
    expect(messages[1]!.content).toBe('Write a personalised update from this event.');
    expect(JSON.stringify(fake.requests[0]!.body)).not.toContain('Photo 1');
    expect(media.get).not.toHaveBeenCalled();
  });

  it('that refuses the photos gets the request again without them, once; the log says so', async () => {
    const user = await createUser(testApp.app);
    const ideaId = await insertIdea(user, 'Visited the new library.');
    await addPhotosWithThumbnails(user, ideaId, ['#445566']);
    // A model the name rule takes for one with vision, but this server's model has none.
    const generators = createTextGenerators({ ...testApp.config });
    fake.refuseImages(openAiImagesRefused());
    fake.reply(openAiCompletion('The new library.'));
    await chooseModel(user, 'openai');
    const log = { error: vi.fn(), warn: vi.fn() };
    const generate = () =>
      generateText({
        db: testApp.database.db,
        config: testApp.config,
        generators,
        userId: user.id,
        ideas: [{ content: 'Visited the new library.' }],
        preferences,
        photos: { ideaIds: [ideaId], media: testApp.app.deps.media },
        log,
      });

    expect((await generate()).text).toBe('The new library.');
    expect(fake.requests.map((request) => recordedImages(request).length)).toEqual([1, 0]);
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn.mock.calls[0]![1]).toContain('the model refused the photos');
    expect(log.warn.mock.calls[0]![0]).toMatchObject({
      model: 'openai',
      providerModel: 'gpt-4o-mini',
      photos: 1,
      statusCode: 400,
      responseBody: expect.stringContaining('image_url is only supported by certain models'),
    });
    expect(log.error).not.toHaveBeenCalled();

    // Later texts go without photos from the start: no second refusal, no second warning.
    fake.requests.length = 0;
    expect((await generate()).text).toBe('The new library.');
    expect(fake.requests.map((request) => recordedImages(request).length)).toEqual([0]);
    expect(log.warn).toHaveBeenCalledTimes(1);
  });
});

describe('per-contact summaries', () => {
  it("give the model the ideas' photos for every contact's text", async () => {
    const user = await createUser(testApp.app);
    await chooseModel(user, 'openai');
    const ideaId = await insertIdea(user, 'Our new puppy came home.', 'Puppy');
    const [first, second] = await addPhotosWithThumbnails(user, ideaId, ['#eecc88', '#664422']);
    await describePhoto(testApp.app, user, first!, 'The puppy asleep in a basket');
    const contacts = [];
    for (const [name, email] of [
      ['Maria', 'maria@example.com'],
      ['Pavel', 'pavel@example.com'],
    ]) {
      const response = await call(user, 'POST', '/api/contacts', { name, email, relationship: 'family' });
      expect(response.statusCode, response.body).toBeLessThan(300);
      contacts.push((response.json() as { id: string }).id);
    }
    fake.reply(openAiCompletion('For Maria.'), openAiCompletion('For Pavel.'));

    const response = await call(user, 'POST', '/api/shares/generate', {
      ideaIds: [ideaId],
      templateId: 'corporate',
      contactIds: contacts,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as { share: Share }).share.texts).toEqual({
      [contacts[0]!]: 'For Maria.',
      [contacts[1]!]: 'For Pavel.',
    });

    expect(fake.requests).toHaveLength(2);
    for (const request of fake.requests) {
      const images = recordedImages(request);
      expect(images.map((image) => image.mediaType)).toEqual(['image/jpeg', 'image/jpeg']);
      expect(images[0]!.data.equals(first!.thumbnail)).toBe(true);
      expect(images[1]!.data.equals(second!.thumbnail)).toBe(true);
      expect(recordedUserTexts(request)).toContain(
        'Photo 1, from event 1 ("Puppy"). The author\'s description: "The puppy asleep in a basket"',
      );
    }
  });
});

describe('the sharing schedule', () => {
  it("gives the model the Ready ideas' photos when it writes each contact's text", async () => {
    const user = await createUser(testApp.app);
    await chooseModel(user, 'openai');
    const ideaId = await insertIdea(user, 'Finished my first pottery bowl.', 'Pottery');
    await testApp.database.db.update(ideas).set({ status: 'approved' }).where(eq(ideas.id, ideaId));
    const [bowl] = await addPhotosWithThumbnails(user, ideaId, ['#aa7744']);
    const contact = await call(user, 'POST', '/api/contacts', {
      name: 'Olga',
      email: 'olga@example.com',
      relationship: 'friend',
    });
    expect(contact.statusCode, contact.body).toBe(201);
    const saved = await call(user, 'PUT', '/api/schedule', {
      frequency: 'weekly',
      startDate: '2030-03-04',
      startTime: '09:00',
      autoSend: false,
      selectedContacts: 'all',
      timeZone: 'UTC',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    fake.reply(openAiCompletion('For Olga.'));

    const handled = await runDueSchedules({
      db: testApp.database.db,
      config: testApp.config,
      generators: testApp.app.deps.generators,
      channels: testApp.app.deps.channels,
      jobs: testApp.jobs,
      media: testApp.app.deps.media,
      now: () => new Date('2030-03-04T09:00:30Z'),
      log: { error: vi.fn(), warn: vi.fn() },
    });

    expect(handled).toBeGreaterThanOrEqual(1);
    const requests = fake.requests.filter((request) => JSON.stringify(request.body).includes('pottery bowl'));
    expect(requests).toHaveLength(1);
    const images = recordedImages(requests[0]!);
    expect(images.map((image) => image.mediaType)).toEqual(['image/jpeg']);
    expect(images[0]!.data.equals(bowl!.thumbnail)).toBe(true);
    expect(recordedUserTexts(requests[0]!)).toContain('Photo 1, from event 1 ("Pottery").');
  });
});

describe('the offline composer', () => {
  it('writes the same text with and without photos, and says nothing of them', async () => {
    const user = await createUser(testApp.app);
    await chooseModel(user, 'offline');
    const content = 'Walked along the coast at dawn.\nThe sea was completely still.';
    const withPhotos = await insertIdea(user, content, 'Dawn walk');
    const withoutPhotos = await insertIdea(user, content, 'Dawn walk');
    const [photo] = await addPhotosWithThumbnails(user, withPhotos, ['#88aacc', '#ccaa88']);
    await describePhoto(testApp.app, user, photo!, 'A lighthouse in fog');

    const textWith = await streamText(user, [withPhotos]);
    const textWithout = await streamText(user, [withoutPhotos]);

    expect(textWith).not.toBe('');
    expect(textWith).toBe(textWithout);
    expect(textWith).not.toMatch(/lighthouse|photo|picture|image/i);
    expect(fake.requests).toHaveLength(0);
  });
});
