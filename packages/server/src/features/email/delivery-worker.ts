import type { FastifyInstance } from 'fastify';
import type { JobResult } from 'pg-boss';
import type { JobQueue } from '../../jobs.ts';
import {
  createEmailDeliveryQueue,
  emailDeliveryQueue,
  processDeliveries,
  resumeUnfinishedDeliveries,
  type EmailDeliveryJob,
} from './delivery-service.ts';

/**
 * How the worker takes jobs. A share to a thousand contacts is a thousand jobs: each fetch takes a
 * batch, its deliveries go out side by side (the SMTP pool bounds the connections), and while
 * fetches come back full the worker fetches again at once instead of waiting for the next poll.
 * Each job is settled on its own, so one recipient's transient error retries only that recipient.
 */
const workOptions = {
  includeMetadata: true,
  perJobResults: true,
  batchSize: 25,
  burstWhenBatchFull: true,
  localConcurrency: 2,
  // NOTIFY wakes the workers when a send is queued; polling finds the retries that come due.
  pollingIntervalSeconds: 1,
  notifyPollingIntervalSeconds: 1,
} as const;

/** The email-delivery worker: creates the queue, works it, resumes what a restart left. */
export async function registerEmailDeliveryWorker(app: FastifyInstance, jobs: JobQueue) {
  const { config, database, mailer, secretBox } = app.deps;
  await createEmailDeliveryQueue({ jobs, config });
  await jobs.work<EmailDeliveryJob, unknown, typeof workOptions>(emailDeliveryQueue, workOptions, async (batch) => {
    const outcomes = await processDeliveries({
      db: database.db,
      config,
      secretBox,
      publicAddress: app.publicAddress,
      serverTransport: mailer,
      attempts: batch.map((job) => ({
        deliveryId: job.data.deliveryId,
        isFinalAttempt: job.retryCount >= job.retryLimit,
      })),
    });
    return batch.map((job): JobResult => {
      const { deliveryId } = job.data;
      const outcome = outcomes.get(deliveryId);
      if (outcome?.status === 'retry') {
        app.log.warn(
          { err: outcome.error, deliveryId, attempt: job.retryCount + 1 },
          'email delivery failed; will retry',
        );
        const message = outcome.error instanceof Error ? outcome.error.message : String(outcome.error);
        return { id: job.id, status: 'failed', output: { message } };
      }
      if (outcome?.status === 'failed') app.log.warn({ deliveryId }, 'email delivery failed for good');
      return { id: job.id, status: 'completed' };
    });
  });
  const resumed = await resumeUnfinishedDeliveries({ db: database.db, jobs });
  if (resumed > 0) app.log.info({ resumed }, 'resumed unfinished email deliveries');
}
