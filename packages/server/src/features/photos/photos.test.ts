import { maxPhotosPerIdea, photoListSchema } from '@life-updates/contract/photos';
import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  addPhoto,
  addPhotos,
  colourPngs,
  listPhotos,
  plainPng,
  storedFiles,
  smallPng,
  uploadPhotos,
} from '../../../test/photo-uploads.ts';
import { createIdea, createUser, testAppForFile, type TestUser } from '../../../test/test-app.ts';

const testApp = testAppForFile();
let alice: TestUser;
let bob: TestUser;

/**
 * A 3000 × 2000 JPEG as a phone stores it held sideways: EXIF orientation 6 (shown turned 90°
 * clockwise), the camera's make and where it was taken (GPS). Its left third is red, so once turned
 * the right way up the top is red.
 */
async function sidewaysPhoneJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#0000ff' } })
    .composite([
      { input: { create: { width: 1000, height: 2000, channels: 3, background: '#ff0000' } }, left: 0, top: 0 },
    ])
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'TestCam' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '38/1 42/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '9/1 8/1 0/1' },
    })
    .jpeg({ quality: 90 })
    .toBuffer();
}

const get = (user: TestUser, url: string) => testApp.app.inject({ method: 'GET', url, headers: user.headers });

/** After a refused upload: the server still answers, and nothing of the upload is stored. */
async function expectNothingStored(user: TestUser, ideaId: string) {
  expect(await listPhotos(testApp.app, user, ideaId)).toEqual([]);
  expect(storedFiles(testApp.config.MEDIA_DIR, user, ideaId)).toEqual([]);
  const health = await testApp.app.inject({ method: 'GET', url: '/api/health' });
  expect(health.statusCode).toBe(200);
}

beforeAll(async () => {
  bob = await createUser(testApp.app);
});
// A new owner for each test: an account keeps at most 10 open ideas.
beforeEach(async () => {
  alice = await createUser(testApp.app);
});

