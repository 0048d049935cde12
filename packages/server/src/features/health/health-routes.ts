import { apiErrorSchema } from '@life-updates/contract/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { databaseFailed } from '../../lib/app-error.ts';

const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  version: z.string(),
});

export async function healthRoutes(app: FastifyInstance) {
  const { database } = app.deps;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      config: { isPublic: true },
      schema: { tags: ['health'], response: { 200: healthSchema, 503: apiErrorSchema } },
    },
    async () => {
      // A service manager or container health check restarts the server on this answer.
      if (database.fatalError) throw databaseFailed();
      await database.db.execute(sql`select 1`);
      return { status: 'ok' as const, database: database.kind, version: '1.2.0' };
    },
  );
}
