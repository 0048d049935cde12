import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';

/** The API's default per-client limit; costly routes set a tighter one in their own `config.rateLimit`. */
export const rateLimitPlugin = fp(
  async (app) => {
    await app.register(rateLimit, {
      global: true,
      max: 600 * app.deps.config.RATE_LIMIT_SCALE,
      timeWindow: '1 minute',
      allowList: (request) => !request.url.startsWith('/api/'),
    });
  },
  { name: 'rate-limit', decorators: { fastify: ['deps'] } },
);
