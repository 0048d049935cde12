import type { FastifyInstance } from 'fastify';
import type { JobResult } from 'pg-boss';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Config } from '../../../config.ts';
import type { Database } from '../../../db/client.ts';
import { contacts, emailDeliveries } from '../../../db/schema.ts';
import type { JobQueue } from '../../../jobs.ts';
import { unsubscribeHeaders, unsubscribeUrl } from '../../../lib/unsubscribe-token.ts';
import { isUuid } from '../../../lib/uuid.ts';
import { PermanentEmailError, type EmailTransport } from '../../../providers/email/email-transport.ts';
import { markBouncing as markContactBouncing } from '../../recipients/recipients-service.ts';
import type { SecretBox } from '../../../lib/secret-box.ts';
import { resolveSender } from '../../email/email-settings-service.ts';
import { renderEmail } from '../../email/render-email.ts';
import type { PublicAddress } from '../../public-address/public-address.ts';
import { createEmailDeliveryQueue, emailDeliveryQueue, type EmailDeliveryJob } from './queue.ts';
import { resumeUnfinishedDeliveries } from './resume.ts';
import { settleShare } from './send.ts';

/**
 * A new Message-ID on the sender's domain (RFC 5322 §3.6.4: `<left@right>`, unique; the right side a
 * domain). A From address without a usable domain gets `localhost`.
 */
function newMessageId(from: string): string {
  const domain = from.slice(from.lastIndexOf('@') + 1).trim();
  return `<${randomUUID()}@${/^[A-Za-z0-9.-]+$/.test(domain) ? domain : 'localhost'}>`;
}

/**
 * The delivery's Message-ID, fixed the first time it is about to be sent: written before that first
 * attempt (a concurrent writer's id wins, so there is only ever one) and read back on every retry.
 */
async function fixMessageId({
  db,
  userId,
  deliveryId,
  from,
}: {
  db: Database;
  userId: string;
  deliveryId: string;
  from: string;
}) {
  const [row] = await db
    .update(emailDeliveries)
    .set({ messageId: sql`coalesce(${emailDeliveries.messageId}, ${newMessageId(from)})` })
    .where(and(eq(emailDeliveries.id, deliveryId), eq(emailDeliveries.userId, userId)))
    .returning({ messageId: emailDeliveries.messageId });
  if (!row?.messageId) throw new Error(`delivery ${deliveryId} is gone`);
  return row.messageId;
}

function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 1000);
}

type DeliveryAttempt = { deliveryId: string; isFinalAttempt: boolean };
/** Per delivery: done with (sent, failed for good, or nothing left to do), or to be retried with this error. */
type DeliveryOutcome = { status: 'sent' | 'failed' | 'skipped' } | { status: 'retry'; error: unknown };

/**
 * The worker's step for a batch of deliveries. One conditional UPDATE claims them, so a delivery
 * already sent is never sent again; they go out side by side (the transport's pool bounds the
 * connections), each marked sent as soon as the mail server accepts it. A permanent error (or the last attempt)
 * marks a delivery failed; a transient error puts it back to "queued" and asks for a retry with
 * back-off. Each share touched is then settled once (`settleShare`).
 */
