import { maxPhotosPerIdea, photoListSchema, type Photo } from '@life-updates/contract/photos';
import { and, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ideaPhotos } from '../../db/schema.ts';
import { multipartOf, plainPng, storedFiles, uploadPhotos, type UploadFile } from '../../../test/photo-uploads.ts';
import { createIdea, createUser, testAppForFile, type TestUser } from '../../../test/test-app.ts';

const testApp = testAppForFile();
let bob: TestUser;

beforeAll(async () => {
  bob = await createUser(testApp.app);
});

const onePng = async (colour = '#3366cc'): Promise<UploadFile[]> => [
  { name: 'a.png', bytes: await plainPng(32, 24, colour), type: 'image/png' },
];

const photosOf = (response: Awaited<ReturnType<typeof uploadPhotos>>): Photo[] =>
  photoListSchema.parse(response.json()).photos;

const rowsWithKey = (user: TestUser, key: string) =>
  testApp.database.db
    .select()
    .from(ideaPhotos)
    .where(and(eq(ideaPhotos.userId, user.id), eq(ideaPhotos.idempotencyKey, key)));

describe('uploading a photo with an Idempotency-Key', () => {
  it('answers a repeated upload with the photo stored the first time: one row, one pair of files', async () => {
    const alice = await createUser(testApp.app);
    const ideaId = await createIdea(testApp.app, alice);
    const key = randomUUID();
    const first = await uploadPhotos(testApp.app, alice, ideaId, await onePng(), key);
    expect(first.statusCode, first.body).toBe(201);
    const [photo] = photosOf(first);
    const filesAfterFirst = storedFiles(testApp.config.MEDIA_DIR, alice, ideaId);
    expect(filesAfterFirst).toEqual([`${photo!.id}-thumbnail.jpg`, `${photo!.id}.jpg`]);

    // The retry carries another picture's bytes: still the first photo, nothing new stored.
    const again = await uploadPhotos(testApp.app, alice, ideaId, await onePng('#ff0000'), key);
    expect(again.statusCode, again.body).toBe(201);
    expect(photosOf(again)).toEqual([photo]);
    expect(await rowsWithKey(alice, key)).toHaveLength(1);
    expect(storedFiles(testApp.config.MEDIA_DIR, alice, ideaId)).toEqual(filesAfterFirst);
    const list = await testApp.app.inject({
      method: 'GET',
      url: `/api/ideas/${ideaId}/photos`,
      headers: alice.headers,
    });
    expect(photoListSchema.parse(list.json()).photos.map(({ id }) => id)).toEqual([photo!.id]);
  });

  it('stores a new photo for each new key, and for uploads without one', async () => {
    const alice = await createUser(testApp.app);
    const ideaId = await createIdea(testApp.app, alice);
    for (const key of [randomUUID(), randomUUID(), undefined, undefined]) {
      expect((await uploadPhotos(testApp.app, alice, ideaId, await onePng(), key)).statusCode).toBe(201);
    }
    expect(storedFiles(testApp.config.MEDIA_DIR, alice, ideaId)).toHaveLength(8);
  });

  it('answers a retry with the stored photo even when the idea has reached its limit meanwhile', async () => {
    const alice = await createUser(testApp.app);
    const ideaId = await createIdea(testApp.app, alice);
    const key = randomUUID();
    const [photo] = photosOf(await uploadPhotos(testApp.app, alice, ideaId, await onePng(), key));
    const png = await plainPng(8, 8);
    const rest = Array.from({ length: maxPhotosPerIdea - 1 }, (_, index) => ({ name: `${index}.png`, bytes: png }));
    const filled = await uploadPhotos(testApp.app, alice, ideaId, rest);
    expect(filled.statusCode, filled.body).toBe(201);
    const refused = await uploadPhotos(testApp.app, alice, ideaId, await onePng(), randomUUID());
    expect(refused.statusCode).toBe(409);

    const retried = await uploadPhotos(testApp.app, alice, ideaId, await onePng(), key);
    expect(retried.statusCode, retried.body).toBe(201);
    expect(photosOf(retried)).toEqual([photo]);
    expect(storedFiles(testApp.config.MEDIA_DIR, alice, ideaId)).toHaveLength(2 * maxPhotosPerIdea);
  });

  it('refuses the key of a photo on another idea, naming the problem, and stores nothing', async () => {
    const alice = await createUser(testApp.app);
    const firstIdea = await createIdea(testApp.app, alice, 'First');
    const secondIdea = await createIdea(testApp.app, alice, 'Second');
    const key = randomUUID();
    expect((await uploadPhotos(testApp.app, alice, firstIdea, await onePng(), key)).statusCode).toBe(201);

    const reused = await uploadPhotos(testApp.app, alice, secondIdea, await onePng(), key);
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: 'This sync key already belongs to a photo on another idea.',
    });
    expect(storedFiles(testApp.config.MEDIA_DIR, alice, secondIdea)).toEqual([]);
    expect(await rowsWithKey(alice, key)).toMatchObject([{ ideaId: firstIdea }]);
  });

  it("keeps keys per user: Bob's upload with Alice's key is his own new photo", async () => {
    const alice = await createUser(testApp.app);
    const key = randomUUID();
    const [alicePhoto] = photosOf(
      await uploadPhotos(testApp.app, alice, await createIdea(testApp.app, alice), await onePng(), key),
    );
    const bobIdea = await createIdea(testApp.app, bob);
    const bobUpload = await uploadPhotos(testApp.app, bob, bobIdea, await onePng(), key);
    expect(bobUpload.statusCode, bobUpload.body).toBe(201);
    const [bobPhoto] = photosOf(bobUpload);
    expect(bobPhoto!.id).not.toBe(alicePhoto!.id);
    expect(bobPhoto!.ideaId).toBe(bobIdea);
  });

  it("answers 404 for another user's idea, key or not, before looking at the key", async () => {
    const alice = await createUser(testApp.app);
    const key = randomUUID();
    const aliceIdea = await createIdea(testApp.app, alice);
    expect((await uploadPhotos(testApp.app, alice, aliceIdea, await onePng(), key)).statusCode).toBe(201);
    const response = await uploadPhotos(testApp.app, bob, aliceIdea, await onePng(), key);
    expect(response.statusCode).toBe(404);
  });

  it('takes one photo per keyed upload: two files with a key are refused before either is stored', async () => {
    const alice = await createUser(testApp.app);
    const ideaId = await createIdea(testApp.app, alice);
    const key = randomUUID();
    const two = [...(await onePng()), ...(await onePng('#00ff00'))];
    const response = await uploadPhotos(testApp.app, alice, ideaId, two, key);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: 'A sync key goes with one photo at a time: send each photo on its own.',
    });
    expect(storedFiles(testApp.config.MEDIA_DIR, alice, ideaId)).toEqual([]);
    expect(await rowsWithKey(alice, key)).toEqual([]);
  });

  it('refuses a key that is not a UUID with a 400, in the request language, and stores nothing', async () => {
    const alice = await createUser(testApp.app);
    const ideaId = await createIdea(testApp.app, alice);
    const response = await uploadPhotos(testApp.app, alice, ideaId, await onePng(), 'not-a-uuid');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'The sync key of this photo is not valid.' });
    const { payload, contentType } = await multipartOf(await onePng());
    const russian = await testApp.app.inject({
      method: 'POST',
      url: `/api/ideas/${ideaId}/photos`,
      headers: { ...alice.headers, 'content-type': contentType, 'idempotency-key': 'nope', 'accept-language': 'ru' },
      payload,
    });
    expect(russian.json()).toMatchObject({ message: 'Ключ синхронизации этого фото недействителен.' });
    expect(storedFiles(testApp.config.MEDIA_DIR, alice, ideaId)).toEqual([]);
  });

  it('frees the key when its photo is deleted: the same key then stores a new photo', async () => {
    const alice = await createUser(testApp.app);
    const ideaId = await createIdea(testApp.app, alice);
    const key = randomUUID();
    const [photo] = photosOf(await uploadPhotos(testApp.app, alice, ideaId, await onePng(), key));
    const removed = await testApp.app.inject({ method: 'DELETE', url: photo!.url, headers: alice.headers });
    expect(removed.statusCode).toBe(204);
    const again = await uploadPhotos(testApp.app, alice, ideaId, await onePng(), key);
    expect(again.statusCode).toBe(201);
    expect(photosOf(again)[0]!.id).not.toBe(photo!.id);
  });
});

