import type { Locale } from '@life-updates/contract/i18n';
import type { Preferences } from '@life-updates/contract/preferences';
import {
  pendingTabStatuses,
  reusableShareStatuses,
  shareStatuses,
  everyoneTextKey,
  type Share,
  type ShareIdeaSnapshot,
  type ShareStatus,
  type ShareWithContacts,
} from '@life-updates/contract/shares';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { shares } from '../../db/schema.ts';
import { byIdAndOwner, type UserScope } from '../../db/owned.ts';
import { AppError, conflict, notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/uuid.ts';
import { filterOwnContactIds } from '../contacts/contacts-service.ts';
import { findOwnIdeas, setIdeasStatus, type IdeaRow } from '../ideas/ideas-service.ts';
import { changeShareStatus, changeSharesStatus } from './share-status.ts';
import { containsAnyIdea, toIso, toShare, withContacts } from './shares-queries.ts';

/*
 * The share aggregate's writes: every status change of a share (create, approve, send, finalise,
 * cancel) and every other write to its row goes through the functions of this module, and each
 * status change through changeShareStatus / changeSharesStatus (./share-status.ts), which allow
 * only the changes of the lifecycle table (contract share-lifecycle.ts). Shares live
 * in the `shares` table; their destinations are rows of `deliveries` (./delivery). The reads,
 * Summeris' among them, are in ./shares-queries.ts.
 */

const shareNotFound = () => notFound('shares.errors.notFound');
/** Only a share still waiting for review can be edited or cancelled. */
const notPending = () =>
  new AppError({ status: 409, code: 'SHARE_NOT_PENDING', message: 'summeris.errors.notPending' });

/** What a share keeps of each idea, as it was when the share was written. */
const toSnapshot = (idea: IdeaRow): ShareIdeaSnapshot => ({
  id: idea.id,
  title: idea.title,
  content: idea.content,
  date: toIso(idea.date),
  createdAt: toIso(idea.createdAt),
});

/** One of the user's shares; another user's (or a missing) one is a 404. */
export async function getOwnShare({ db, userId, shareId }: { db: Executor; userId: string; shareId: string }) {
  if (!isUuid(shareId)) throw shareNotFound();
  const [row] = await db
    .select()
    .from(shares)
    .where(byIdAndOwner(shares, shareId, userId));
  if (!row) throw shareNotFound();
  return row;
}

// ── Create ──

type ShareOfIdeas = UserScope & {
  /** The user's ideas, in order, as read already in this request. */
  ideas: readonly IdeaRow[];
  texts: Record<string, string>;
  templateId: string | null;
  status: ShareStatus;
  /** The contacts of per-contact texts (Summeris); left as they are when absent. */
  contactIds?: readonly string[] | undefined;
  /** When the model wrote `texts`: kept as they are, for comparing with what is sent. */
  generatedTexts?: Record<string, string> | undefined;
};

/**
 * A new share of these ideas (the user's rows, in order) with its texts. The sharing schedule makes
 * its shares here (source "schedule"); the app's go through `upsertShareForIdeas`.
 */
export async function createShare({
  db,
  userId,
  ideas,
  texts,
  templateId,
  status,
  contactIds,
  generatedTexts,
  source,
  generatedAt = new Date(),
}: ShareOfIdeas & { source?: string | undefined; generatedAt?: Date }): Promise<Share> {
  const [created] = await db
    .insert(shares)
    .values({
      userId,
      status,
      ideaIds: ideas.map((idea) => idea.id),
      ideas: ideas.map(toSnapshot),
      texts,
      generatedTexts: generatedTexts ?? null,
      templateId,
      generatedAt,
      ...(contactIds ? { contactIds: [...contactIds] } : {}),
      ...(source ? { source } : {}),
    })
    .returning();
  return toShare(created!);
}

/** Saves generated texts for an ordered list of the user's ideas (another user's or a missing one is a 404). */
export async function upsertShareForIdeas({
  ideaIds,
  ...share
}: Omit<ShareOfIdeas, 'ideas'> & { ideaIds: readonly string[] }): Promise<Share> {
  return writeShareOfIdeas({ ...share, ideas: await findOwnIdeas({ db: share.db, userId: share.userId, ideaIds }) });
}

/**
 * Saves generated texts for ideas already read: a share of the user's in pending, generated,
 * saved_for_later or approved with exactly the same ordered ideas is updated (texts, template,
 * generated_at, status); otherwise a new one is made.
 */
async function writeShareOfIdeas({
  db,
  userId,
  ideas,
  texts,
  templateId,
  status,
  contactIds,
  generatedTexts,
}: ShareOfIdeas): Promise<Share> {
  const ideaIds = ideas.map((idea) => idea.id);
  const now = new Date();
  const [existing] = await db
    .select({ id: shares.id })
    .from(shares)
    .where(
      and(
        eq(shares.userId, userId),
        inArray(shares.status, [...reusableShareStatuses]),
        // jsonb array equality keeps the order: [a, b] is not [b, a].
        sql`${shares.ideaIds} = ${JSON.stringify(ideaIds)}::jsonb`,
      ),
    )
    .orderBy(sql`${shares.generatedAt} desc nulls last`, desc(shares.createdAt))
    .limit(1);
  if (!existing) {
    return createShare({ db, userId, ideas, texts, templateId, status, contactIds, generatedTexts, generatedAt: now });
  }
  const updated = await changeShareStatus({
    db,
    userId,
    shareId: existing.id,
    to: status,
    from: reusableShareStatuses,
    set: {
      texts,
      generatedTexts: generatedTexts ?? null,
      templateId,
      ideas: ideas.map(toSnapshot),
      generatedAt: now,
      ...(contactIds ? { contactIds: [...contactIds] } : {}),
    },
  });
  return toShare(updated);
}

// ── Save and approve (Create Content) ──

type ShareText = {
  userId: string;
  text: string;
  preferences: Preferences;
  status: 'saved_for_later' | 'approved';
  /** The share's recipients, the user's own contacts only; absent: left as they are. */
  contactIds?: readonly string[] | undefined;
};

/**
 * Keeps the text of Create Content / Generate in the ideas' share, inside the caller's transaction:
 * stores the preferences on each idea and
 * - `saved_for_later`: marks the ideas and the share saved_for_later;
 * - `approved`: approves the ideas, every not-yet-sent share that contains one of them, and the share.
 */
export async function storeShareText({
  tx,
  userId,
  ideas,
  text,
  preferences,
  status,
  contactIds,
}: ShareText & {
  tx: Executor;
  /** The user's ideas, in order (findOwnIdeas), as read already in this request. */
  ideas: readonly IdeaRow[];
}): Promise<Share> {
  const ideaIds = ideas.map((idea) => idea.id);
  await setIdeasStatus({ db: tx, userId, ideaIds, status, preferences });
  if (status === 'approved') {
    // Every share still being written or kept that contains one of them is approved too; shares
    // scheduled, going out or gone keep their status.
    await changeSharesStatus({
      db: tx,
      where: and(eq(shares.userId, userId), containsAnyIdea(ideaIds)),
      to: 'approved',
      from: reusableShareStatuses,
    });
  }
  return writeShareOfIdeas({
    db: tx,
    userId,
    ideas,
    texts: { [everyoneTextKey]: text },
    templateId: null,
    status,
    contactIds: contactIds ? await filterOwnContactIds({ db: tx, userId, contactIds }) : undefined,
  });
}

/**
 * Create Content → "Save for later" (the ideas and the share saved_for_later) and "Approve & Finish"
 * (the ideas and their shares approved, and the contacts chosen to receive the share): reads the
 * ideas and keeps the text in one transaction (another user's or a missing idea is a 404).
 */
export function storeShareTextOfIdeas({
  db,
  ideaIds,
  ...share
}: ShareText & { db: Database; ideaIds: readonly string[] }): Promise<Share> {
  return db.transaction(async (tx) => {
    const ideas = await findOwnIdeas({ db: tx, userId: share.userId, ideaIds });
    return storeShareText({ ...share, tx, ideas });
  });
}

// ── Edit and cancel (Summeris → Pending) ──

const isPendingStatus = (status: string) => (pendingTabStatuses as readonly string[]).includes(status);

/** Summeris → Pending: saves one contact's edited text ("Summary successfully updated!"). */
export async function updateShareText({
  db,
  userId,
  shareId,
  contactId,
  text,
  locale,
}: UserScope<Database> & {
  shareId: string;
  contactId: string;
  text: string;
  locale: Locale;
}): Promise<ShareWithContacts> {
  const share = await getOwnShare({ db, userId, shareId });
  if (!isPendingStatus(share.status)) throw notPending();
  const isKnownKey =
    share.contactIds.includes(contactId) || (contactId === everyoneTextKey && everyoneTextKey in share.texts);
  if (!isKnownKey) throw notFound('contacts.errors.notFound');
  const [updated] = await db
    .update(shares)
    .set({ texts: { ...share.texts, [contactId]: text } })
    .where(and(byIdAndOwner(shares, shareId, userId), inArray(shares.status, [...pendingTabStatuses])))
    .returning();
  if (!updated) throw notPending();
  const [result] = await withContacts({ db, userId, shares: [toShare(updated)], locale });
  return result!;
}

/** Summeris → Cancel: a pending share is deleted; a sent one stays. */
export async function cancelShare({ db, userId, shareId }: { db: Database; userId: string; shareId: string }) {
  const share = await getOwnShare({ db, userId, shareId });
  if (!isPendingStatus(share.status)) throw notPending();
  const deleted = await db
    .delete(shares)
    .where(and(byIdAndOwner(shares, shareId, userId), inArray(shares.status, [...pendingTabStatuses])))
    .returning({ id: shares.id });
  if (deleted.length === 0) throw notPending();
}

// ── Send and finalise (the email pipeline in ./delivery) ──

/** What the model wrote for a user's share, by text key; empty when it wrote none (`shares.generated_texts`). */
export async function findGeneratedTexts({ db, userId, shareId }: UserScope & { shareId: string }) {
  const [row] = await db
    .select({ generatedTexts: shares.generatedTexts })
    .from(shares)
    .where(byIdAndOwner(shares, shareId, userId));
  return row?.generatedTexts ?? {};
}

/** Replaces the texts of a share about to be sent with the ones the sender edited last. */
export async function setShareTexts({
  db,
  userId,
  shareId,
  texts,
}: UserScope & { shareId: string; texts: Record<string, string> }) {
  await db
    .update(shares)
    .set({ texts })
    .where(byIdAndOwner(shares, shareId, userId));
}

/**
 * Sending a share to some of its contacts (Summeris → Change recipients): the contacts left out
 * keep their texts waiting in Summeris Pending, as a new share of the same ideas, template and
 * status, instead of vanishing with the share that goes out; the share being sent keeps only the
 * texts of those it is sent to. Inside the caller's transaction, before the share is claimed for
 * sending, so a refused send changes nothing. A share already sent, sending or failed is left as
 * it is. Returns the id of the share kept pending, or null when no contact is left out.
 */
export async function keepUnsentContactsPending({
  tx,
  userId,
  shareId,
  sentContactIds,
}: {
  tx: Executor;
  userId: string;
  shareId: string;
  sentContactIds: readonly string[];
}): Promise<string | null> {
  const [share] = await tx
    .select()
    .from(shares)
    .where(byIdAndOwner(shares, shareId, userId))
    .for('update');
  if (!share || !(reusableShareStatuses as readonly string[]).includes(share.status)) return null;
  const sent = new Set(sentContactIds);
  const unsentContactIds = share.contactIds.filter((id) => !sent.has(id));
  if (unsentContactIds.length === 0) return null;
  const unsent = new Set(unsentContactIds);
  // A single generated piece (everyoneTextKey) belongs to both: every contact receives it.
  const textsWhere = (isWanted: (key: string) => boolean) =>
    Object.fromEntries(Object.entries(share.texts).filter(([key]) => key === everyoneTextKey || isWanted(key)));
  const [kept] = await tx
    .insert(shares)
    .values({
      userId,
      status: share.status,
      ideaIds: share.ideaIds,
      ideas: share.ideas,
      contactIds: unsentContactIds,
      texts: textsWhere((key) => unsent.has(key)),
      generatedTexts: share.generatedTexts,
      templateId: share.templateId,
      subject: share.subject,
      source: share.source,
      generatedAt: share.generatedAt,
    })
    .returning({ id: shares.id });
  await tx
    .update(shares)
    .set({ texts: textsWhere((key) => !unsent.has(key)) })
    .where(byIdAndOwner(shares, shareId, userId));
  return kept!.id;
}

/** The statuses a share may be claimed for sending from: any but going out, scheduled or sent. */
const notGoingOut = shareStatuses.filter((status) => !['sending', 'sent', 'scheduled'].includes(status));

/**
 * Claims a share for sending, inside the caller's transaction: "sending" (or "scheduled", with its
 * time), with the subject of its emails and the contacts it goes to. A share already going out,
 * scheduled or sent is a 409.
 */
export async function startSendingShare({
  tx,
  userId,
  shareId,
  shareStatus,
  subject,
  contactIds,
  sendAt,
}: {
  tx: Executor;
  userId: string;
  shareId: string;
  /** The status read before the claim, to say why it failed. */
  shareStatus: string;
  /** The subject of its emails; null when it sends none. */
  subject: string | null;
  contactIds: readonly string[];
  sendAt: Date | null;
}) {
  await changeShareStatus({
    db: tx,
    userId,
    shareId,
    to: sendAt ? 'scheduled' : 'sending',
    // A share already going out or scheduled is not claimed again, though sending may go on to sending.
    from: notGoingOut,
    set: { sendAt, contactIds: [...contactIds], ...(subject === null ? {} : { subject }) },
    refused: () => conflict(shareStatus === 'sent' ? 'shares.errors.alreadySent' : 'shares.errors.alreadySending'),
  });
}

/** A scheduled share back to Pending (approved), inside the caller's transaction; any other status is a 409. */
export async function unscheduleShareRow({ tx, userId, shareId }: { tx: Executor; userId: string; shareId: string }) {
  const row = await changeShareStatus({
    db: tx,
    userId,
    shareId,
    to: 'approved',
    from: ['scheduled'],
    set: { sendAt: null },
    refused: () => new AppError({ status: 409, code: 'SHARE_NOT_SCHEDULED', message: 'summeris.errors.notScheduled' }),
  });
  return toShare(row);
}

/** Scheduled shares whose time came: their first delivery is being sent. */
export async function markSharesSending({ db, shareIds }: { db: Executor; shareIds: readonly string[] }) {
  if (shareIds.length === 0) return;
  await changeSharesStatus({ db, where: inArray(shares.id, [...shareIds]), to: 'sending', from: ['scheduled'] });
}

/** A share whose failed deliveries go back to the queue is "sending" again (a sent one stays sent). */
export async function resumeSendingShare({ tx, userId, shareId }: { tx: Executor; userId: string; shareId: string }) {
  await changeShareStatus({ db: tx, userId, shareId, to: 'sending', from: ['failed', 'sending'] });
}

/** Ids of the shares still "sending" (every user's: for settling them at start-up). */
export async function findSendingShareIds({ db }: { db: Executor }) {
  const rows = await db.select({ id: shares.id }).from(shares).where(eq(shares.status, 'sending'));
  return rows.map((row) => row.id);
}

/**
 * Settles a share once no delivery is waiting or in flight: "sent" (with sent_at, and its ideas
 * "sent") if at least one email went out (`hasSentAny`), else "failed". Safe to run twice.
 */
export async function finaliseShare({
  db,
  shareId,
  hasSentAny,
}: {
  db: Database;
  shareId: string;
  hasSentAny: boolean;
}) {
  if (!hasSentAny) {
    await changeSharesStatus({ db, where: eq(shares.id, shareId), to: 'failed' });
    return;
  }
  await db.transaction(async (tx) => {
    const [share] = await changeSharesStatus({
      db: tx,
      where: eq(shares.id, shareId),
      to: 'sent',
      set: { sentAt: sql`coalesce(${shares.sentAt}, now())` },
    });
    if (share)
      await setIdeasStatus({ db: tx, userId: share.userId, ideaIds: share.ideaIds.filter(isUuid), status: 'sent' });
  });
}
