import type { FastifyInstance } from 'fastify';
import type { JobResult } from 'pg-boss';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { deliveries, shares } from '../../../db/schema.ts';
import type { JobQueue } from '../../../jobs.ts';
import { finaliseShare, findSendingShareIds, markSharesSending } from '../shares-service.ts';
import type { ChannelBatch, Channels, DeliveryFailure, DeliveryRow, SendOutcome } from './channel.ts';
import {
  cancelAbandonedDeliveryJobs,
  createDeliveryQueue,
  deliveryQueue,
  enqueueDeliveries,
  type DeliveryJob,
} from './queue.ts';

function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 1000);
}

type DeliveryAttempt = { deliveryId: string; isFinalAttempt: boolean };
/** Per delivery: done with (sent, failed for good, or nothing left to do), or to be retried with this error. */
type DeliveryOutcome = { status: 'sent' | 'failed' | 'skipped' } | { status: 'retry'; error: unknown };

/**
 * An attempt whose answer never came may be repeated only by a channel that repeats safely; any
 * other is failed, for the user to check and retry.
 */
const interrupted: DeliveryFailure = { key: 'summeris.errors.interrupted', isPermanent: false, mayHaveArrived: true };

/**
 * Claims the deliveries of a batch: one conditional UPDATE, so a delivery already sent is never
 * sent again. "sending" is claimable because a worker that died mid-send leaves it so (the queue's
 * singleton policy keeps two jobs of one delivery from running at once); such a delivery comes
 * back with `wasInterrupted`. "failed" is final until the user asks for a retry, which puts it
 * back to "queued" first.
 */
async function claimDeliveries(db: Database, ids: readonly string[]) {
  return db.transaction(async (tx) => {
    const before = await tx
      .select({ id: deliveries.id, status: deliveries.status })
      .from(deliveries)
      .where(and(inArray(deliveries.id, [...ids]), inArray(deliveries.status, ['queued', 'sending'])))
      .for('update');
    if (before.length === 0) return [];
    const wasSending = new Set(before.filter((row) => row.status === 'sending').map((row) => row.id));
    const claimed = await tx
      .update(deliveries)
      .set({ status: 'sending', attempts: sql`${deliveries.attempts} + 1` })
      .where(
        inArray(
          deliveries.id,
          before.map((row) => row.id),
        ),
      )
      .returning();
    return claimed.map((delivery) => ({ delivery, wasInterrupted: wasSending.has(delivery.id) }));
  });
}

async function recordFailure(
  db: Database,
  delivery: DeliveryRow,
  failure: DeliveryFailure,
  error: unknown,
  isFinal: boolean,
) {
  await db
    .update(deliveries)
    .set({
      status: failure.isBounce ? 'bounced' : isFinal ? 'failed' : 'queued',
      failureKind: isFinal ? (failure.isPermanent ? 'permanent' : 'temporary') : null,
      errorKey: failure.key,
      errorValues: failure.values ?? null,
      lastError: error === undefined ? null : describeError(error),
    })
    .where(eq(deliveries.id, delivery.id));
}

/** The columns an attempt's outcome sets. */
function recordedOutcome(outcome: SendOutcome) {
  if (outcome.status === 'sent' || outcome.status === 'published') {
    return {
      status: outcome.status,
      sentAt: new Date(),
      lastError: null,
      errorKey: null,
      errorValues: null,
      failureKind: null,
      providerMessageId: outcome.providerMessageId ?? null,
      link: outcome.link ?? null,
    };
  }
  return { status: outcome.status, failureKind: outcome.status === 'bounced' ? 'permanent' : null };
}

/**
 * The worker's step for a batch of deliveries, whatever their channels. They go out side by side
 * (each channel bounds its own connections), each recorded as soon as its provider answers, so a
 * process that dies afterwards does not send it again. A permanent error (or the last attempt)
 * marks a delivery failed; a transient error puts it back to "queued" and asks for a retry with
 * back-off. Each share touched is then settled once (`settleShare`).
 */
