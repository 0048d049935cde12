import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { TestUser } from './test-app.ts';

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

/** Uploads the files to the idea as the user. */
export async function uploadPhotos(app: FastifyInstance, user: TestUser, ideaId: string, files: readonly UploadFile[]) {
  const { payload, contentType } = await multipartOf(files);
  return app.inject({
    method: 'POST',
    url: `/api/ideas/${ideaId}/photos`,
    headers: { ...user.headers, 'content-type': contentType },
    payload,
  });
}

/** A small PNG of one colour. */
export function plainPng(width = 64, height = 48, colour = '#3366cc'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
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
    .withExif({
      IFD0: { Make: 'TestCam' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '38/1 42/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '9/1 8/1 0/1' },
    })
    .jpeg({ quality: 92 })
    .toBuffer();
}
