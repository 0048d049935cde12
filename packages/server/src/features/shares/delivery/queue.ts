import type { Config } from '../../../config.ts';
import { ensureQueue, type JobQueue } from '../../../jobs.ts';

/** One queue sends every delivery, on every channel. */
export const deliveryQueue = 'deliveries';
export type DeliveryJob = { deliveryId: string };

/**
 * The queue with its retry policy. `singleton` with the delivery id as key: at most one job per
 * delivery is active at a time, so the worker's claim can safely take over a delivery left "sending".
 */
export async function createDeliveryQueue({ jobs, config }: { jobs: JobQueue; config: Config }) {
  const options = {
    retryLimit: config.EMAIL_RETRY_LIMIT,
    retryDelay: config.EMAIL_RETRY_DELAY_SECONDS,
    retryBackoff: true,
    retryDelayMax: Math.max(3600, config.EMAIL_RETRY_DELAY_SECONDS),
    // A job stays active until its whole batch has settled (up to 25 sends sharing a transport's
    // few connections, each bounded by a 30-60 s timeout): this backstop is long enough for a slow
    // but healthy mail server. A dead worker is found sooner, by the heartbeat below.
    expireInSeconds: 900,
    // A worker refreshes its jobs' heartbeat while it sends; the jobs of an instance that died
    // (killed, out of memory) go back to the queue once it is stale (seen by the job queue's
    // supervisor, every 10 s), not after the expiry above.
    heartbeatSeconds: 10,
    // A send to many contacts starts at once rather than at the workers' next poll.
    notify: true,
  };
  await ensureQueue(jobs, deliveryQueue, { ...options, policy: 'singleton' });
}

/**
 * On the embedded database this process is the only one (it holds the data folder's lock), so a
 * delivery job still active when it starts is one a killed process left. Cancelled here, before the
 * worker starts: left alone, it would hold its delivery under the singleton policy until its
 * heartbeat went stale and a supervisor pass failed it (10-20 s). Every delivery it carried gets a
 * fresh job from `resumeUnfinishedDeliveries`. On PostgreSQL another instance may be alive and
 * sending; there the heartbeat decides.
 */
export async function cancelAbandonedDeliveryJobs(jobs: JobQueue) {
  const active = (await jobs.findJobs<DeliveryJob>(deliveryQueue)).filter((job) => job.state === 'active');
  if (active.length > 0) {
    await jobs.cancel(
      deliveryQueue,
      active.map((job) => job.id),
    );
  }
  return active.length;
}

/**
 * One job per delivery, due at `startAfter` for a scheduled share. Without a job queue the rows stay
 * queued and are picked up at the next start.
 */
export async function enqueueDeliveries({
  jobs,
  deliveryIds,
  startAfter,
}: {
  jobs: JobQueue | undefined;
  deliveryIds: string[];
  startAfter: Date | null;
}) {
  if (!jobs || deliveryIds.length === 0) return;
  await jobs.insert(
    deliveryQueue,
    deliveryIds.map((deliveryId) => ({
      data: { deliveryId } satisfies DeliveryJob,
      singletonKey: deliveryId,
      ...(startAfter ? { startAfter } : {}),
    })),
  );
}
