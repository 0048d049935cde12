import {
  countDeliveries,
  isDeliveryDone,
  type Delivery,
  type DeliveryStatus,
  type MessageMethod,
  type ShareDeliveriesResponse,
} from '@life-updates/contract/email';
import { pickLocale, translate } from '@life-updates/contract/i18n';
import type { Preferences } from '@life-updates/contract/preferences';
import { and, asc, count, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { contacts, emailDeliveries, pendingShares, users, userSettings } from '../../db/schema.ts';
import { byIdAndOwner } from '../../db/owned.ts';
import type { JobQueue } from '../../jobs.ts';
import { AppError, badRequest } from '../../lib/app-error.ts';
import { unsubscribeUrl } from '../../lib/unsubscribe-token.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { PublicAddress } from '../public-address/public-address.ts';
import { PermanentEmailError, type EmailTransport } from '../../providers/email/email-transport.ts';
import {
  finaliseShare,
  findSendingShareIds,
  getOwnShare,
  isAnyIdeaApproved,
  resumeSendingShare,
  setShareTexts,
  startSendingShare,
  storeShareText,
} from '../shares/shares-service.ts';
import { getMonthlyUsage } from '../usage/usage-service.ts';
import { resolveSender } from './email-settings-service.ts';
import { renderEmail } from './render-email.ts';

export const emailDeliveryQueue = 'email-delivery';
export type EmailDeliveryJob = { deliveryId: string };

export const limitReached = () =>
  new AppError({ status: 403, code: 'LIMIT_REACHED', message: 'email.monthlyLimitReached' });

/**
 * The queue with its retry policy. `singleton` with the delivery id as key: at most one job per
 * delivery is active at a time, so the claim below can safely take over a delivery left "sending".
 */
export async function createEmailDeliveryQueue({ jobs, config }: { jobs: JobQueue; config: Config }) {
  const options = {
    retryLimit: config.EMAIL_RETRY_LIMIT,
    retryDelay: config.EMAIL_RETRY_DELAY_SECONDS,
    retryBackoff: true,
    retryDelayMax: Math.max(3600, config.EMAIL_RETRY_DELAY_SECONDS),
    // A job stays active until its whole batch has settled (up to 25 sends sharing the transport's
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
  const existing = await jobs.getQueue(emailDeliveryQueue);
  if (existing) await jobs.updateQueue(emailDeliveryQueue, options);
  else await jobs.createQueue(emailDeliveryQueue, { ...options, policy: 'singleton' });
}

/** One job per delivery. Without a job queue the rows stay queued and are picked up at the next start. */
export async function enqueueDeliveries({ jobs, deliveryIds }: { jobs: JobQueue | undefined; deliveryIds: string[] }) {
  if (!jobs || deliveryIds.length === 0) return;
  await jobs.insert(
    emailDeliveryQueue,
    deliveryIds.map((deliveryId) => ({ data: { deliveryId } satisfies EmailDeliveryJob, singletonKey: deliveryId })),
  );
}

/**
 * The monthly-limit check, inside the caller's transaction: the settings row is locked
 * so two sends cannot both pass, and shares already in flight count as used.
 */
async function assertWithinMonthlyLimit({
  tx,
  userId,
  now,
  exceptShareId,
  isLocked = true,
}: {
  tx: Database;
  userId: string;
  now: Date;
  /** The share being sent, which does not count as in flight (none when it is not made yet). */
  exceptShareId?: string;
  /** False for the early check outside a transaction, which only spares work; the locked one decides. */
  isLocked?: boolean;
}) {
  if (isLocked) {
    await tx.insert(userSettings).values({ userId }).onConflictDoNothing();
    await tx.select({ id: userSettings.id }).from(userSettings).where(eq(userSettings.userId, userId)).for('update');
  }
  const { used, total } = await getMonthlyUsage({ db: tx, userId, now });
  const [inFlight] = await tx
    .select({ count: count() })
    .from(pendingShares)
    .where(
      and(
        eq(pendingShares.userId, userId),
        eq(pendingShares.status, 'sending'),
        exceptShareId ? ne(pendingShares.id, exceptShareId) : undefined,
      ),
    );
  if (used + (inFlight?.count ?? 0) >= total) throw limitReached();
}

export type SendShareOutcome = {
  shareId: string;
  outcome: 'queued' | 'no_recipients' | 'sms_not_supported';
  queued: number;
  skipped: number;
  /** Contacts left out because they unsubscribed, or because mail to them bounces (part of `skipped`). */
  skippedUnsubscribed: number;
  skippedBouncing: number;
  /** Catalogue key of a notice for the user. */
  messageKey?: string;
  /** Catalogue key of a warning (SMS asked for along with email). */
  warningKey?: string;
  deliveryIds: string[];
};

type Recipient = { id: string; name: string; email: string; body: string };
type FoundRecipients = {
  recipients: Recipient[];
  skipped: number;
  skippedUnsubscribed: number;
  skippedBouncing: number;
};

/**
 * The user's contacts among the requested ones that have an email and a non-blank body, leaving
 * out those who unsubscribed and those whose address bounces: they are counted apart so the user
 * is told why.
 */
async function findRecipients({
  db,
  userId,
  bodies,
}: {
  db: Database;
  userId: string;
  bodies: Record<string, string>;
}): Promise<FoundRecipients> {
  const requestedIds = Object.keys(bodies);
  const validIds = requestedIds.filter(isUuid);
  const found =
    validIds.length === 0
      ? []
      : await db
          .select({
            id: contacts.id,
            name: contacts.name,
            email: contacts.email,
            unsubscribedAt: contacts.unsubscribedAt,
            bouncedAt: contacts.bouncedAt,
          })
          .from(contacts)
          .where(and(eq(contacts.userId, userId), inArray(contacts.id, validIds)));
  const addressed = found.filter((contact) => contact.email.trim() !== '' && (bodies[contact.id] ?? '').trim() !== '');
  const skippedUnsubscribed = addressed.filter((contact) => contact.unsubscribedAt !== null).length;
  const skippedBouncing = addressed.filter(
    (contact) => contact.unsubscribedAt === null && contact.bouncedAt !== null,
  ).length;
  const recipients = addressed
    .filter((contact) => contact.unsubscribedAt === null && contact.bouncedAt === null)
    .map((contact) => ({
      id: contact.id,
      name: contact.name,
      email: contact.email.trim(),
      body: bodies[contact.id]!,
    }));
  return { recipients, skipped: requestedIds.length - recipients.length, skippedUnsubscribed, skippedBouncing };
}

/** The subject asked for, else the share's, else the `email.defaultSubject` line in the user's language. */
async function resolveSubject({
  db,
  userId,
  subject,
  shareSubject,
}: {
  db: Database;
  userId: string;
  subject: string | undefined;
  shareSubject: string | null;
}) {
  const [owner] = await db
    .select({ name: users.name, locale: userSettings.locale, emailSettings: userSettings.emailSettings })
    .from(users)
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(eq(users.id, userId));
  const senderName = (owner?.emailSettings as { senderName?: string } | null)?.senderName?.trim() || owner?.name || '';
  return (
    subject?.trim() ||
    shareSubject?.trim() ||
    translate('email.defaultSubject', pickLocale(owner?.locale), { name: senderName })
  );
}

/**
 * Inside the caller's transaction: the locked limit check, the share claimed as "sending" (a share
 * already sending or sent is a 409) and one queued delivery per recipient. Returns the delivery ids
 * to enqueue once the transaction has committed.
 */
async function recordDeliveries({
  tx,
  userId,
  shareId,
  shareStatus,
  subject,
  recipients,
  now,
}: {
  tx: Database;
  userId: string;
  shareId: string;
  shareStatus: string;
  subject: string;
  recipients: Recipient[];
  now: Date;
}) {
  await assertWithinMonthlyLimit({ tx, userId, now, exceptShareId: shareId });
  await startSendingShare({
    tx,
    userId,
    shareId,
    shareStatus,
    subject,
    contactIds: recipients.map((recipient) => recipient.id),
  });
  const rows = await tx
    .insert(emailDeliveries)
    .values(
      recipients.map((recipient) => ({
        userId,
        shareId,
        contactId: recipient.id,
        recipientName: recipient.name,
        recipientEmail: recipient.email,
        subject,
        body: recipient.body,
      })),
    )
    .returning({ id: emailDeliveries.id });
  return rows.map((row) => row.id);
}

/**
 * How an existing share is emailed (Summeris, the scheduler; Create Content and Generate save their
 * text first and reuse these steps through `emailShareText`): checks the monthly
 * limit, skips recipients without an email or a body, records one queued
 * delivery per recipient and marks the share "sending" in one transaction, then queues a job per
 * delivery. The worker sends them; `findShareDeliveries` reports progress.
 */
export async function sendShareToContacts({
  db,
  jobs,
  userId,
  shareId,
  subject,
  bodies,
  method = 'email',
  now = new Date(),
}: {
  db: Database;
  jobs: JobQueue | undefined;
  userId: string;
  shareId: string;
  subject?: string | undefined;
  /** Text per contact id; the placeholder for the sender name is filled in when sending. */
  bodies: Record<string, string>;
  method?: MessageMethod;
  now?: Date;
}): Promise<SendShareOutcome> {
  const share = await getOwnShare({ db, userId, shareId });
  // SMS sends nothing; otherwise the limit comes first (the user is sent to upgrade).
  if (method === 'sms') return smsNotSupported(shareId);
  await assertWithinMonthlyLimit({ tx: db, userId, now, exceptShareId: shareId, isLocked: false });
  const warningKey = method === 'both' ? 'email.smsNotImplemented' : undefined;
  // Usage counts shares, not recipients: contacts left out here use nothing of the monthly limit,
  // and a share that reaches nobody is not sent and does not count.
  const found = await findRecipients({ db, userId, bodies });
  const { recipients, ...skippedCounts } = found;
  if (recipients.length === 0) return noRecipients(shareId, found, warningKey);
  const resolvedSubject = await resolveSubject({ db, userId, subject, shareSubject: share.subject });
  const deliveryIds = await db.transaction((tx) =>
    recordDeliveries({
      tx,
      userId,
      shareId,
      shareStatus: share.status,
      subject: resolvedSubject,
      recipients,
      now,
    }),
  );
  await enqueueDeliveries({ jobs, deliveryIds });
  return { shareId, outcome: 'queued', queued: deliveryIds.length, ...skippedCounts, warningKey, deliveryIds };
}

function smsNotSupported<Id extends string | null>(shareId: Id) {
  return {
    shareId,
    outcome: 'sms_not_supported' as const,
    queued: 0,
    skipped: 0,
    skippedUnsubscribed: 0,
    skippedBouncing: 0,
    messageKey: 'email.smsNotImplemented',
    deliveryIds: [],
  };
}

function noRecipients<Id extends string | null>(
  shareId: Id,
  { skipped, skippedUnsubscribed, skippedBouncing }: Omit<FoundRecipients, 'recipients'>,
  warningKey: string | undefined,
) {
  return {
    shareId,
    outcome: 'no_recipients' as const,
    queued: 0,
    skipped,
    skippedUnsubscribed,
    skippedBouncing,
    messageKey: 'email.noValidRecipients',
    warningKey,
    deliveryIds: [],
  };
}

/**
 * Create Content / Generate → "Email to Contacts" in one step: the
 * same text to every picked contact. Keeping the text in the ideas' share (approved when one of the
 * ideas already is, else saved_for_later), the limit check and the queued deliveries are one
 * transaction: a refused send (limit, no valid recipient, SMS only) leaves ideas and shares as they
 * were. The ideas become "sent" when the first email goes out (settleShare).
 */
export async function emailShareText({
  db,
  jobs,
  userId,
  ideaIds,
  text,
  preferences,
  contactIds,
  subject,
  method,
  now = new Date(),
}: {
  db: Database;
  jobs: JobQueue | undefined;
  userId: string;
  ideaIds: readonly string[];
  text: string;
  preferences: Preferences;
  contactIds: readonly string[];
  subject?: string | undefined;
  method: MessageMethod;
  now?: Date;
}): Promise<Omit<SendShareOutcome, 'shareId'> & { shareId: string | null }> {
  // Another user's (or a missing) idea is a 404 before anything else.
  const isApproved = await isAnyIdeaApproved({ db, userId, ideaIds });
  if (method === 'sms') return smsNotSupported(null);
  await assertWithinMonthlyLimit({ tx: db, userId, now, isLocked: false });
  const warningKey = method === 'both' ? 'email.smsNotImplemented' : undefined;
  const bodies = Object.fromEntries(contactIds.map((contactId) => [contactId, text]));
  const found = await findRecipients({ db, userId, bodies });
  const { recipients, ...skippedCounts } = found;
  if (recipients.length === 0) return noRecipients(null, found, warningKey);
  const { shareId, deliveryIds } = await db.transaction(async (tx) => {
    const share = await storeShareText({
      tx,
      userId,
      ideaIds,
      text,
      preferences,
      status: isApproved ? 'approved' : 'saved_for_later',
    });
    const resolvedSubject = await resolveSubject({ db: tx, userId, subject, shareSubject: share.subject });
    const ids = await recordDeliveries({
      tx,
      userId,
      shareId: share.id,
      shareStatus: share.status,
      subject: resolvedSubject,
      recipients,
      now,
    });
    return { shareId: share.id, deliveryIds: ids };
  });
  await enqueueDeliveries({ jobs, deliveryIds });
  return { shareId, outcome: 'queued', queued: deliveryIds.length, ...skippedCounts, warningKey, deliveryIds };
}

/**
 * Sends a user's existing share (Summeris Approve): its contacts and summaries unless the request
 * names others. A single generated piece (key "summary") goes to every contact.
 */
export async function sendExistingShare({
  db,
  jobs,
  userId,
  shareId,
  contactIds,
  bodies,
  subject,
  method,
}: {
  db: Database;
  jobs: JobQueue | undefined;
  userId: string;
  shareId: string;
  contactIds?: string[] | undefined;
  bodies?: Record<string, string> | undefined;
  subject?: string | undefined;
  method: MessageMethod;
}): Promise<SendShareOutcome> {
  const share = await getOwnShare({ db, userId, shareId });
  const summaries = { ...share.summaries, ...bodies };
  // Nothing was generated for this share (or every text was emptied): nothing to send to anyone.
  if (Object.values(summaries).every((text) => text.trim() === '')) throw badRequest('notices.noGeneratedSummaries');
  if (bodies) await setShareTexts({ db, userId, shareId, texts: summaries });
  const recipientIds = [...new Set(contactIds ?? share.contactIds)];
  const bodyByContact = Object.fromEntries(
    recipientIds.map((contactId) => [contactId, summaries[contactId] ?? summaries.summary ?? '']),
  );
  return sendShareToContacts({ db, jobs, userId, shareId, subject, bodies: bodyByContact, method });
}

/**
 * Puts the failed deliveries of a user's share back in the queue (Summeris → Sent "Retry failed"):
 * only those whose errors were temporary; a bounced or refused address would fail the same way.
 */
export async function retryFailedDeliveries({
  db,
  jobs,
  userId,
  shareId,
  now = new Date(),
}: {
  db: Database;
  jobs: JobQueue | undefined;
  userId: string;
  shareId: string;
  now?: Date;
}): Promise<number> {
  const share = await getOwnShare({ db, userId, shareId });
  const deliveryIds = await db.transaction(async (tx) => {
    // A share that was sent already counts in this month's usage; one where everything failed does not.
    if (share.status !== 'sent') await assertWithinMonthlyLimit({ tx, userId, now, exceptShareId: shareId });
    const rows = await tx
      .update(emailDeliveries)
      .set({ status: 'queued', lastError: null, failureKind: null })
      .where(
        and(
          eq(emailDeliveries.shareId, shareId),
          eq(emailDeliveries.userId, userId),
          eq(emailDeliveries.status, 'failed'),
          or(isNull(emailDeliveries.failureKind), ne(emailDeliveries.failureKind, 'permanent')),
        ),
      )
      .returning({ id: emailDeliveries.id });
    if (rows.length > 0 && share.status !== 'sent') await resumeSendingShare({ tx, userId, shareId });
    return rows.map((row) => row.id);
  });
  await enqueueDeliveries({ jobs, deliveryIds });
  return deliveryIds.length;
}

function toDelivery(row: typeof emailDeliveries.$inferSelect): Delivery {
  return {
    id: row.id,
    contactId: row.contactId,
    recipientName: row.recipientName,
    recipientEmail: row.recipientEmail,
    status: row.status as DeliveryStatus,
    attempts: row.attempts,
    lastError: row.lastError,
    canRetry: row.status === 'failed' && row.failureKind !== 'permanent',
    sentAt: row.sentAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Status per recipient of a user's share, with counts; the client polls this until `isDone`. */
export async function findShareDeliveries({
  db,
  userId,
  shareId,
}: {
  db: Database;
  userId: string;
  shareId: string;
}): Promise<ShareDeliveriesResponse> {
  const share = await getOwnShare({ db, userId, shareId });
  const rows = await db
    .select()
    .from(emailDeliveries)
    .where(and(eq(emailDeliveries.shareId, shareId), eq(emailDeliveries.userId, userId)))
    .orderBy(asc(emailDeliveries.createdAt), asc(emailDeliveries.recipientEmail));
  const deliveries = rows.map(toDelivery);
  const counts = countDeliveries(deliveries);
  return { shareId, shareStatus: share.status, isDone: isDeliveryDone(counts), counts, deliveries };
}

/**
 * When no delivery of a share is waiting or in flight, the share is finished (finaliseShare): "sent" (with sent_at,
 * and its ideas "sent") if at least one email went out, else "failed". Safe to run twice.
 */
export async function settleShare({ db, shareId }: { db: Database; shareId: string }) {
  // Counted in the database: a share's last deliveries each ask this, and a large share has many rows.
  const rows = await db
    .select({ status: emailDeliveries.status, count: count() })
    .from(emailDeliveries)
    .where(eq(emailDeliveries.shareId, shareId))
    .groupBy(emailDeliveries.status);
  if (rows.some((row) => row.status === 'queued' || row.status === 'sending')) return;
  const hasSentAny = rows.some((row) => (row.status === 'sent' || row.status === 'delivered') && row.count > 0);
  await finaliseShare({ db, shareId, hasSentAny });
}

/** The address refused mail for good: later shares skip the contact until the owner changes it. */
export async function markContactBouncing({
  db,
  userId,
  contactId,
}: {
  db: Database;
  userId: string;
  contactId: string;
}) {
  await db
    .update(contacts)
    .set({ bouncedAt: sql`coalesce(${contacts.bouncedAt}, now())` })
    .where(byIdAndOwner(contacts, contactId, userId));
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
  publicAddress,
  serverTransport,
  attempts,
}: {
  db: Database;
  config: Config;
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
      sender = resolveSender({ db, config, serverTransport, userId });
      senders.set(userId, sender);
    }
    return sender;
  };
  // A contact who unsubscribed (or whose address bounced) since the send was queued is not mailed.
  const contactIds = [...new Set(claimed.flatMap((delivery) => (delivery.contactId ? [delivery.contactId] : [])))];
  const contactStates =
    contactIds.filter(isUuid).length === 0
      ? []
      : await db
          .select({ id: contacts.id, unsubscribedAt: contacts.unsubscribedAt, bouncedAt: contacts.bouncedAt })
          .from(contacts)
          .where(inArray(contacts.id, contactIds.filter(isUuid)));
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
        // Every update email carries the contact's one-click unsubscribe link (RFC 8058) in its
        // headers and footer; account mail (verification, password reset, Contact Us) does not come here.
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
        const result = await sender.transport.send({
          from: sender.from,
          fromName: sender.fromName,
          to: delivery.recipientEmail,
          replyTo: sender.replyTo,
          subject: delivery.subject,
          text: rendered.text,
          html: rendered.html,
          headers: link
            ? { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
            : undefined,
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
 * At start-up: every delivery left queued or sending gets a job again (a restart never loses one;
 * a duplicate job finds it claimed or sent), and shares whose deliveries all finished are settled.
 */
export async function resumeUnfinishedDeliveries({ db, jobs }: { db: Database; jobs: JobQueue }) {
  const unfinished = await db
    .select({ id: emailDeliveries.id })
    .from(emailDeliveries)
    .where(inArray(emailDeliveries.status, ['queued', 'sending']));
  await enqueueDeliveries({ jobs, deliveryIds: unfinished.map((row) => row.id) });
  for (const shareId of await findSendingShareIds({ db })) await settleShare({ db, shareId });
  return unfinished.length;
}
