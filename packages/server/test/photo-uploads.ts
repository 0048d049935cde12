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
