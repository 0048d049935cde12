import type { MessageMethod } from '@life-updates/contract/email';
import type { Preferences } from '@life-updates/contract/preferences';
import { everyoneTextKey, type Channel as ChannelName } from '@life-updates/contract/share-options';
import type { Destinations } from '@life-updates/contract/shares';
import { and, eq, isNull, ne, or } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { deliveries } from '../../../db/schema.ts';
import type { UserScope } from '../../../db/owned.ts';
import type { JobQueue } from '../../../jobs.ts';
import { AppError, badRequest } from '../../../lib/app-error.ts';
import { findOwnIdeas } from '../../ideas/ideas-service.ts';
import { forgetSentTextsOfShare, keepSentTexts } from '../../sent-texts/sent-texts-service.ts';
import { lockSettingsRow } from '../../settings/settings-service.ts';
import { getMonthlyUsage } from '../../usage/usage-service.ts';
import {
  findGeneratedTexts,
  getOwnShare,
  keepUnsentContactsPending,
  resumeSendingShare,
  setShareTexts,
  startSendingShare,
  storeShareText,
  unscheduleShareRow,
} from '../shares-service.ts';
import type { Channels, NewDelivery } from './channel.ts';
import { enqueueDeliveries } from './queue.ts';

/*
 * Sending a share to its destinations on every channel: the entry points that queue its deliveries
 * (send a share, send a new text, retry the failed ones, take a scheduled share back). The worker
 * (./worker.ts) sends them; ./deliveries.ts reports how they went.
 */

const limitReached = () =>
  new AppError({ status: 403, code: 'LIMIT_REACHED', message: 'shares.errors.monthlyLimitReached' });

/**
 * The monthly-limit check, inside the caller's transaction: the settings row is locked so two
 * sends cannot both pass; the meter's own count (getMonthlyUsage), with contact shares already
 * going out or scheduled counted as used.
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
  if (isLocked) await lockSettingsRow({ tx, userId });
  const { used, total } = await getMonthlyUsage({ db: tx, userId, now, countsInFlight: true, exceptShareId });
  if (used >= total) throw limitReached();
}

export type SendShareOutcome = {
  shareId: string | null;
  outcome: 'queued' | 'scheduled' | 'no_recipients' | 'sms_not_supported';
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

type DestinationList = { contactIds: readonly string[]; telegramChatIds: readonly string[]; linkedin: boolean };
type PreparedRow = NewDelivery & { channel: ChannelName };
type Prepared = { rows: PreparedRow[]; skipped: number; skippedUnsubscribed: number; skippedBouncing: number };

/**
 * Every destination's delivery row, from its channel: the channel checks it can take the share
 * (connected, the text within its limits) and leaves out contacts it must not mail. Nothing is
 * written here; a channel that refuses throws its message.
 */
async function prepareDeliveries({
  db,
  channels,
  userId,
  texts,
  destinations,
  subject,
  shareSubject,
}: UserScope<Database> & {
  channels: Channels;
  texts: Record<string, string>;
  destinations: DestinationList;
  subject: string | undefined;
  shareSubject: string | null;
}): Promise<Prepared> {
  const everyoneText = texts[everyoneTextKey]?.trim() ? texts[everyoneTextKey]! : null;
  const contactIds = [...new Set(destinations.contactIds)];
  const contactTexts = Object.fromEntries(contactIds.map((id) => [id, texts[id] ?? everyoneText ?? '']));
  const input = { db, userId, everyoneText, contactTexts, subject, shareSubject };
  const targets: Array<[ChannelName, readonly string[]]> = [
    ['email', contactIds],
    ['telegram', [...new Set(destinations.telegramChatIds)]],
    ['linkedin', destinations.linkedin ? [userId] : []],
  ];
  const prepared: Prepared = { rows: [], skipped: 0, skippedUnsubscribed: 0, skippedBouncing: 0 };
  for (const [name, ids] of targets) {
    if (ids.length === 0) continue;
    // A post has one text for everyone: a share written per contact has none to post.
    if (name !== 'email' && everyoneText === null) throw badRequest('summeris.validation.noSingleText');
    const result = await channels[name].prepare({ ...input, targets: ids });
    prepared.rows.push(...result.rows.map((row) => ({ ...row, channel: name })));
    prepared.skipped += result.skipped ?? 0;
    prepared.skippedUnsubscribed += result.skippedUnsubscribed ?? 0;
    prepared.skippedBouncing += result.skippedBouncing ?? 0;
  }
  prepared.skipped += prepared.skippedUnsubscribed + prepared.skippedBouncing;
  return prepared;
}