describe('uploading a photo', () => {
  it('stores it the right way up, at most 2048 px, with no EXIF or GPS, and a thumbnail of at most 400 px', async () => {
    const original = await sidewaysPhoneJpeg();
    const before = await sharp(original).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif).toBeDefined();

    const ideaId = await createIdea(testApp.app, alice);
    const photo = await addPhoto(testApp.app, alice, ideaId, { name: 'IMG_0001.JPG', bytes: original });
    // 3000 × 2000 turned upright is 2000 × 3000; at most 2048 on the long side keeps the proportions.
    expect(photo).toMatchObject({ ideaId, position: 0, alt: null, width: 1365, height: 2048 });

    const image = await get(alice, photo.url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['cache-control']).toMatch(/^private/);
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    const stored = await sharp(image.rawPayload).metadata();
    expect(stored).toMatchObject({ format: 'jpeg', width: 1365, height: 2048 });
    expect(stored.exif).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
    expect(stored.icc).toBeUndefined();
    expect(stored.xmp).toBeUndefined();
    expect(image.rawPayload.toString('latin1')).not.toContain('TestCam');
    // The red side of the sensor is now the top.
    const { data } = await sharp(image.rawPayload)
      .extract({ left: 600, top: 20, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(200);
    expect(data[2]).toBeLessThan(60);

    const thumbnail = await get(alice, photo.thumbnailUrl);
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/jpeg');
    const small = await sharp(thumbnail.rawPayload).metadata();
    expect(Math.max(small.width, small.height)).toBeLessThanOrEqual(400);
    expect(small.height).toBe(400);
    expect(small.exif).toBeUndefined();

    // On disk too: the bytes served are the bytes stored, and the original is not kept.
    expect(storedFiles(testApp.config.MEDIA_DIR, alice, ideaId)).toHaveLength(2);
  });

  it('never enlarges a small photo, and stores PNG, WebP, AVIF and GIF (its first frame) as JPEG', async () => {
    const ideaId = await createIdea(testApp.app, alice);
    const png = await plainPng(64, 48);
    const webp = await sharp(png).webp().toBuffer();
    const avif = await sharp(png).avif().toBuffer();
    const gif = await sharp({ create: { width: 30, height: 20, channels: 4, background: '#00ff00' } })
      .gif()
      .toBuffer();
    const transparent = await sharp({
      create: { width: 10, height: 10, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const photos = await addPhotos(testApp.app, alice, ideaId, [
      { name: 'a.png', bytes: png, type: 'image/png' },
      { name: 'b.webp', bytes: webp, type: 'image/webp' },
      { name: 'c.avif', bytes: avif, type: 'image/avif' },
      { name: 'd.gif', bytes: gif, type: 'image/gif' },
      { name: 'e.png', bytes: transparent, type: 'image/png' },
    ]);
    expect(photos.map(({ width, height, position }) => ({ width, height, position }))).toEqual([
      { width: 64, height: 48, position: 0 },
      { width: 64, height: 48, position: 1 },
      { width: 64, height: 48, position: 2 },
      { width: 30, height: 20, position: 3 },
      { width: 10, height: 10, position: 4 },
    ]);
    for (const photo of photos) {
      const file = await get(alice, photo.url);
      expect((await sharp(file.rawPayload).metadata()).format).toBe('jpeg');
    }
    // Transparency becomes white, not black.
    const clear = await get(alice, photos[4]!.url);
    const { data } = await sharp(clear.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(240);
  });

  it('refuses a text file named .jpg, whatever the browser says it is', async () => {
    const ideaId = await createIdea(testApp.app, alice);
    const response = await uploadPhotos(testApp.app, alice, ideaId, [
      { name: 'holiday.jpg', bytes: Buffer.from('just some words, not a picture\n'.repeat(20)), type: 'image/jpeg' },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'UNSUPPORTED_PHOTO_TYPE', message: expect.stringContaining('JPEG') });
    await expectNothingStored(alice, ideaId);
  });

  it('refuses an SVG, scripts and all', async () => {
    const ideaId = await createIdea(testApp.app, alice);
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
    );
    const response = await uploadPhotos(testApp.app, alice, ideaId, [
      { name: 'image.svg', bytes: svg, type: 'image/svg+xml' },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'UNSUPPORTED_PHOTO_TYPE' });
    await expectNothingStored(alice, ideaId);
  });

  it('refuses a 30 MB file while it streams, naming the limit, and stores nothing', async () => {
    const ideaId = await createIdea(testApp.app, alice);
    const huge = Buffer.alloc(30 * 1024 * 1024, 7);
    (await sidewaysPhoneJpeg()).copy(huge);
    const response = await uploadPhotos(testApp.app, alice, ideaId, [{ name: 'huge.jpg', bytes: huge }]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'PHOTO_TOO_LARGE', message: expect.stringContaining('20 MB') });
    await expectNothingStored(alice, ideaId);
  });

  it('refuses a cut-off JPEG, and a batch with one bad photo stores none of them', async () => {
    const ideaId = await createIdea(testApp.app, alice);
    const whole = await sidewaysPhoneJpeg();
    const truncated = whole.subarray(0, Math.floor(whole.length / 2));
    const alone = await uploadPhotos(testApp.app, alice, ideaId, [{ name: 'cut.jpg', bytes: truncated }]);
    expect(alone.statusCode).toBe(400);
    expect(alone.json()).toMatchObject({ code: 'UNREADABLE_PHOTO' });
    await expectNothingStored(alice, ideaId);

    const batch = await uploadPhotos(testApp.app, alice, ideaId, [
      { name: 'good.png', bytes: await plainPng(), type: 'image/png' },
      { name: 'cut.jpg', bytes: truncated },
    ]);
    expect(batch.statusCode).toBe(400);
    await expectNothingStored(alice, ideaId);
  });

  it('explains how to share a HEIC photo the server cannot read as JPEG', async () => {
    const ideaId = await createIdea(testApp.app, alice);
    // An ISO media file whose brand says HEIC, holding no image libheif can decode here.
    const heic = Buffer.concat([
      Buffer.from([0, 0, 0, 24]),
      Buffer.from('ftypheic'),
      Buffer.from([0, 0, 0, 0]),
      Buffer.from('mif1heic'),
      Buffer.alloc(200, 1),
    ]);
    const response = await uploadPhotos(testApp.app, alice, ideaId, [
      { name: 'IMG_0002.HEIC', bytes: heic, type: 'image/heic' },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'HEIC_UNSUPPORTED',
      message: expect.stringContaining('Most Compatible'),
    });
    await expectNothingStored(alice, ideaId);
  });

  it('refuses a request with no photo, or not multipart', async () => {
    const ideaId = await createIdea(testApp.app, alice);
    const empty = await uploadPhotos(testApp.app, alice, ideaId, []);
    expect(empty.statusCode).toBe(400);
    const json = await testApp.app.inject({
      method: 'POST',
      url: `/api/ideas/${ideaId}/photos`,
      headers: alice.headers,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(400);
    await expectNothingStored(alice, ideaId);
  });

  it(`takes at most ${maxPhotosPerIdea} photos per idea: the 11th is refused with 409`, async () => {
    const ideaId = await createIdea(testApp.app, alice);
    const png = await plainPng(20, 20);
    const eleven = Array.from({ length: maxPhotosPerIdea + 1 }, (_, index) => ({ name: `${index}.png`, bytes: png }));
    const tooMany = await uploadPhotos(testApp.app, alice, ideaId, eleven);
    expect(tooMany.statusCode).toBe(409);
    await expectNothingStored(alice, ideaId);

    const ten = await uploadPhotos(testApp.app, alice, ideaId, eleven.slice(0, maxPhotosPerIdea));
    expect(ten.statusCode, ten.body).toBe(201);
    const eleventh = await uploadPhotos(testApp.app, alice, ideaId, [{ name: 'one-more.png', bytes: png }]);
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json()).toMatchObject({ code: 'PHOTO_LIMIT', message: 'An idea can have at most 10 photos.' });
    expect(await listPhotos(testApp.app, alice, ideaId)).toHaveLength(maxPhotosPerIdea);
    expect(storedFiles(testApp.config.MEDIA_DIR, alice, ideaId)).toHaveLength(2 * maxPhotosPerIdea);
  });

  it("answers 404 for another user's idea", async () => {
    const ideaId = await createIdea(testApp.app, alice);
    const response = await uploadPhotos(testApp.app, bob, ideaId, [await smallPng()]);
    expect(response.statusCode).toBe(404);
    expect((await get(bob, `/api/ideas/${ideaId}/photos`)).statusCode).toBe(404);
    await expectNothingStored(alice, ideaId);
  });
});

describe('a stored photo', () => {
  it("is its owner's only: another user gets 404 for every photo route", async () => {
    const ideaId = await createIdea(testApp.app, alice);
    const photo = await addPhoto(testApp.app, alice, ideaId, await smallPng());
    expect((await get(bob, photo.url)).statusCode).toBe(404);
    expect((await get(bob, photo.thumbnailUrl)).statusCode).toBe(404);
    const patch = await testApp.app.inject({
      method: 'PATCH',
      url: photo.url,
      headers: bob.headers,
      payload: { alt: 'mine' },
    });
    expect(patch.statusCode).toBe(404);
    const remove = await testApp.app.inject({ method: 'DELETE', url: photo.url, headers: bob.headers });
    expect(remove.statusCode).toBe(404);
    const order = await testApp.app.inject({
      method: 'PUT',
      url: `/api/ideas/${ideaId}/photos/order`,
      headers: bob.headers,
      payload: { photoIds: [photo.id] },
    });
    expect(order.statusCode).toBe(404);
    expect((await get(alice, photo.url)).statusCode).toBe(200);
    expect(await listPhotos(testApp.app, alice, ideaId)).toMatchObject([{ id: photo.id, alt: null }]);
    // Without a session: 401.
    expect((await testApp.app.inject({ method: 'GET', url: photo.url })).statusCode).toBe(401);
  });

  it('takes alt text (at most 300 characters; empty removes it)', async () => {
    const ideaId = await createIdea(testApp.app, alice);
    const photo = await addPhoto(testApp.app, alice, ideaId, await smallPng());
    const patch = (alt: unknown) =>
      testApp.app.inject({ method: 'PATCH', url: photo.url, headers: alice.headers, payload: { alt } });
    expect((await patch('  Our new front door  ')).json()).toMatchObject({ alt: 'Our new front door' });
    const tooLong = await patch('x'.repeat(301));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ message: 'Alt text can be at most 300 characters.' });
    expect((await patch('')).json()).toMatchObject({ alt: null });
  });

  it('is reordered by the full list of the idea photos, and deleting one moves the later ones up', async () => {
    const ideaId = await createIdea(testApp.app, alice);
    const created = await uploadPhotos(
      testApp.app,
      alice,
      ideaId,
      ['#ff0000', '#00ff00', '#0000ff'].map((colour, index) => ({ name: `${index}.png`, bytes: Buffer.from(colour) })),
    );
    expect(created.statusCode).toBe(400); // not images: a reminder that the bytes decide
    const [first, second, third] = await addPhotos(
      testApp.app,
      alice,
      ideaId,
      await colourPngs(['#ff0000', '#00ff00', '#0000ff'], 10, 10),
    );
    const reorder = (photoIds: string[]) =>
      testApp.app.inject({
        method: 'PUT',
        url: `/api/ideas/${ideaId}/photos/order`,
        headers: alice.headers,
        payload: { photoIds },
      });

    const reordered = await reorder([third!.id, first!.id, second!.id]);
    expect(reordered.statusCode).toBe(200);
    expect(photoListSchema.parse(reordered.json()).photos.map(({ id, position }) => [id, position])).toEqual([
      [third!.id, 0],
      [first!.id, 1],
      [second!.id, 2],
    ]);
    // Not every photo, or one twice: refused, nothing changes.
    expect((await reorder([first!.id, second!.id])).statusCode).toBe(400);
    expect((await reorder([first!.id, first!.id, second!.id])).statusCode).toBe(400);
    expect((await reorder([first!.id, second!.id, '00000000-0000-4000-8000-000000000000'])).statusCode).toBe(400);

    const remove = await testApp.app.inject({ method: 'DELETE', url: third!.url, headers: alice.headers });
    expect(remove.statusCode).toBe(204);
    expect((await get(alice, third!.url)).statusCode).toBe(404);
    expect((await listPhotos(testApp.app, alice, ideaId)).map(({ id, position }) => [id, position])).toEqual([
      [first!.id, 0],
      [second!.id, 1],
    ]);
    expect(storedFiles(testApp.config.MEDIA_DIR, alice, ideaId)).toHaveLength(4);
  });

  it('goes with its idea: deleting the idea deletes the files', async () => {
    const ideaId = await createIdea(testApp.app, alice);
    const photo = await addPhoto(testApp.app, alice, ideaId, await smallPng());
    expect(storedFiles(testApp.config.MEDIA_DIR, alice, ideaId)).toHaveLength(2);
    const remove = await testApp.app.inject({ method: 'DELETE', url: `/api/ideas/${ideaId}`, headers: alice.headers });
    expect(remove.statusCode).toBe(204);
    expect(storedFiles(testApp.config.MEDIA_DIR, alice, ideaId)).toEqual([]);
    expect((await get(alice, photo.url)).statusCode).toBe(404);
  });

  it("goes with the account: deleting it deletes the user's media", async () => {
    const carol = await createUser(testApp.app);
    const ideaId = await createIdea(testApp.app, carol);
    await addPhoto(testApp.app, alice, await createIdea(testApp.app, alice), await smallPng());
    await addPhoto(testApp.app, carol, ideaId, await smallPng());
    expect(storedFiles(testApp.config.MEDIA_DIR, carol)).not.toEqual([]);
    const deleted = await testApp.app.inject({
      method: 'POST',
      url: '/api/account/delete',
      headers: carol.headers,
      payload: { password: 'Passw0rd!' },
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect(existsSync(path.join(testApp.config.MEDIA_DIR, carol.id))).toBe(false);
    expect(storedFiles(testApp.config.MEDIA_DIR, alice)).not.toEqual([]);
  });
});
