import { apiErrorSchema } from '@life-updates/contract/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { databaseFailed } from '../../lib/app-error.ts';
import { createReadinessCheck, readinessSchema } from './readiness.ts';

const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  version: z.string(),
});

/**
 * Two probes, as container platforms and load balancers use them. `/api/health` (liveness, the
 * image's HEALTHCHECK): the process answers HTTP; it touches nothing else, so a database outage
 * does not get the process restarted in a loop. `/api/ready` (readiness): 200 when the database
 * answers, every migration is applied and the job queue runs; 503 with what failed otherwise.
 */
export async function healthRoutes(app: FastifyInstance) {
  const { database, jobs } = app.deps;
  const checkReadiness = createReadinessCheck({ database, jobs });
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/api/health',
    {
      config: { isPublic: true },
      schema: { tags: ['health'], response: { 200: healthSchema, 503: apiErrorSchema } },
    },
    async () => {
      // After a fatal database error the process is exiting: a service manager or container health
      // check restarts it on this answer.
      if (database.fatalError) throw databaseFailed();
      return { status: 'ok' as const, database: database.kind, version: '1.2.0' };
    },
  );
  typed.get(
    '/api/ready',
    {
      config: { isPublic: true },
      schema: { tags: ['health'], response: { 200: readinessSchema, 503: readinessSchema } },
    },
    async (_request, reply) => {
      const readiness = await checkReadiness();
      return reply.status(readiness.status === 'ready' ? 200 : 503).send(readiness);
    },
  );
}
