import type { FastifyInstance } from 'fastify';
import { ensureQueue, type JobQueue } from '../../jobs.ts';
import {
  linkedinPublishQueue,
  failInterruptedLinkedinPosts,
  runScheduledLinkedinPost,
  sendLinkedinExpiryNotices,
  type LinkedinPublishJob,
} from './linkedin-service.ts';

export const linkedinExpiryQueue = 'linkedin-expiry';

/**
 * Scheduled posts: one job per post, due at its time, taken by one instance (the row's own status
 * makes a second run a no-op). An hourly tick, one for the whole cluster, sends the expiry notices
 * and settles posts an instance left half-way.
 */
export async function registerLinkedinWorkers(app: FastifyInstance, jobs: JobQueue) {
  const { config, database, mailer, secretBox } = app.deps;
  for (const [name, options] of [
    [linkedinPublishQueue, { expireInSeconds: 5 * 60, retryLimit: 0 }],
    [linkedinExpiryQueue, { expireInSeconds: 15 * 60, retryLimit: 0 }],
  ] as const) {
    await ensureQueue(jobs, name, { ...options, policy: 'singleton' });
  }
  await jobs.work<LinkedinPublishJob>(linkedinPublishQueue, { pollingIntervalSeconds: 2 }, async ([job]) => {
    if (!job) return;
    const { postId } = job.data;
    const outcome = await runScheduledLinkedinPost({ db: database.db, config, secretBox, postId, now: new Date() });
    app.log.info({ postId, outcome }, 'scheduled LinkedIn post run');
  });
  await jobs.schedule(linkedinExpiryQueue, '17 * * * *');
  await jobs.work(linkedinExpiryQueue, { pollingIntervalSeconds: 30 }, async () => {
    const interrupted = await failInterruptedLinkedinPosts({ db: database.db, now: new Date() });
    if (interrupted > 0) app.log.warn({ interrupted }, 'interrupted LinkedIn posts marked failed');
    const sent = await sendLinkedinExpiryNotices({
      db: database.db,
      config,
      publicAddress: app.publicAddress,
      mailer,
      now: new Date(),
    });
    if (sent > 0) app.log.info({ sent }, 'LinkedIn expiry notices sent');
  });
}
