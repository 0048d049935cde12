import { usageSchema } from '@life-updates/contract/ideas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../lib/session.ts';
import { getMonthlyUsage } from './usage-service.ts';

/** The usage meter's figure. */
export async function usageRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/usage', { schema: { tags: ['usage'], response: { 200: usageSchema } } }, async (request) =>
      getMonthlyUsage({ db, userId: requireUser(request).id }),
    );
}
