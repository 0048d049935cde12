import type { FastifyInstance } from 'fastify';
import type { JobQueue } from '../../jobs.ts';
import {
  createEmailDeliveryQueue,
  emailDeliveryQueue,
  processDelivery,
  resumeUnfinishedDeliveries,
  type EmailDeliveryJob,
} from './delivery-service.ts';

/** The email-delivery worker (ARCHITECTURE §4.11): creates the queue, works it, resumes what a restart left. */
export async function registerEmailDeliveryWorker(app: FastifyInstance, jobs: JobQueue) {
  const { config, database, mailer } = app.deps;
  await createEmailDeliveryQueue({ jobs, config });
  const workOptions = { includeMetadata: true, localConcurrency: 4, pollingIntervalSeconds: 1 } as const;
  await jobs.work<EmailDeliveryJob, void, typeof workOptions>(emailDeliveryQueue, workOptions, async (batch) => {
    for (const job of batch) {
      const outcome = await processDelivery({
        db: database.db,
        config,
        serverTransport: mailer,
        deliveryId: job.data.deliveryId,
        isFinalAttempt: job.retryCount >= job.retryLimit,
      }).catch((error: unknown) => {
        app.log.warn(
          { err: error, deliveryId: job.data.deliveryId, attempt: job.retryCount + 1 },
          'email delivery failed; will retry',
        );
        throw error;
      });
      if (outcome === 'failed') app.log.warn({ deliveryId: job.data.deliveryId }, 'email delivery failed for good');
    }
  });
  const resumed = await resumeUnfinishedDeliveries({ db: database.db, jobs });
  if (resumed > 0) app.log.info({ resumed }, 'resumed unfinished email deliveries');
}
