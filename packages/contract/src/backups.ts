import { z } from 'zod';

// ── Backups (Settings → Admin): the embedded database's automatic and on-demand backups ──

/** A backup file's name: made by the server, the only names the download route accepts. */
export const backupNameSchema = z
  .string()
  .regex(/^life-updates-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.tar\.gz$/, 'backups.errors.notFound');

export const backupFileSchema = z.object({
  name: backupNameSchema,
  /** Bytes. */
  size: z.number().int().nonnegative(),
  createdAt: z.iso.datetime(),
});
export type BackupFile = z.infer<typeof backupFileSchema>;

/**
 * GET /api/admin/backups. On PostgreSQL (`database: 'postgres'`) the app takes no backups:
 * `pg_dump` does (README), and `backups` is empty.
 */
export const backupListSchema = z.object({
  database: z.enum(['pglite', 'postgres']),
  /** Where backups are written (BACKUP_DIR); null on PostgreSQL. */
  directory: z.string().nullable(),
  /** How many automatic backups are kept (BACKUP_KEEP); 0: automatic backups are off. */
  keep: z.number().int().nonnegative(),
  /** Newest first. */
  backups: z.array(backupFileSchema),
});
export type BackupList = z.infer<typeof backupListSchema>;

/** POST /api/admin/backups ("Back up now") takes nothing: no body, or an empty object. */
export const backupRequestSchema = z.object({}).strict().nullish();

export const backupParamsSchema = z.object({ name: backupNameSchema });

/** How to restore a backup, shown under the list (the command is not translated). */
export const restoreCommand = 'npm run db:restore -- FILE';