export async function processDeliveries({
  db,
  config,
  secretBox,
  publicAddress,
  serverTransport,
  attempts,
}: {
  db: Database;
  config: Config;
  secretBox: SecretBox;
  /** Where the unsubscribe links point (never the default `http://localhost:PORT`). */
  publicAddress: PublicAddress;
  serverTransport: EmailTransport;
  attempts: DeliveryAttempt[];
}): Promise<Map<string, DeliveryOutcome>> {
  const outcomes = new Map<string, DeliveryOutcome>();
  const ids = attempts.map((attempt) => attempt.deliveryId);
  if (ids.length === 0) return outcomes;
  const claimed = await db
    .update(emailDeliveries)
    .set({ status: 'sending', attempts: sql`${emailDeliveries.attempts} + 1` })
    // "sending" is claimable because a worker that died mid-send leaves it so; the queue's singleton
    // policy keeps two jobs of one delivery from running at once. "failed" is final until the user
    // asks for a retry, which puts it back to "queued" first.
    .where(and(inArray(emailDeliveries.id, ids), inArray(emailDeliveries.status, ['queued', 'sending'])))
    .returning();
  const shareIds = new Set(claimed.flatMap((delivery) => (delivery.shareId ? [delivery.shareId] : [])));
  const claimedIds = new Set(claimed.map((delivery) => delivery.id));
  const unclaimed = ids.filter((id) => !claimedIds.has(id));
  for (const id of unclaimed) outcomes.set(id, { status: 'skipped' });
  if (unclaimed.length > 0) {
    // Sent or failed already (a retried batch, a duplicate job): still settle their shares, so that a
    // batch retried after its settling step failed settles them this time.
    const done = await db
      .select({ shareId: emailDeliveries.shareId })
      .from(emailDeliveries)
      .where(inArray(emailDeliveries.id, unclaimed));
    for (const row of done) if (row.shareId) shareIds.add(row.shareId);
  }

  const isFinal = new Map(attempts.map((attempt) => [attempt.deliveryId, attempt.isFinalAttempt]));
  const senders = new Map<string, ReturnType<typeof resolveSender>>();
  const senderOf = (userId: string) => {
    let sender = senders.get(userId);
    if (!sender) {
      sender = resolveSender({ db, config, secretBox, serverTransport, userId });
      senders.set(userId, sender);
    }
    return sender;
  };
  // A contact who unsubscribed (or whose address bounced) since the send was queued is not mailed.
  const contactIds = [
    ...new Set(claimed.flatMap((delivery) => (delivery.contactId ? [delivery.contactId] : []))),
  ].filter(isUuid);
  const contactStates =
    contactIds.length === 0
      ? []
      : await db
          .select({ id: contacts.id, unsubscribedAt: contacts.unsubscribedAt, bouncedAt: contacts.bouncedAt })
          .from(contacts)
          .where(inArray(contacts.id, contactIds));
  const stateOf = new Map(contactStates.map((contact) => [contact.id, contact]));
  // Read once per batch, when the first delivery to a contact (those carry the link) needs it; a
  // failed read fails those deliveries like any send error (retried), not the whole batch.
  let linkOrigin: Promise<string> | undefined;
  const originForLinks = () => (linkOrigin ??= publicAddress.forLinks());

  // Settled one by one: the transports are closed and the shares settled below even if recording
  // one delivery's outcome failed.
  const sending = await Promise.allSettled(
    claimed.map(async (delivery) => {
      const contact = delivery.contactId ? stateOf.get(delivery.contactId) : undefined;
      if (contact?.unsubscribedAt || contact?.bouncedAt) {
        await db
          .update(emailDeliveries)
          .set(contact.unsubscribedAt ? { status: 'unsubscribed' } : { status: 'bounced', failureKind: 'permanent' })
          .where(eq(emailDeliveries.id, delivery.id));
        outcomes.set(delivery.id, { status: 'failed' });
        return;
      }
      let providerMessageId: string;
      try {
        const sender = await senderOf(delivery.userId);
        // Every update email carries the contact's unsubscribe link in its headers and footer (one-click,
        // RFC 8058, only on an https address); account mail (verification, password reset, Contact Us)
        // does not come here.
        const link = delivery.contactId
          ? unsubscribeUrl({
              baseUrl: await originForLinks(),
              appSecret: config.APP_SECRET,
              contactId: delivery.contactId,
            })
          : undefined;
        const rendered = renderEmail({
          body: delivery.body,
          senderName: sender.senderName,
          locale: sender.locale,
          unsubscribeUrl: link,
        });
        // One Message-ID for every attempt: a retry after an attempt whose answer never came (the
        // process died, the connection dropped) may deliver a second copy, and receiving systems
        // drop a copy with a Message-ID they have seen.
        const messageId =
          delivery.messageId ??
          (await fixMessageId({ db, userId: delivery.userId, deliveryId: delivery.id, from: sender.from }));
        const result = await sender.transport.send({
          from: sender.from,
          fromName: sender.fromName,
          to: delivery.recipientEmail,
          replyTo: sender.replyTo,
          subject: delivery.subject,
          text: rendered.text,
          html: rendered.html,
          headers: link ? unsubscribeHeaders(link) : undefined,
          messageId,
          userId: delivery.userId,
        });
        providerMessageId = result.messageId;
      } catch (error) {
        const isPermanent = error instanceof PermanentEmailError;
        const isBounce = isPermanent && error.isBounce;
        const isFailed = isPermanent || isFinal.get(delivery.id) === true;
        await db
          .update(emailDeliveries)
          .set({
            status: isBounce ? 'bounced' : isFailed ? 'failed' : 'queued',
            failureKind: isFailed ? (isPermanent ? 'permanent' : 'temporary') : null,
            lastError: describeError(error),
          })
          .where(eq(emailDeliveries.id, delivery.id));
        if (isBounce && delivery.contactId && isUuid(delivery.contactId)) {
          await markContactBouncing({ db, userId: delivery.userId, contactId: delivery.contactId });
        }
        outcomes.set(delivery.id, isFailed ? { status: 'failed' } : { status: 'retry', error });
        return;
      }
      // Marked at once, not with the batch: if this process dies now, a message already accepted
      // by the mail server is not sent again when its job is retried. Outside the catch above: a
      // failure to record it must not put a sent message back in the queue.
      await db
        .update(emailDeliveries)
        .set({ status: 'sent', sentAt: new Date(), lastError: null, failureKind: null, providerMessageId })
        .where(eq(emailDeliveries.id, delivery.id));
      outcomes.set(delivery.id, { status: 'sent' });
    }),
  );
  for (const sender of await Promise.allSettled(senders.values())) {
    if (sender.status === 'fulfilled' && sender.value.isUserTransport) await sender.value.transport.close();
  }
  for (const shareId of shareIds) await settleShare({ db, shareId });
  const broken = sending.find((result) => result.status === 'rejected');
  if (broken) throw broken.reason;
  return outcomes;
}

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