export async function processDeliveries({
  db,
  channels,
  attempts,
}: {
  db: Database;
  channels: Channels;
  attempts: DeliveryAttempt[];
}): Promise<Map<string, DeliveryOutcome>> {
  const outcomes = new Map<string, DeliveryOutcome>();
  const ids = attempts.map((attempt) => attempt.deliveryId);
  if (ids.length === 0) return outcomes;
  const claimed = await claimDeliveries(db, ids);
  const shareIds = new Set(claimed.flatMap(({ delivery }) => (delivery.shareId ? [delivery.shareId] : [])));
  await markSharesSending({ db, shareIds: [...shareIds] });
  const claimedIds = new Set(claimed.map(({ delivery }) => delivery.id));
  const unclaimed = ids.filter((id) => !claimedIds.has(id));
  for (const id of unclaimed) outcomes.set(id, { status: 'skipped' });
  if (unclaimed.length > 0) {
    // Sent or failed already (a retried batch, a duplicate job): still settle their shares, so that a
    // batch retried after its settling step failed settles them this time.
    const done = await db
      .select({ shareId: deliveries.shareId })
      .from(deliveries)
      .where(inArray(deliveries.id, unclaimed));
    for (const row of done) if (row.shareId) shareIds.add(row.shareId);
  }

  const isFinal = new Map(attempts.map((attempt) => [attempt.deliveryId, attempt.isFinalAttempt]));
  const batch: ChannelBatch = { db };
  // Settled one by one: the batch is closed and the shares settled below even if recording one
  // delivery's outcome failed.
  const sending = await Promise.allSettled(
    claimed.map(async ({ delivery, wasInterrupted }) => {
      const channel = channels[delivery.channel as keyof Channels];
      if (!channel) throw new Error(`delivery ${delivery.id} has an unknown channel ${delivery.channel}`);
      if (wasInterrupted && !channel.repeatsSafely) {
        await recordFailure(db, delivery, interrupted, undefined, true);
        outcomes.set(delivery.id, { status: 'failed' });
        return;
      }
      // The outcome is written the moment the provider has taken the message, before the channel's
      // call returns and before anything else the process does (the transport's bookkeeping, its
      // next message): a crash after the provider's answer can repeat only what was accepted in the
      // instant before it (docs/reliability.md).
      let recording: Promise<unknown> | undefined;
      const record = (outcome: SendOutcome) => {
        if (recording) return;
        recording = db.update(deliveries).set(recordedOutcome(outcome)).where(eq(deliveries.id, delivery.id)).execute();
        // Awaited below; a rejection before then is not an unhandled one.
        recording.catch(() => undefined);
      };
      let outcome: SendOutcome;
      try {
        outcome = await channel.send(delivery, batch, record);
      } catch (error) {
        // An error after the provider said it has the message: it stays sent.
        if (recording) {
          await recording;
          outcomes.set(delivery.id, { status: 'sent' });
          return;
        }
        const failure = channel.describeError(error);
        const isFailed = failure.isPermanent || failure.mayHaveArrived === true || isFinal.get(delivery.id) === true;
        await recordFailure(db, delivery, failure, error, isFailed);
        outcomes.set(delivery.id, isFailed ? { status: 'failed' } : { status: 'retry', error });
        return;
      }
      // Outside the catch above: a failure to record it must not put a message already accepted
      // back in the queue.
      record(outcome);
      await recording;
      outcomes.set(delivery.id, {
        status: outcome.status === 'sent' || outcome.status === 'published' ? 'sent' : 'failed',
      });
    }),
  );
  await Promise.allSettled(Object.values(channels).map((channel) => channel.endBatch?.(batch)));
  for (const shareId of shareIds) await settleShare({ db, shareId });
  const broken = sending.find((result) => result.status === 'rejected');
  if (broken) throw broken.reason;
  return outcomes;
}

/**
 * When no delivery of a share is waiting or in flight, the share is finished (finaliseShare): "sent"
 * (with sent_at, and its ideas "sent") if at least one destination has it, else "failed". Safe to
 * run twice.
 */