/** A time to send at must be ahead of now; none means now. */
function checkSendAt(sendAt: string | undefined, now: Date): Date | null {
  if (!sendAt) return null;
  const at = new Date(sendAt);
  if (at.getTime() <= now.getTime()) {
    throw new AppError({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'summeris.validation.pastTime',
      fields: { sendAt: 'summeris.validation.pastTime' },
    });
  }
  return at;
}

/**
 * Inside the caller's transaction: the locked limit check (for a share that emails contacts), the
 * share's contacts not sent to kept pending, the share claimed as "sending" or "scheduled" (a share
 * already going out or gone is a 409) and one queued delivery per destination. Returns the
 * delivery ids to enqueue once the transaction has committed.
 */
async function recordDeliveries({
  tx,
  userId,
  shareId,
  shareStatus,
  sentContactIds,
  rows,
  sendAt,
  now,
}: {
  tx: Database;
  userId: string;
  shareId: string;
  shareStatus: string;
  /** The contacts the user sent to, recipients and skipped ones alike: the share's others stay pending. */
  sentContactIds: readonly string[];
  rows: PreparedRow[];
  sendAt: Date | null;
  now: Date;
}) {
  const emails = rows.filter((row) => row.channel === 'email');
  if (emails.length > 0) await assertWithinMonthlyLimit({ tx, userId, now, exceptShareId: shareId });
  await keepUnsentContactsPending({ tx, userId, shareId, sentContactIds });
  await startSendingShare({
    tx,
    userId,
    shareId,
    shareStatus,
    subject: emails[0]?.subject ?? null,
    contactIds: emails.flatMap((row) => (row.contactId ? [row.contactId] : [])),
    sendAt,
  });
  const inserted = await tx
    .insert(deliveries)
    .values(rows.map((row) => ({ ...row, userId, shareId })))
    .returning({ id: deliveries.id });
  return inserted.map((row) => row.id);
}

function notSent(
  shareId: string | null,
  outcome: 'no_recipients' | 'sms_not_supported',
  counts: Omit<Prepared, 'rows'>,
  warningKey?: string,
): SendShareOutcome {
  return {
    shareId,
    outcome,
    queued: 0,
    skipped: counts.skipped,
    skippedUnsubscribed: counts.skippedUnsubscribed,
    skippedBouncing: counts.skippedBouncing,
    messageKey: outcome === 'sms_not_supported' ? 'email.smsNotImplemented' : 'email.noValidRecipients',
    warningKey,
    deliveryIds: [],
  };
}

const noneSkipped = { skipped: 0, skippedUnsubscribed: 0, skippedBouncing: 0 };

/** The outcome of a send whose deliveries are queued: at once, or for their time. */
function sent(
  shareId: string,
  at: Date | null,
  { skipped, skippedUnsubscribed, skippedBouncing }: Prepared,
  deliveryIds: string[],
  warningKey: string | undefined,
): SendShareOutcome {
  const outcome = at ? 'scheduled' : 'queued';
  return {
    shareId,
    outcome,
    queued: deliveryIds.length,
    skipped,
    skippedUnsubscribed,
    skippedBouncing,
    warningKey,
    deliveryIds,
  };
}

type SendInput = {
  jobs: JobQueue | undefined;
  /** Where a failure to keep the sent texts is told: it never undoes a send already queued. */
  log: { warn: (details: object, message: string) => void };
  channels: Channels;
  destinations: DestinationList;
  subject?: string | undefined;
  method?: MessageMethod | undefined;
  /** ISO date-time to send at; absent: now. */
  sendAt?: string | undefined;
  now?: Date;
};

