import { pickLocale, translate } from '@life-updates/contract/i18n';
import fp from 'fastify-plugin';
import { originOf, requestOrigin } from '../features/public-address/public-address.ts';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF: a state-changing request to a route of the scope this is registered in (the API, app.ts)
 * must come from our own origin. It holds for the route a request reached, however its path was
 * spelled (`/%61pi/...` reaches the same route and meets the same check).
 *
 * Browsers send Origin on cross-site POSTs; Referer and Sec-Fetch-Site cover the ones that do not
 * (older browsers, privacy extensions stripping Origin). Clients without any of them (curl, scripts)
 * carry no ambient cookie to abuse. The session cookie is also SameSite=Lax (docs/security.md).
 * Our own origin is BASE_URL's when it is set, else the address this request was sent to (its Host,
 * or the proxy's X-Forwarded-Host/-Proto with TRUST_PROXY), so every address that reaches the
 * server works, and an Origin that disagrees with the Host is cross-site.
 */
export const sameOriginPlugin = fp(
  async (app) => {
    const fixedOrigin = app.publicAddress.fixed;
    app.addHook('onRequest', async (request, reply) => {
      if (safeMethods.has(request.method)) return;
      const { origin, referer } = request.headers;
      const fetchSite = request.headers['sec-fetch-site'];
      const ownOrigin = requestOrigin(request);
      const allowedOrigin = fixedOrigin ?? ownOrigin;
      const isForeign =
        (origin !== undefined && origin !== allowedOrigin) ||
        (origin === undefined && referer !== undefined && originOf(referer) !== allowedOrigin) ||
        fetchSite === 'cross-site' ||
        fetchSite === 'same-site';
      if (!isForeign) return;
      const locale = pickLocale(request.headers['accept-language']);
      // The page itself was opened at another address of this server (BASE_URL is set): say which one to use.
      const sentFrom = origin ?? (referer === undefined ? undefined : originOf(referer));
      if (fixedOrigin !== undefined && sentFrom === ownOrigin) {
        return reply.status(403).send({
          code: 'WRONG_ADDRESS',
          message: translate('publicAddress.wrongAddress', locale, { address: fixedOrigin }),
        });
      }
      return reply.status(403).send({ code: 'FORBIDDEN_ORIGIN', message: translate('errors.forbidden', locale) });
    });
  },
  { name: 'same-origin', decorators: { fastify: ['publicAddress'] } },
);
