import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../lib/session.ts';
import { buildAccountExport } from './account-export-service.ts';

/** Settings → Account → Export my data: one zip download. */
export async function accountExportRoutes(app: FastifyInstance) {
  const { db, media } = app.deps;
  app.get(
    '/api/account/export',
    {
      schema: {
        tags: ['account'],
        summary: 'Everything the user made, as a zip of JSON and CSV files and the photos on their ideas',
      },
      // Reading every row of an account is heavier than a page: a few a minute.
      config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { fileName, stream } = await buildAccountExport({ db, storage: media, userId: requireUser(request).id });
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
}