/**
 * Sends a user's existing share (Summeris Approve, the sharing schedule): to the destinations named,
 * with its texts and any edited `bodies`; the share's contacts not named keep their texts pending
 * (`keepUnsentContactsPending`). A single generated piece (`everyoneTextKey`) goes to every contact.
 * Checks the monthly limit, records one queued delivery per destination and marks the share
 * "sending" (or "scheduled") in one transaction, then queues a job per delivery.
 */
export async function sendShare({
  db,
  jobs,
  channels,
  userId,
  shareId,
  destinations,
  bodies,
  subject,
  method = 'email',
  sendAt,
  now = new Date(),
  log,
}: UserScope<Database> & SendInput & { shareId: string; bodies?: Record<string, string> | undefined }) {
  const share = await getOwnShare({ db, userId, shareId });
  const texts = { ...share.texts, ...bodies };
  // Nothing was generated for this share (or every text was emptied): nothing to send to anyone.
  if (Object.values(texts).every((text) => text.trim() === '')) throw badRequest('notices.noGeneratedSummaries');
  // SMS sends nothing; otherwise the limit comes first (the user is sent to upgrade).
  if (method === 'sms') return notSent(shareId, 'sms_not_supported', noneSkipped);
  const at = checkSendAt(sendAt, now);
  if (destinations.contactIds.length > 0) {
    await assertWithinMonthlyLimit({ tx: db, userId, now, exceptShareId: shareId, isLocked: false });
  }
  const warningKey = method === 'both' ? 'email.smsNotImplemented' : undefined;
  if (bodies) await setShareTexts({ db, userId, shareId, texts });
  const prepared = await prepareDeliveries({
    db,
    channels,
    userId,
    texts,
    destinations,
    subject,
    shareSubject: share.subject,
  });
  // Usage counts shares, not recipients: a share that reaches nobody is not sent and does not count.
  if (prepared.rows.length === 0) return notSent(shareId, 'no_recipients', prepared, warningKey);
  const deliveryIds = await db.transaction((tx) =>
    recordDeliveries({
      tx,
      userId,
      shareId,
      shareStatus: share.status,
      sentContactIds: destinations.contactIds,
      rows: prepared.rows,
      sendAt: at,
      now,
    }),
  );
  await enqueueDeliveries({ jobs, deliveryIds, startAfter: at });
  // Writing like the user: the share's texts as sent, beside what the model wrote (before any edit, in Summeris or here).
  const drafts = await findGeneratedTexts({ db, userId, shareId });
  await keepSentTextsAfterSend(log, { db, userId, shareId, ideaIds: share.ideaIds, texts, drafts });
  return sent(shareId, at, prepared, deliveryIds, warningKey);
}

/**
 * Create Content / Generate → send a new text in one step, to any destinations, now or at a time.
 * Keeping the text in the ideas' share (approved when one of the ideas already is, else
 * saved_for_later), the limit check and the queued deliveries are one transaction: a refused send
 * (limit, no valid recipient, a channel that cannot take it, SMS only) leaves ideas and shares as
 * they were. The ideas become "sent" when the first destination has the share (settleShare).
 */
