import { photoListSchema, type Photo } from '@life-updates/contract/photos';
import type { FastifyInstance } from 'fastify';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { TestUser } from './test-app.ts';

/** Photos to and from the real app over `app.inject`, and the images the tests upload. */

export type UploadFile = { name: string; bytes: Buffer; type?: string };

/** A multipart/form-data body with the files in fields named "file", as a browser's FormData sends it. */
export async function multipartOf(files: readonly UploadFile[]) {
  const form = new FormData();
  for (const file of files) {
    form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/jpeg' }), file.name);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

/** Uploads the files to the idea as the user (with an Idempotency-Key when `idempotencyKey` is given); the raw answer. */
export async function uploadPhotos(
  app: FastifyInstance,
  user: TestUser,
  ideaId: string,
  files: readonly UploadFile[],
  idempotencyKey?: string,
) {
  const { payload, contentType } = await multipartOf(files);
  return app.inject({
    method: 'POST',
    url: `/api/ideas/${ideaId}/photos`,
    headers: {
      ...user.headers,
      'content-type': contentType,
      ...(idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey }),
    },
    payload,
  });
}

/** Uploads the files, expecting them stored; the photos the upload answers with, in order. */
export async function addPhotos(
  app: FastifyInstance,
  user: TestUser,
  ideaId: string,
  files: readonly UploadFile[],
): Promise<Photo[]> {
  const response = await uploadPhotos(app, user, ideaId, files);
  expect(response.statusCode, response.body).toBe(201);
  return photoListSchema.parse(response.json()).photos;
}

/** Uploads one file, expecting it stored; the photo. */
export async function addPhoto(app: FastifyInstance, user: TestUser, ideaId: string, file: UploadFile): Promise<Photo> {
  const [photo] = await addPhotos(app, user, ideaId, [file]);
  return photo!;
}

/** The idea's photos, as its owner lists them. */
export async function listPhotos(app: FastifyInstance, user: TestUser, ideaId: string): Promise<Photo[]> {
  const response = await app.inject({ method: 'GET', url: `/api/ideas/${ideaId}/photos`, headers: user.headers });
  expect(response.statusCode).toBe(200);
  return photoListSchema.parse(response.json()).photos;
}

/** Sets a photo's alt text as its owner. */
export async function describePhoto(app: FastifyInstance, user: TestUser, photo: Pick<Photo, 'url'>, alt: string) {
  const response = await app.inject({ method: 'PATCH', url: photo.url, headers: user.headers, payload: { alt } });
  expect(response.statusCode, response.body).toBe(200);
}

/** The stored image of a photo, as its owner downloads it. */
export async function storedImage(app: FastifyInstance, user: TestUser, photo: Pick<Photo, 'url'>): Promise<Buffer> {
  const response = await app.inject({ method: 'GET', url: photo.url, headers: user.headers });
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
}

/** The files stored for a user (MEDIA_DIR/<userId>) or one idea of theirs (…/<ideaId>), sorted; none when the folder is gone. */
export function storedFiles(mediaDir: string, user: TestUser, ideaId?: string): string[] {
  const folder = path.join(mediaDir, user.id, ...(ideaId ? [ideaId] : []));
  return existsSync(folder) ? readdirSync(folder, { recursive: true }).map(String).sort() : [];
}

/** A small PNG of one colour. */
export function plainPng(width = 64, height = 48, colour = '#3366cc'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/** A small PNG to upload, labelled image/png as a browser labels it. */
export async function smallPng(name = 'a.png'): Promise<UploadFile> {
  return { name, bytes: await plainPng(), type: 'image/png' };
}

/** PNGs of one colour each, `width` × `height`, named photo-0.png, photo-1.png… */
export function colourPngs(colours: readonly string[], width = 40, height = 30): Promise<UploadFile[]> {
  return Promise.all(
    colours.map(async (colour, index) => ({
      name: `photo-${index}.png`,
      bytes: await plainPng(width, height, colour),
      type: 'image/png',
    })),
  );
}

/** What a camera writes into a photo and the app must not keep: its make and where it was taken (GPS). */
const cameraExif = {
  IFD0: { Make: 'TestCam' },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '38/1 42/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '9/1 8/1 0/1' },
};

/** A JPEG as a phone takes it: one colour, with the camera's make and where it was taken (EXIF GPS). */
export function phoneJpeg({ width, height, colour }: { width: number; height: number; colour: string }) {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .withExif(cameraExif)
    .jpeg()
    .toBuffer();
}

/**
 * A photo as a camera takes it: noisy detail that JPEG cannot squeeze small (a stored 2048 px image
 * of a 12-megapixel one weighs over 1 MB), the camera's make and where it was taken (EXIF GPS).
 * `seed` makes photos of the same size differ.
 */
export function cameraJpeg({ width, height, seed = 1 }: { width: number; height: number; seed?: number }) {
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed;
  for (let index = 0; index < pixels.length; index += 1) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    pixels[index] = ((index % (width * 3)) / 12 + (state >> 24)) & 255;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .withExif(cameraExif)
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** No EXIF (camera, GPS), XMP or IPTC left in the image. */
export async function expectNoMetadata(image: Buffer) {
  const metadata = await sharp(image).metadata();
  expect(metadata.exif).toBeUndefined();
  expect(metadata.xmp).toBeUndefined();
  expect(metadata.iptc).toBeUndefined();
}

/**
 * Expects the image's middle pixel within `tolerance` of `expected` (#rrggbb) on each of red, green
 * and blue: JPEG stores colours close to, not exactly, as they were asked for.
 */
export async function expectMiddleColour(image: Buffer, expected: string, tolerance = 24) {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const offset = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
  const actual = [...data.subarray(offset, offset + 3)];
  const wanted = [1, 3, 5].map((at) => parseInt(expected.slice(at, at + 2), 16));
  const toHex = (channels: number[]) => `#${channels.map((value) => value.toString(16).padStart(2, '0')).join('')}`;
  expect(
    actual.every((channel, index) => Math.abs(channel - wanted[index]!) < tolerance),
    `middle pixel ${toHex(actual)}, expected within ${tolerance} of ${expected}`,
  ).toBe(true);
}
