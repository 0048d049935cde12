import { photoLinkParamsSchema } from '@life-updates/contract/photos';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/app-error.ts';
import { readPhotoLinkToken } from './photo-link-token.ts';
import { getPhotoFile } from './photos-service.ts';

/**
 * The link to one photo of a share that did not fit in its email (over 10 MB of images). No
 * session: the reader of the email has none; the signed token names the owner and the photo, so the
 * owner-scoped read serves that photo and no other. A forged, altered or expired token, and a
 * photo deleted since, are all the same 404.
 */
export async function photoLinkRoutes(app: FastifyInstance) {
  const { db, config, media: storage } = app.deps;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/photo-links/:token',
    {
      config: { isPublic: true },
      schema: {
        tags: ['photos'],
        params: photoLinkParamsSchema,
        description: 'A photo of a shared update, by the signed link in the email (JPEG). No session needed.',
      },
    },
    async (request, reply) => {
      const link = readPhotoLinkToken({ appSecret: config.APP_SECRET, token: request.params.token });
      if (!link) {
        request.log.info('photo link not valid');
        throw notFound('photos.errors.notFound');
      }
      const file = await getPhotoFile({ db, storage, userId: link.userId, photoId: link.photoId, variant: 'image' });
      // Only the reader's browser keeps it (never a shared cache), and not past the link's expiry.
      const maxAge = Math.max(0, Math.min(3600, Math.floor((link.expiresAt.getTime() - Date.now()) / 1000)));
      reply
        .type(file.contentType)
        .header('cache-control', `private, max-age=${maxAge}`)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .header('referrer-policy', 'no-referrer');
      if (file.bytes !== undefined) reply.header('content-length', file.bytes);
      return reply.send(file.body);
    },
  );
}
