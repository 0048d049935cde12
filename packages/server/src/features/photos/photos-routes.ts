import multipart from '@fastify/multipart';
import { ideaIdParamsSchema, idempotencyKeyHeader } from '@life-updates/contract/ideas';
import {
  acceptedPhotoTypes,
  maxPhotoBytes,
  maxPhotoMegabytes,
  maxPhotosPerIdea,
  photoIdParamsSchema,
  photoListSchema,
  photoSchema,
  reorderPhotosSchema,
  updatePhotoSchema,
  uploadPhotosHeadersSchema,
} from '@life-updates/contract/photos';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, badRequest } from '../../lib/app-error.ts';
import { requireUser } from '../../lib/session.ts';
import { processPhoto, type ProcessedPhoto } from './photo-processing.ts';
import {
  addIdeaPhotos,
  deletePhoto,
  findIdeaPhotos,
  findUploadedPhoto,
  getPhotoFile,
  photosLeft,
  reorderIdeaPhotos,
  tooManyPhotos,
  updatePhotoAlt,
} from './photos-service.ts';

const tags = ['photos'];
const noPhotos = () => badRequest('photos.errors.noPhotos');

/**
 * Reads the uploaded files one at a time and processes each as it arrives, so at most one upload
 * (at most maxPhotoBytes: the multipart limit cuts a larger one off while it streams) and the
 * processed results are held in memory. Nothing is stored until every file has been read. An upload
 * with an Idempotency-Key carries one photo: a second is refused before it is processed.
 */
async function readPhotos(
  request: FastifyRequest,
  userId: string,
  room: number,
  hasKey: boolean,
): Promise<ProcessedPhoto[]> {
  if (!request.isMultipart()) throw noPhotos();
  const { multipartErrors } = request.server;
  const photos: ProcessedPhoto[] = [];
  try {
    for await (const part of request.files()) {
      if (hasKey && photos.length >= 1) {
        part.file.resume();
        throw badRequest('photos.errors.keyOnePhoto');
      }
      if (photos.length >= room) {
        part.file.resume();
        throw tooManyPhotos();
      }
      const upload = await part.toBuffer();
      if (upload.length === 0) throw noPhotos();
      photos.push(await processPhoto(upload, { uploadedBy: userId }));
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof multipartErrors.RequestFileTooLargeError) {
      throw new AppError({
        status: 413,
        code: 'PHOTO_TOO_LARGE',
        message: 'photos.errors.tooLarge',
        values: { limit: maxPhotoMegabytes },
      });
    }
    if (error instanceof multipartErrors.FilesLimitError) throw tooManyPhotos();
    // A malformed or cut-off upload is the client's problem, not a server failure.
    request.log.info({ err: error }, 'unreadable photo upload');
    throw noPhotos();
  }
  if (photos.length === 0) throw noPhotos();
  return photos;
}

/** A stored file: only the reader's browser may keep it (an hour at most), never a shared cache. */
export function sendPhotoFile(
  reply: FastifyReply,
  file: Awaited<ReturnType<typeof getPhotoFile>>,
  maxAgeSeconds = 3600,
) {
  reply
    .type(file.contentType)
    .header('cache-control', `private, max-age=${maxAgeSeconds}`)
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', 'inline')
    .header('referrer-policy', 'no-referrer');
  if (file.bytes !== undefined) reply.header('content-length', file.bytes);
  return reply.send(file.body);
}

/**
 * Photos on ideas: upload, list, the files themselves, alt text, order and deletion. Every call is
 * scoped to the session's user; another user's idea or photo is a 404. Multipart is registered in
 * this plugin's scope only.
 */
export async function photosRoutes(app: FastifyInstance) {
  const { db, media: storage } = app.deps;
  await app.register(multipart, {
    limits: { fileSize: maxPhotoBytes, files: maxPhotosPerIdea, fields: 10, parts: maxPhotosPerIdea + 10 },
  });
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/ideas/:id/photos',
    { schema: { tags, params: ideaIdParamsSchema, response: { 200: photoListSchema } } },
    async (request) => ({
      photos: await findIdeaPhotos({ db, userId: requireUser(request).id, ideaId: request.params.id }),
    }),
  );

  typed.post(
    '/api/ideas/:id/photos',
    {
      schema: {
        tags,
        params: ideaIdParamsSchema,
        headers: uploadPhotosHeadersSchema,
        consumes: ['multipart/form-data'],
        description: `Multipart form data with one or more photos in fields named "file" (${acceptedPhotoTypes.join(', ')}, recognised by their bytes; at most ${maxPhotoMegabytes} MB each, ${maxPhotosPerIdea} per idea). Answers the photos added. With an Idempotency-Key (one photo per request), a key the user has used before stores nothing and answers with the photo it stored; the key of a photo on another idea is a 409.`,
        response: { 201: photoListSchema },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const userId = requireUser(request).id;
      const ideaId = request.params.id;
      const idempotencyKey = request.headers[idempotencyKeyHeader] ?? null;
      // A retry after a lost answer: nothing is read or stored, the answer is the photo stored the
      // first time (even when the idea has since reached its limit).
      if (idempotencyKey !== null) {
        const earlier = await findUploadedPhoto({ db, userId, ideaId, idempotencyKey });
        if (earlier) return reply.status(201).send({ photos: [earlier] });
      }
      const room = await photosLeft({ db, userId, ideaId });
      if (room <= 0) throw tooManyPhotos();
      const photos = await readPhotos(request, userId, room, idempotencyKey !== null).catch((error: unknown) => {
        // A full image queue is a moment's wait (RFC 6585 and RFC 9110: Retry-After).
        if (error instanceof AppError && error.code === 'PHOTO_QUEUE_FULL') {
          reply.header('retry-after', String(error.values?.seconds ?? ''));
        }
        throw error;
      });
      const added = await addIdeaPhotos({ db, storage, userId, ideaId, photos, idempotencyKey });
      return reply.status(201).send({ photos: added });
    },
  );

  typed.put(
    '/api/ideas/:id/photos/order',
    { schema: { tags, params: ideaIdParamsSchema, body: reorderPhotosSchema, response: { 200: photoListSchema } } },
    async (request) => ({
      photos: await reorderIdeaPhotos({
        db,
        userId: requireUser(request).id,
        ideaId: request.params.id,
        photoIds: request.body.photoIds,
      }),
    }),
  );

  for (const [path, variant, description] of [
    ['/api/photos/:id', 'image', 'The stored image (JPEG).'],
    ['/api/photos/:id/thumbnail', 'thumbnail', 'The thumbnail (JPEG).'],
  ] as const) {
    typed.get(path, { schema: { tags, params: photoIdParamsSchema, description } }, async (request, reply) =>
      sendPhotoFile(
        reply,
        await getPhotoFile({ db, storage, userId: requireUser(request).id, photoId: request.params.id, variant }),
      ),
    );
  }

  typed.patch(
    '/api/photos/:id',
    { schema: { tags, params: photoIdParamsSchema, body: updatePhotoSchema, response: { 200: photoSchema } } },
    async (request) =>
      updatePhotoAlt({ db, userId: requireUser(request).id, photoId: request.params.id, alt: request.body.alt }),
  );

  typed.delete(
    '/api/photos/:id',
    { schema: { tags, params: photoIdParamsSchema, response: { 204: z.null().describe('Deleted') } } },
    async (request, reply) => {
      await deletePhoto({ db, storage, userId: requireUser(request).id, photoId: request.params.id });
      return reply.status(204).send(null);
    },
  );
}
