import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';

/**
 * Per-client rate limits on every route of the scope this is registered in (the API, app.ts): 600
 * requests a minute by default; costly routes set a tighter one in their own `config.rateLimit`. The
 * limit belongs to the route a request reached, so every spelling of its path counts against it.
 * RATE_LIMIT_SCALE multiplies every limit, the routes' own ones too.
 */
export const rateLimitPlugin = fp(
  async (app) => {
    const scale = app.deps.config.RATE_LIMIT_SCALE;
    // Runs before @fastify/rate-limit's own onRoute hook (added below), which reads the route's limit.
    app.addHook('onRoute', (route) => {
      const limit = route.config?.rateLimit;
      if (limit && typeof limit.max === 'number')
        route.config = { ...route.config, rateLimit: { ...limit, max: limit.max * scale } };
    });
    await app.register(rateLimit, { global: true, max: 600 * scale, timeWindow: '1 minute' });
  },
  { name: 'rate-limit', decorators: { fastify: ['deps'] } },
);
