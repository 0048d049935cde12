import type { FastifyInstance } from 'fastify';
import { ensureQueue, type JobQueue } from '../../jobs.ts';
import { sweepOrphanedPhotoFiles } from './orphaned-photo-files.ts';

const photoSweepQueue = 'photo-file-sweep';

/**
 * The orphaned-file sweep (orphaned-photo-files.ts): once at start-up, when a crash that left files
 * behind is most likely just over, and every day at 04:23 UTC. One at a time across instances.
 */
export async function registerPhotoSweepWorker(app: FastifyInstance, jobs: JobQueue) {
  const { db, media } = app.deps;
  await ensureQueue(jobs, photoSweepQueue, { expireInSeconds: 60 * 60, retryLimit: 1, policy: 'singleton' });
  await jobs.schedule(photoSweepQueue, '23 4 * * *');
  // Queued before the worker starts, so its first fetch takes it.
  await jobs.send(photoSweepQueue, {});
  await jobs.work(photoSweepQueue, { pollingIntervalSeconds: 30 }, async () => {
    const deleted = await sweepOrphanedPhotoFiles({ db, storage: media });
    if (deleted.length > 0) app.log.info({ deleted: deleted.length }, 'orphaned photo files deleted');
  });
}
