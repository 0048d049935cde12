import type { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { ensureQueue, type JobQueue } from '../../jobs.ts';
import { createBackup, isBackupDue, removeStalePartialBackups } from './backups-service.ts';

export const backupQueue = 'database-backup';

/** A day, less a little: the hourly check that finds the newest backup 23.5 hours old takes the next one. */
const backupIntervalMs = 23.5 * 60 * 60 * 1000;

/** The job's work: a backup when the newest one is a day old (or there is none); undefined otherwise. */
export async function backUpIfDue({
  pglite,
  directory,
  keep,
  now,
}: {
  pglite: PGlite;
  directory: string;
  keep: number;
  now: Date;
}) {
  if (!(await isBackupDue({ directory, now, maxAgeMs: backupIntervalMs }))) return undefined;
  return createBackup({ pglite, directory, keep, now });
}

/**
 * Daily automatic backups of the embedded database into BACKUP_DIR, keeping BACKUP_KEEP. pg-boss's
 * cron checks every hour whether the newest backup is a day old, so a machine that was off at
 * night still gets its backup within an hour of starting. On PostgreSQL the app takes none:
 * pg_dump does (README).
 */
export async function registerBackupWorker(app: FastifyInstance, jobs: JobQueue) {
  const { config, database } = app.deps;
  const { pglite } = database;
  // An in-memory database (tests) has nothing to keep.
  if (!pglite?.dataDir) return;
  // A backup killed half-way (the server stopped mid-copy) left its partial file: gone at start.
  await removeStalePartialBackups({ directory: config.BACKUP_DIR });
  if (config.BACKUP_KEEP === 0) return;
  await ensureQueue(jobs, backupQueue, { expireInSeconds: 15 * 60, retryLimit: 2, policy: 'singleton' });
  await jobs.schedule(backupQueue, '7 * * * *');
  await jobs.work(backupQueue, { pollingIntervalSeconds: 30 }, async () => {
    const backup = await backUpIfDue({
      pglite,
      directory: config.BACKUP_DIR,
      keep: config.BACKUP_KEEP,
      now: new Date(),
    });
    if (backup) app.log.info({ backup: backup.name, size: backup.size }, 'database backed up');
  });
}
