import { pickLocale, translate } from '@life-updates/contract/i18n';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { requestOrigin } from '../features/public-address/public-address.ts';

const originOf = (value: string) => {
  try {
    return new URL(value).origin;
  } catch {
    return 'invalid';
  }
};

/** Security headers on every response, and the same-origin check on every state-changing API request. */
export const securityPlugin = fp(
  async (app) => {
    const { config } = app.deps;
    // Built once, not per request: its headers never change between requests (docs/benchmarks.md (a)).
    const securityHeaders = helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          mediaSrc: ["'self'", 'blob:'],
          connectSrc: ["'self'"],
          workerSrc: ["'self'"],
          manifestSrc: ["'self'"],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: config.BASE_URL.startsWith('https://') ? [] : null,
        },
      },
      strictTransportSecurity: config.BASE_URL.startsWith('https://'),
    });
    app.addHook('onRequest', (request, reply, done) =>
      securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
    );

    // CSRF: a state-changing API request from a browser must come from our own origin. Browsers
    // send Origin on cross-site POSTs; Referer and Sec-Fetch-Site cover the ones that do not (older
    // browsers, privacy extensions stripping Origin). Clients without any of them (curl, scripts)
    // carry no ambient cookie to abuse. The session cookie is also SameSite=Lax (docs/security.md).
    // Our own origin is BASE_URL's when it is set, else the address this request was sent to (its
    // Host, or the proxy's X-Forwarded-Host/-Proto with TRUST_PROXY), so every address that reaches
    // the server works, and an Origin that disagrees with the Host is cross-site.
    const fixedOrigin = app.publicAddress.fixed;
    app.addHook('onRequest', async (request, reply) => {
      if (!request.url.startsWith('/api/') || ['GET', 'HEAD', 'OPTIONS'].includes(request.method)) return;
      const { origin, referer } = request.headers;
      const fetchSite = request.headers['sec-fetch-site'];
      const ownOrigin = requestOrigin(request);
      const allowedOrigin = fixedOrigin ?? ownOrigin;
      const isForeign =
        (origin !== undefined && origin !== allowedOrigin) ||
        (origin === undefined && referer !== undefined && originOf(referer) !== allowedOrigin) ||
        fetchSite === 'cross-site' ||
        fetchSite === 'same-site';
      if (isForeign) {
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
      }
    });
  },
  { name: 'security', decorators: { fastify: ['deps', 'publicAddress'] } },
);