export async function sendShareText({
  db,
  jobs,
  channels,
  userId,
  ideaIds,
  text,
  preferences,
  destinations,
  subject,
  method = 'email',
  sendAt,
  now = new Date(),
  log,
}: UserScope<Database> & SendInput & { ideaIds: readonly string[]; text: string; preferences: Preferences }) {
  // Another user's (or a missing) idea is a 404 before anything else.
  const ideas = await findOwnIdeas({ db, userId, ideaIds });
  if (method === 'sms') return notSent(null, 'sms_not_supported', noneSkipped);
  const at = checkSendAt(sendAt, now);
  if (destinations.contactIds.length > 0) await assertWithinMonthlyLimit({ tx: db, userId, now, isLocked: false });
  const warningKey = method === 'both' ? 'email.smsNotImplemented' : undefined;
  const prepared = await prepareDeliveries({
    db,
    channels,
    userId,
    texts: { [everyoneTextKey]: text },
    destinations,
    subject,
    shareSubject: null,
  });
  if (prepared.rows.length === 0) return notSent(null, 'no_recipients', prepared, warningKey);
  const { shareId, deliveryIds } = await db.transaction(async (tx) => {
    const share = await storeShareText({
      tx,
      userId,
      ideas,
      text,
      preferences,
      status: ideas.some((idea) => idea.status === 'approved') ? 'approved' : 'saved_for_later',
    });
    const ids = await recordDeliveries({
      tx,
      userId,
      shareId: share.id,
      shareStatus: share.status,
      sentContactIds: destinations.contactIds,
      rows: prepared.rows,
      sendAt: at,
      now,
    });
    return { shareId: share.id, deliveryIds: ids };
  });
  await enqueueDeliveries({ jobs, deliveryIds, startAfter: at });
  // Writing like the user: the text as sent, beside the draft the model wrote for these ideas.
  await keepSentTextsAfterSend(log, { db, userId, shareId, ideaIds, texts: { [everyoneTextKey]: text }, preferences });
  return sent(shareId, at, prepared, deliveryIds, warningKey);
}

/**
 * The deliveries are committed and queued by now: the mail goes out whatever happens here, so a
 * failure to keep the texts is only logged and the send still answers "queued" (a user shown an
 * error would send again).
 */
async function keepSentTextsAfterSend(log: SendInput['log'], input: Parameters<typeof keepSentTexts>[0]) {
  try {
    await keepSentTexts(input);
  } catch (error) {
    log.warn({ err: error, userId: input.userId, shareId: input.shareId }, 'sent texts could not be kept');
  }
}

/** The destinations of a send request: those named, else the share's contacts. */
export function destinationsOf(
  requested: Destinations | undefined,
  share: { contactIds: readonly string[] },
): DestinationList {
  return {
    contactIds: requested?.contactIds ?? share.contactIds,
    telegramChatIds: requested?.telegramChatIds ?? [],
    linkedin: requested?.linkedin ?? false,
  };
}

/**
 * Puts the failed deliveries of a user's share back in the queue (Summeris → "Retry failed"), on
 * every channel: only those whose errors were temporary; a bounced address or a refused post
 * would fail the same way.
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
    const failed = and(
      eq(deliveries.shareId, shareId),
      eq(deliveries.userId, userId),
      eq(deliveries.status, 'failed'),
      or(isNull(deliveries.failureKind), ne(deliveries.failureKind, 'permanent')),
    );
    // A share that was sent already counts in this month's usage; one where everything failed does not.
    const emails = await tx.$count(deliveries, and(failed, eq(deliveries.channel, 'email')));
    if (share.status !== 'sent' && emails > 0) {
      await assertWithinMonthlyLimit({ tx, userId, now, exceptShareId: shareId });
    }
    const rows = await tx
      .update(deliveries)
      .set({ status: 'queued', lastError: null, errorKey: null, errorValues: null, failureKind: null })
      .where(failed)
      .returning({ id: deliveries.id });
    if (rows.length > 0 && share.status !== 'sent') await resumeSendingShare({ tx, userId, shareId });
    return rows.map((row) => row.id);
  });
  await enqueueDeliveries({ jobs, deliveryIds, startAfter: null });
  return deliveryIds.length;
}

/**
 * Summeris → Scheduled → "Cancel schedule": the share goes back to Pending (approved) with its
 * texts, and its deliveries, none of which has started, are removed; their jobs find nothing.
 */
export async function unscheduleShare({ db, userId, shareId }: UserScope<Database> & { shareId: string }) {
  await getOwnShare({ db, userId, shareId });
  return db.transaction(async (tx) => {
    const share = await unscheduleShareRow({ tx, userId, shareId });
    await tx.delete(deliveries).where(and(eq(deliveries.shareId, shareId), eq(deliveries.userId, userId)));
    // Its texts were kept when the send was queued; nothing went out, so they are no example of the user's voice.
    await forgetSentTextsOfShare({ db: tx, userId, shareId });
    return share;
  });
}
