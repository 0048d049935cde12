import {
  backupFileSchema,
  backupListSchema,
  backupParamsSchema,
  backupRequestSchema,
} from '@life-updates/contract/backups';
import { apiErrorSchema } from '@life-updates/contract/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createReadStream } from 'node:fs';
import { conflict, notFound } from '../../lib/app-error.ts';
import { requireAdmin } from '../../lib/session.ts';
import { createBackup, findBackups, getBackupPath } from './backups-service.ts';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

/** Settings → Admin → Backups: the list, "Back up now" and the download. In the admin scope (admin-api.ts: admins only). */
export async function backupsRoutes(app: FastifyInstance) {
  const { config, database } = app.deps;
  const directory = config.BACKUP_DIR;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get('/backups', { schema: { tags: ['admin'], response: { 200: backupListSchema, ...errors } } }, async () => ({
    database: database.kind,
    directory: database.pglite ? directory : null,
    keep: config.BACKUP_KEEP,
    backups: database.pglite ? await findBackups({ directory }) : [],
  }));

  typed.post(
    '/backups',
    { schema: { tags: ['admin'], body: backupRequestSchema, response: { 201: backupFileSchema, ...errors } } },
    async (request, reply) => {
      const admin = requireAdmin(request);
      if (!database.pglite) throw conflict('backups.errors.postgres');
      // A backup copies the database's folder; only tests run one in memory, which has none.
      if (!database.dataDir) throw conflict('backups.errors.inMemory');
      const backup = await createBackup({
        pglite: database.pglite,
        directory,
        keep: config.BACKUP_KEEP,
      });
      request.log.info({ adminId: admin.id, backup: backup.name }, 'database backed up on request');
      return reply.status(201).send(backup);
    },
  );

  typed.get(
    '/backups/:name',
    // The 200 is the file itself (application/gzip), which no JSON schema describes.
    { schema: { tags: ['admin'], params: backupParamsSchema } },
    async (request, reply) => {
      const file = await getBackupPath({ directory, name: request.params.name });
      if (!file) throw notFound('backups.errors.notFound');
      return reply
        .header('content-type', 'application/gzip')
        .header('content-disposition', `attachment; filename="${request.params.name}"`)
        .header('cache-control', 'no-store')
        .send(createReadStream(file));
    },
  );
}
