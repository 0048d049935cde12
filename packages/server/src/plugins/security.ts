import fp from 'fastify-plugin';
import helmet from 'helmet';

/** Security headers on every response (the same-origin check is the API scope's: same-origin.ts). */
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
  },
  { name: 'security', decorators: { fastify: ['deps'] } },
);
