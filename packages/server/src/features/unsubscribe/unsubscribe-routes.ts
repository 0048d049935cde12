import { pickLocale } from '@life-updates/contract/i18n';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readUnsubscribeToken } from '../../lib/unsubscribe-token.ts';
import { renderUnsubscribePage, type UnsubscribePageState } from './unsubscribe-page.ts';
import { getUnsubscribeSubject, resubscribeContact, unsubscribeContact } from './unsubscribe-service.ts';

const tokenParams = z.object({ token: z.string().max(200) });

/**
 * The contact's unsubscribe link (RFC 8058), outside /api/: no session, no CSRF origin check (mail
 * providers POST it from their own servers), no per-IP API limit (one provider posts for many
 * people). The token itself is the authority: signed with the server secret, one per contact.
 * GET and POST both unsubscribe at once; the page offers only an undo.
 */
export async function unsubscribeRoutes(app: FastifyInstance) {
  const { db } = app.deps.database;
  const { config } = app.deps;
  // RFC 8058 one-click POSTs carry `List-Unsubscribe=One-Click` as a form body (urlencoded or
  // multipart); its content changes nothing here, so any body is read as text and left aside.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, _body, done) =>
    done(null, undefined),
  );
  const typed = app.withTypeProvider<ZodTypeProvider>();

  const respond = async (
    request: FastifyRequest,
    reply: FastifyReply,
    token: string,
    change: ((contactId: string) => Promise<void>) | null,
    state: UnsubscribePageState,
  ) => {
    const contactId = readUnsubscribeToken({ appSecret: config.APP_SECRET, token });
    const subject = contactId ? await getUnsubscribeSubject({ db, contactId }) : null;
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').type('text/html; charset=utf-8');
    if (!contactId || !subject) {
      request.log.info('unsubscribe link not valid');
      return reply
        .status(404)
        .send(renderUnsubscribePage({ state: 'invalid', locale: pickLocale(request.headers['accept-language']) }));
    }
    if (change) await change(contactId);
    return reply.send(
      renderUnsubscribePage({
        state,
        locale: pickLocale(request.headers['accept-language'], subject.senderLocale),
        senderName: subject.senderName,
        token,
      }),
    );
  };
  const unsubscribe = (contactId: string) => unsubscribeContact({ db, contactId, source: 'link' });

  const routeOptions = { schema: { hide: true, params: tokenParams } } as const;
  // A HEAD (link checkers send them) answers like the GET but changes nothing.
  typed.get('/u/:token', routeOptions, (request, reply) =>
    respond(request, reply, request.params.token, request.method === 'HEAD' ? null : unsubscribe, 'unsubscribed'),
  );
  typed.post('/u/:token', routeOptions, (request, reply) =>
    respond(request, reply, request.params.token, unsubscribe, 'unsubscribed'),
  );
  typed.post('/u/:token/undo', routeOptions, (request, reply) =>
    respond(request, reply, request.params.token, (contactId) => resubscribeContact({ db, contactId }), 'resubscribed'),
  );
}
