import { apiErrorSchema } from '@life-updates/contract/errors';
import {
  linkedinCallbackQuerySchema,
  linkedinConnectionResponseSchema,
  linkedinConnectResponseSchema,
  type LinkedinCallbackOutcome,
} from '@life-updates/contract/linkedin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../lib/session.ts';
import { linkedinApiVersionWarning } from './linkedin-api-version.ts';
import { createLinkedinOauth } from './linkedin-oauth.ts';
import {
  disconnectLinkedin,
  finishLinkedinAuthorization,
  getLinkedinConnection,
  startLinkedinAuthorization,
} from './linkedin-service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

/** Settings → Connected accounts: connecting LinkedIn (posts go out through the share pipeline). */
export async function linkedinRoutes(app: FastifyInstance) {
  // The OAuth redirect URL is built on the public address (never on a request's Host).
  const { publicAddress } = app;
  const { db, config, secretBox } = app.deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const oauth = createLinkedinOauth(config);
  // Said once at start-up, before a retired version starts failing every post.
  const versionWarning = oauth ? linkedinApiVersionWarning(config.LINKEDIN_API_VERSION, new Date()) : null;
  if (versionWarning) app.log.warn(versionWarning);

  typed.get(
    '/api/linkedin/connection',
    { schema: { tags: ['linkedin'], response: { 200: linkedinConnectionResponseSchema, 401: apiErrorSchema } } },
    async (request) =>
      getLinkedinConnection({ db, userId: requireUser(request).id, isConfigured: oauth !== null, now: new Date() }),
  );

  typed.post(
    '/api/linkedin/connect',
    { schema: { tags: ['linkedin'], response: { 200: linkedinConnectResponseSchema, ...errors } } },
    async (request) => ({
      authorizationUrl: await startLinkedinAuthorization({
        db,
        publicAddress,
        oauth,
        userId: requireUser(request).id,
        now: new Date(),
      }),
    }),
  );

  // LinkedIn sends the browser back here. Any outcome lands on Settings → Connected accounts, which
  // says what happened; the details of a failure go to the log only.
  typed.get(
    '/api/linkedin/callback',
    { config: { isPublic: true }, schema: { tags: ['linkedin'], querystring: linkedinCallbackQuerySchema } },
    async (request, reply) => {
      const user = request.sessionUser;
      if (!user) return reply.redirect('/login');
      const land = (outcome: LinkedinCallbackOutcome) => reply.redirect(`/settings?tab=connected&linkedin=${outcome}`);
      const { error } = request.query;
      if (error) {
        request.log.info({ error }, 'LinkedIn authorisation not granted');
        return land(error === 'user_cancelled_authorize' || error === 'user_cancelled_login' ? 'denied' : 'failed');
      }
      try {
        const query = new URLSearchParams(request.url.slice(request.url.indexOf('?') + 1));
        await finishLinkedinAuthorization({
          db,
          secretBox,
          publicAddress,
          oauth,
          userId: user.id,
          callbackQuery: query,
          now: new Date(),
        });
        return land('connected');
      } catch (failure) {
        request.log.warn({ err: failure }, 'LinkedIn connection failed');
        return land('failed');
      }
    },
  );

  typed.delete(
    '/api/linkedin/connection',
    { schema: { tags: ['linkedin'], response: { 204: z.null(), 401: apiErrorSchema } } },
    async (request, reply) => {
      await disconnectLinkedin({ db, userId: requireUser(request).id });
      return reply.status(204).send(null);
    },
  );
}