export async function settleShare({ db, shareId }: { db: Database; shareId: string }) {
  // Counted in the database: a share's last deliveries each ask this, and a large share has many rows.
  const rows = await db
    .select({ status: deliveries.status, count: count() })
    .from(deliveries)
    .where(eq(deliveries.shareId, shareId))
    .groupBy(deliveries.status);
  if (rows.some((row) => row.status === 'queued' || row.status === 'sending')) return;
  const hasSentAny = rows.some(
    (row) => (row.status === 'sent' || row.status === 'delivered' || row.status === 'published') && row.count > 0,
  );
  await finaliseShare({ db, shareId, hasSentAny });
}

/**
 * At start-up: every delivery left queued or sending gets a job again, due at its share's time if
 * the share is scheduled (a restart never loses one; a duplicate job finds it claimed or sent),
 * and shares whose deliveries all finished are settled.
 */
export async function resumeUnfinishedDeliveries({ db, jobs }: { db: Database; jobs: JobQueue }) {
  const unfinished = await db
    .select({ id: deliveries.id, sendAt: shares.sendAt })
    .from(deliveries)
    .leftJoin(shares, eq(shares.id, deliveries.shareId))
    .where(inArray(deliveries.status, ['queued', 'sending']));
  const now = Date.now();
  const byTime = new Map<number, string[]>();
  for (const row of unfinished) {
    const at = row.sendAt && row.sendAt.getTime() > now ? row.sendAt.getTime() : 0;
    byTime.set(at, [...(byTime.get(at) ?? []), row.id]);
  }
  for (const [at, deliveryIds] of byTime) {
    await enqueueDeliveries({ jobs, deliveryIds, startAfter: at === 0 ? null : new Date(at) });
  }
  for (const shareId of await findSendingShareIds({ db })) await settleShare({ db, shareId });
  return unfinished.length;
}

/**
 * How the worker takes jobs. A share to a thousand contacts is a thousand jobs: each fetch takes a
 * batch, its deliveries go out side by side, and while fetches come back full the worker fetches
 * again at once instead of waiting for the next poll. Each job is settled on its own, so one
 * destination's transient error retries only that destination.
 */
const workOptions = {
  includeMetadata: true,
  perJobResults: true,
  batchSize: 25,
  burstWhenBatchFull: true,
  localConcurrency: 2,
  // NOTIFY wakes the workers when a send is queued; polling finds the retries and the scheduled
  // deliveries that come due.
  pollingIntervalSeconds: 1,
  notifyPollingIntervalSeconds: 1,
} as const;

/** The delivery worker: creates the queue, works it, resumes what a restart left. */
export async function registerDeliveryWorker(app: FastifyInstance, jobs: JobQueue) {
  const { db, config, channels, database } = app.deps;
  await createDeliveryQueue({ jobs, config });
  if (database.kind === 'pglite') {
    const cancelled = await cancelAbandonedDeliveryJobs(jobs);
    if (cancelled > 0) app.log.info({ cancelled }, 'cancelled the delivery jobs a stopped process left active');
  }
  await jobs.work<DeliveryJob, unknown, typeof workOptions>(deliveryQueue, workOptions, async (batch) => {
    const outcomes = await processDeliveries({
      db: db,
      channels,
      attempts: batch.map((job) => ({
        deliveryId: job.data.deliveryId,
        isFinalAttempt: job.retryCount >= job.retryLimit,
      })),
    });
    return batch.map((job): JobResult => {
      const { deliveryId } = job.data;
      const outcome = outcomes.get(deliveryId);
      if (outcome?.status === 'retry') {
        app.log.warn({ err: outcome.error, deliveryId, attempt: job.retryCount + 1 }, 'delivery failed; will retry');
        const message = outcome.error instanceof Error ? outcome.error.message : String(outcome.error);
        return { id: job.id, status: 'failed', output: { message } };
      }
      if (outcome?.status === 'failed') app.log.warn({ deliveryId }, 'delivery failed for good');
      return { id: job.id, status: 'completed' };
    });
  });
  const resumed = await resumeUnfinishedDeliveries({ db: db, jobs });
  if (resumed > 0) app.log.info({ resumed }, 'resumed unfinished deliveries');
}
