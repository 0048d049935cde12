import { pickLocale, translate, type Locale } from '@life-updates/contract/i18n';
import { photoLinkParamsSchema } from '@life-updates/contract/photos';
import escapeHtml from 'escape-html';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { asPlainPage, renderPlainPage } from '../../lib/plain-page.ts';
import { readPhotoLinkToken } from './photo-link-token.ts';
import { sendPhotoFile } from './photos-routes.ts';
import { getMailLocale, getPhotoFile } from './photos-service.ts';

/**
 * The page a reader of the email sees instead of the photo: 404 for a link that is not valid or a
 * photo deleted since, 410 for a genuine link that has expired. A page, not the API's JSON: it opens
 * in a browser from a mail.
 */
function sendLinkPage(reply: FastifyReply, state: 'notFound' | 'expired', locale: Locale) {
  const t = (key: string) => escapeHtml(translate(`photos.link.${state}${key}`, locale));
  return asPlainPage(reply)
    .status(state === 'expired' ? 410 : 404)
    .header('x-content-type-options', 'nosniff')
    .send(renderPlainPage({ locale, title: t('Title'), body: `<p>${t('Text')}</p>` }));
}

/**
 * The link to one photo of a share that did not fit in its email (over 10 MB of images). No
 * session: the reader of the email has none; the signed token names the owner and the photo, so the
 * owner-scoped read serves that photo and no other.
 */
export async function photoLinkRoutes(app: FastifyInstance) {
  const { db, config, media: storage } = app.deps;
  // Any other path under the links (a token longer than the router takes for a parameter, a link
  // broken by a mail reader) is a link that is not valid too: the page, not the API's JSON.
  app.get('/api/photo-links/*', { config: { isPublic: true }, schema: { hide: true } }, (request, reply) =>
    sendLinkPage(reply, 'notFound', pickLocale(request.headers['accept-language'])),
  );
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
      const requestLocale = pickLocale(request.headers['accept-language']);
      if (!link) {
        request.log.info('photo link not valid');
        return sendLinkPage(reply, 'notFound', requestLocale);
      }
      // A genuine link answers in the language of the mail it came in: its owner's.
      const locale = (await getMailLocale({ db, userId: link.userId })) ?? requestLocale;
      if (link.isExpired) return sendLinkPage(reply, 'expired', locale);
      let file;
      try {
        file = await getPhotoFile({ db, storage, userId: link.userId, photoId: link.photoId, variant: 'image' });
      } catch (error) {
        // Deleted since: the link no longer shows it.
        if (error instanceof AppError && error.status === 404) return sendLinkPage(reply, 'notFound', locale);
        throw error;
      }
      // Not kept past the link's expiry.
      const maxAge = Math.max(0, Math.min(3600, Math.floor((link.expiresAt.getTime() - Date.now()) / 1000)));
      return sendPhotoFile(reply, file, maxAge);
    },
  );
}
