import type { FastifyInstance } from 'fastify';
import { registerBackupWorker } from './features/backups/backup-worker.ts';
import { registerDeliveryWorker } from './features/shares/delivery/worker.ts';
import { registerLinkedinWorkers } from './features/linkedin/linkedin-worker.ts';
import { registerPhotoSweepWorker } from './features/photos/photo-sweep-worker.ts';
import { registerScheduleWorker } from './features/schedule/schedule-worker.ts';
import { registerTelegramWorker } from './features/telegram/telegram-worker.ts';

/** Registers every background worker on the app's job queue, if it has one. Features add theirs here. */
export async function registerWorkers(app: FastifyInstance) {
  const { jobs } = app.deps;
  if (!jobs) return;
  await registerDeliveryWorker(app, jobs);
  await registerScheduleWorker(app, jobs);
  await registerLinkedinWorkers(app, jobs);
  await registerTelegramWorker(app, jobs);
  await registerBackupWorker(app, jobs);
  await registerPhotoSweepWorker(app, jobs);
}