describe('concurrent uploads with one Idempotency-Key', () => {
  it('store one photo when they go to the same idea, and every answer names it', async () => {
    const alice = await createUser(testApp.app);
    const ideaId = await createIdea(testApp.app, alice);
    const key = randomUUID();
    const files = await onePng();
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => uploadPhotos(testApp.app, alice, ideaId, files, key)),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const ids = new Set(responses.map((response) => photosOf(response)[0]!.id));
    expect(ids.size).toBe(1);
    expect(await rowsWithKey(alice, key)).toHaveLength(1);
    // The files of the uploads that lost the race are removed again.
    const [id] = [...ids];
    expect(storedFiles(testApp.config.MEDIA_DIR, alice, ideaId)).toEqual([`${id}-thumbnail.jpg`, `${id}.jpg`]);
  });

  it('store one photo when they go to two ideas: the other upload is refused and leaves no file', async () => {
    const alice = await createUser(testApp.app);
    const ideas = [await createIdea(testApp.app, alice, 'One'), await createIdea(testApp.app, alice, 'Two')];
    const key = randomUUID();
    const files = await onePng();
    const responses = await Promise.all(ideas.map((ideaId) => uploadPhotos(testApp.app, alice, ideaId, files, key)));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    const rows = await rowsWithKey(alice, key);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(storedFiles(testApp.config.MEDIA_DIR, alice, row!.ideaId)).toEqual([
      `${row!.id}-thumbnail.jpg`,
      `${row!.id}.jpg`,
    ]);
    expect(
      storedFiles(
        testApp.config.MEDIA_DIR,
        alice,
        ideas.find((id) => id !== row!.ideaId)!,
      ),
    ).toEqual([]);
  });
});
