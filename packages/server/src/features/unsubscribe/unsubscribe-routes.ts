import { pickLocale } from '@life-updates/contract/i18n';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readUnsubscribeToken } from '../../lib/unsubscribe-token.ts';
import { asPlainPage } from '../../lib/plain-page.ts';
import { markUnsubscribed, resubscribe } from '../recipients/recipients-service.ts';
import { renderUnsubscribePage, type UnsubscribePageState } from './unsubscribe-page.ts';
import { getUnsubscribeSubject } from './unsubscribe-service.ts';

const tokenParams = z.object({ token: z.string().max(200) });

/**
 * The contact's unsubscribe link, outside /api/: no session, no CSRF origin check (mail providers
 * POST it from their own servers), no per-IP API limit (one provider posts for many people). The
 * token itself is the authority: signed with the server secret, one per contact.
 *
 * A GET (or HEAD) never changes anything: mail scanners and link previews fetch every URL in a
 * mail, so the GET shows the page with an Unsubscribe button, a plain form that POSTs back. The
 * POST unsubscribes at once: that button, and the mail provider's one-click POST (RFC 8058, body
 * `List-Unsubscribe=One-Click`, sent only with the user's consent, §3.2). Its page offers the undo.
 */
export async function unsubscribeRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;
  // RFC 8058 one-click POSTs carry `List-Unsubscribe=One-Click` as a form body (urlencoded or
  // multipart), the page's button an empty one; the body changes nothing here, so any body is read
  // as text and left aside.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, _body, done) =>
    done(null, undefined),
  );
  const typed = app.withTypeProvider<ZodTypeProvider>();

  const respond = async (
    request: FastifyRequest,
    reply: FastifyReply,
    token: string,
    action: 'show' | 'unsubscribe' | 'resubscribe',
  ) => {
    const contactId = readUnsubscribeToken({ appSecret: config.APP_SECRET, token });
    const subject = contactId ? await getUnsubscribeSubject({ db, contactId }) : null;
    asPlainPage(reply);
    if (!contactId || !subject) {
      request.log.info('unsubscribe link not valid');
      return reply
        .status(404)
        .send(renderUnsubscribePage({ state: 'invalid', locale: pickLocale(request.headers['accept-language']) }));
    }
    if (action === 'unsubscribe') await markUnsubscribed({ db, contactId, source: 'link' });
    if (action === 'resubscribe') await resubscribe({ db, contactId });
    // Shown without a change, the page says where the contact stands: already unsubscribed (by an
    // earlier click or a spam complaint) offers the undo, else the Unsubscribe button.
    const state: UnsubscribePageState =
      action === 'resubscribe'
        ? 'resubscribed'
        : action === 'unsubscribe' || subject.isUnsubscribed
          ? 'unsubscribed'
          : 'confirm';
    return reply.send(
      renderUnsubscribePage({
        state,
        locale: pickLocale(request.headers['accept-language'], subject.senderLocale),
        senderName: subject.senderName,
        token,
      }),
    );
  };

  const routeOptions = { schema: { hide: true, params: tokenParams } } as const;
  // Fastify answers a HEAD (link checkers send them) with this GET route: it changes nothing either.
  typed.get('/u/:token', routeOptions, (request, reply) => respond(request, reply, request.params.token, 'show'));
  typed.post('/u/:token', routeOptions, (request, reply) =>
    respond(request, reply, request.params.token, 'unsubscribe'),
  );
  typed.post('/u/:token/undo', routeOptions, (request, reply) =>
    respond(request, reply, request.params.token, 'resubscribe'),
  );
}
