import type { FastifyInstance } from 'fastify';
import { ensureQueue, type JobQueue } from '../../jobs.ts';
import { sendLinkedinExpiryNotices } from './linkedin-service.ts';

export const linkedinExpiryQueue = 'linkedin-expiry';

/** An hourly tick, one for the whole cluster, sends the "expires soon" notices. */
export async function registerLinkedinWorkers(app: FastifyInstance, jobs: JobQueue) {
  const { db, config, mailer } = app.deps;
  await ensureQueue(jobs, linkedinExpiryQueue, { expireInSeconds: 15 * 60, retryLimit: 0, policy: 'singleton' });
  await jobs.schedule(linkedinExpiryQueue, '17 * * * *');
  await jobs.work(linkedinExpiryQueue, { pollingIntervalSeconds: 30 }, async () => {
    const sent = await sendLinkedinExpiryNotices({
      db,
      config,
      publicAddress: app.publicAddress,
      mailer,
      now: new Date(),
    });
    if (sent > 0) app.log.info({ sent }, 'LinkedIn expiry notices sent');
  });
}
