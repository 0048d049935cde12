import {
  countDeliveries,
  isDeliveryDone,
  type Delivery,
  type DeliveryStatus,
  type MessageMethod,
  type ShareDeliveriesResponse,
} from '@life-updates/contract/email';
import { translate } from '@life-updates/contract/i18n';
import type { Preferences } from '@life-updates/contract/preferences';
import { everyoneTextKey } from '@life-updates/contract/share-options';
import { and, asc, count, eq, inArray, isNull, ne, or } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { contacts, emailDeliveries, shares, userSettings } from '../../../db/schema.ts';
import type { UserScope } from '../../../db/owned.ts';
import type { JobQueue } from '../../../jobs.ts';
import { AppError, badRequest } from '../../../lib/app-error.ts';
import { isUuid } from '../../../lib/uuid.ts';
import { readSenderIdentity } from '../../email/email-settings-service.ts';
import { findOwnIdeas } from '../../ideas/ideas-service.ts';
import { getMonthlyUsage } from '../../usage/usage-service.ts';
import {
  finaliseShare,
  getOwnShare,
  keepUnsentContactsPending,
  resumeSendingShare,
  setShareTexts,
  startSendingShare,
  storeShareText,
} from '../shares-service.ts';
import { enqueueDeliveries } from './queue.ts';

/*
 * Sending a share by email: the entry points that queue its deliveries (send, email a text, retry
 * the failed ones), its delivery progress, and settling it once every delivery is done.
 */

const limitReached = () => new AppError({ status: 403, code: 'LIMIT_REACHED', message: 'email.monthlyLimitReached' });

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
    .from(shares)
    .where(
      and(
        eq(shares.userId, userId),
        eq(shares.status, 'sending'),
        exceptShareId ? ne(shares.id, exceptShareId) : undefined,
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
}: UserScope<Database> & { bodies: Record<string, string> }): Promise<FoundRecipients> {
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
}: UserScope<Database> & { subject: string | undefined; shareSubject: string | null }) {
  const { senderName, locale } = await readSenderIdentity({ db, userId });
  return subject?.trim() || shareSubject?.trim() || translate('email.defaultSubject', locale, { name: senderName });
}

/**
 * Inside the caller's transaction: the locked limit check, the share's contacts not sent to kept
 * pending, the share claimed as "sending" (a share already sending or sent is a 409) and one queued
 * delivery per recipient. Returns the delivery ids to enqueue once the transaction has committed.
 */
async function recordDeliveries({
  tx,
  userId,
  shareId,
  shareStatus,
  subject,
  sentContactIds,
  recipients,
  now,
}: {
  tx: Database;
  userId: string;
  shareId: string;
  shareStatus: string;
  subject: string;
  /** The contacts the user sent to, recipients and skipped ones alike: the share's others stay pending. */
  sentContactIds: readonly string[];
  recipients: Recipient[];
  now: Date;
}) {
  await assertWithinMonthlyLimit({ tx, userId, now, exceptShareId: shareId });
  await keepUnsentContactsPending({ tx, userId, shareId, sentContactIds });
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
}: UserScope<Database> & {
  jobs: JobQueue | undefined;
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
      sentContactIds: Object.keys(bodies),
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
}: UserScope<Database> & {
  jobs: JobQueue | undefined;
  ideaIds: readonly string[];
  text: string;
  preferences: Preferences;
  contactIds: readonly string[];
  subject?: string | undefined;
  method: MessageMethod;
  now?: Date;
}): Promise<Omit<SendShareOutcome, 'shareId'> & { shareId: string | null }> {
  // Another user's (or a missing) idea is a 404 before anything else.
  const ideas = await findOwnIdeas({ db, userId, ideaIds });
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
      ideas,
      text,
      preferences,
      status: ideas.some((idea) => idea.status === 'approved') ? 'approved' : 'saved_for_later',
    });
    const resolvedSubject = await resolveSubject({ db: tx, userId, subject, shareSubject: share.subject });
    const ids = await recordDeliveries({
      tx,
      userId,
      shareId: share.id,
      shareStatus: share.status,
      subject: resolvedSubject,
      sentContactIds: contactIds,
      recipients,
      now,
    });
    return { shareId: share.id, deliveryIds: ids };
  });
  await enqueueDeliveries({ jobs, deliveryIds });
  return { shareId, outcome: 'queued', queued: deliveryIds.length, ...skippedCounts, warningKey, deliveryIds };
}

/**
 * Sends a user's existing share (Summeris Approve): its contacts and texts unless the request
 * names others; the share's contacts it does not name keep their texts pending in Summeris
 * (`keepUnsentContactsPending`). A single generated piece (`everyoneTextKey`) goes to every contact.
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
}: UserScope<Database> & {
  jobs: JobQueue | undefined;
  shareId: string;
  contactIds?: string[] | undefined;
  bodies?: Record<string, string> | undefined;
  subject?: string | undefined;
  method: MessageMethod;
}): Promise<SendShareOutcome> {
  const share = await getOwnShare({ db, userId, shareId });
  const texts = { ...share.texts, ...bodies };
  // Nothing was generated for this share (or every text was emptied): nothing to send to anyone.
  if (Object.values(texts).every((text) => text.trim() === '')) throw badRequest('notices.noGeneratedSummaries');
  if (bodies) await setShareTexts({ db, userId, shareId, texts });
  const recipientIds = [...new Set(contactIds ?? share.contactIds)];
  const bodyByContact = Object.fromEntries(
    recipientIds.map((contactId) => [contactId, texts[contactId] ?? texts[everyoneTextKey] ?? '']),
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
}: UserScope<Database> & { jobs: JobQueue | undefined; shareId: string; now?: Date }): Promise<number> {
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
}: UserScope<Database> & { shareId: string }): Promise<ShareDeliveriesResponse> {
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
