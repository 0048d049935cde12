import type { Preferences } from '@life-updates/contract/preferences';
import {
  reloadableShareStatuses,
  reusableShareStatuses,
  shareEventSnapshotSchema,
  shareStatuses,
  singleSummaryKey,
  type Share,
  type ShareEventSnapshot,
  type ShareStatus,
} from '@life-updates/contract/shares';
import { and, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Executor } from '../../db/client.ts';
import { contacts, events, pendingShares } from '../../db/schema.ts';
import { notFound } from '../../lib/app-error.ts';

type ShareRow = typeof pendingShares.$inferSelect;

function toIso(value: Date | null): string | null {
  return value ? value.toISOString() : null;
}

function readSnapshots(value: unknown): ShareEventSnapshot[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const parsed = shareEventSnapshotSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

export function toShare(row: ShareRow): Share {
  const status = (shareStatuses as readonly string[]).includes(row.status) ? (row.status as ShareStatus) : 'pending';
  return {
    id: row.id,
    status,
    eventsIds: row.eventsIds,
    events: readSnapshots(row.events),
    contactIds: row.contactIds,
    summaries: row.summaries,
    templateId: row.templateId,
    subject: row.subject,
    source: row.source,
    generatedAt: toIso(row.generatedAt),
    sentAt: toIso(row.sentAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The user's events with these ids, in the order given; any other user's (or missing) id is a 404. */
async function findOwnEvents({ db, userId, eventIds }: { db: Executor; userId: string; eventIds: readonly string[] }) {
  const rows = await db
    .select()
    .from(events)
    .where(and(eq(events.userId, userId), inArray(events.id, [...eventIds])));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return eventIds.map((id) => {
    const row = byId.get(id);
    if (!row) throw notFound('errors.notFound');
    return row;
  });
}

/** Shares that contain any of these event ids. */
function containsAnyEvent(eventIds: readonly string[]) {
  return or(...eventIds.map((id) => sql`${pendingShares.eventsIds} @> ${JSON.stringify([id])}::jsonb`));
}

/**
 * Saves generated text for an ordered list of events: a share of
 * the user's in pending, generated, saved_for_later or approved with exactly the same ordered
 * events_ids is updated (summaries, template, generated_at, status); otherwise a new one is made.
 */
export async function upsertShareForEvents({
  db,
  userId,
  eventIds,
  summaries,
  templateId,
  status,
  contactIds,
}: {
  db: Executor;
  userId: string;
  eventIds: readonly string[];
  summaries: Record<string, string>;
  templateId: string | null;
  status: ShareStatus;
  /** The contacts of per-contact summaries (Summeris); left as they are when absent. */
  contactIds?: readonly string[] | undefined;
}): Promise<Share> {
  const recipients = contactIds ? { contactIds: [...contactIds] } : {};
  const ownEvents = await findOwnEvents({ db, userId, eventIds });
  const orderedIds = JSON.stringify(eventIds);
  const snapshots: ShareEventSnapshot[] = ownEvents.map((event) => ({
    id: event.id,
    title: event.title,
    content: event.content,
    date: toIso(event.date),
    createdAt: toIso(event.createdAt),
  }));
  const now = new Date();
  const [existing] = await db
    .select({ id: pendingShares.id })
    .from(pendingShares)
    .where(
      and(
        eq(pendingShares.userId, userId),
        inArray(pendingShares.status, [...reusableShareStatuses]),
        // jsonb array equality keeps the order: [a, b] is not [b, a].
        sql`${pendingShares.eventsIds} = ${orderedIds}::jsonb`,
      ),
    )
    .orderBy(sql`${pendingShares.generatedAt} desc nulls last`, desc(pendingShares.createdAt))
    .limit(1);
  if (existing) {
    const [updated] = await db
      .update(pendingShares)
      .set({ summaries, templateId, status, events: snapshots, generatedAt: now, ...recipients })
      .where(and(eq(pendingShares.id, existing.id), eq(pendingShares.userId, userId)))
      .returning();
    return toShare(updated!);
  }
  const [created] = await db
    .insert(pendingShares)
    .values({
      userId,
      status,
      eventsIds: [...eventIds],
      events: snapshots,
      summaries,
      templateId,
      generatedAt: now,
      ...recipients,
    })
    .returning();
  return toShare(created!);
}

type SaveTextArguments = {
  db: Database;
  userId: string;
  eventIds: readonly string[];
  text: string;
  preferences: Preferences;
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
  eventIds,
  text,
  preferences,
  status,
  contactIds,
}: Omit<SaveTextArguments, 'db'> & {
  tx: Executor;
  status: 'saved_for_later' | 'approved';
  /** The share's recipients, the user's own contacts only; absent: left as they are. */
  contactIds?: readonly string[] | undefined;
}): Promise<Share> {
  await findOwnEvents({ db: tx, userId, eventIds });
  await tx
    .update(events)
    .set({ preferences, status })
    .where(and(eq(events.userId, userId), inArray(events.id, [...eventIds])));
  if (status === 'approved') {
    await tx
      .update(pendingShares)
      .set({ status: 'approved' })
      .where(and(eq(pendingShares.userId, userId), ne(pendingShares.status, 'sent'), containsAnyEvent(eventIds)));
  }
  return upsertShareForEvents({
    db: tx,
    userId,
    eventIds,
    summaries: { [singleSummaryKey]: text },
    templateId: null,
    status,
    contactIds: contactIds ? await ownContactIds({ db: tx, userId, contactIds }) : undefined,
  });
}

/** The ids among `contactIds` that are the user's contacts, in the order given. */
async function ownContactIds({
  db,
  userId,
  contactIds,
}: {
  db: Executor;
  userId: string;
  contactIds: readonly string[];
}): Promise<string[]> {
  const wanted = [...new Set(contactIds)].filter((id) => z.uuid().safeParse(id).success);
  if (wanted.length === 0) return [];
  const rows = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.userId, userId), inArray(contacts.id, wanted)));
  const own = new Set(rows.map((row) => row.id));
  return wanted.filter((id) => own.has(id));
}

/** True when any of the user's ideas with these ids is approved (an emailed idea then stays approved until sent). */
export async function isAnyIdeaApproved({
  db,
  userId,
  eventIds,
}: {
  db: Executor;
  userId: string;
  eventIds: readonly string[];
}) {
  const ownEvents = await findOwnEvents({ db, userId, eventIds });
  return ownEvents.some((event) => event.status === 'approved');
}

/** Create Content → "Save for later": the text, the preferences, the ideas saved_for_later. */
export async function saveForLater({ db, ...share }: SaveTextArguments): Promise<Share> {
  return db.transaction((tx) => storeShareText({ tx, ...share, status: 'saved_for_later' }));
}

/**
 * Create Content → "Approve & Finish": the text, the preferences, the ideas and their shares
 * approved, and the contacts chosen to receive the share.
 */
export async function approveIdeas({
  db,
  ...share
}: SaveTextArguments & { contactIds?: readonly string[] | undefined }): Promise<Share> {
  return db.transaction((tx) => storeShareText({ tx, ...share, status: 'approved' }));
}

/**
 * The share Create Content reloads its text from: the most recently generated one in
 * saved_for_later, approved or sent that contains the event.
 * Null when there is none.
 */
export async function getShareForEvent({
  db,
  userId,
  eventId,
}: {
  db: Database;
  userId: string;
  eventId: string;
}): Promise<Share | null> {
  const [row] = await db
    .select()
    .from(pendingShares)
    .where(
      and(
        eq(pendingShares.userId, userId),
        inArray(pendingShares.status, [...reloadableShareStatuses]),
        containsAnyEvent([eventId]),
      ),
    )
    .orderBy(sql`${pendingShares.generatedAt} desc nulls last`, desc(pendingShares.createdAt))
    .limit(1);
  return row ? toShare(row) : null;
}

/** The user's shares, newest first, optionally only in some statuses. */
export async function findShares({
  db,
  userId,
  statuses,
}: {
  db: Database;
  userId: string;
  statuses?: readonly ShareStatus[] | undefined;
}): Promise<Share[]> {
  const rows = await db
    .select()
    .from(pendingShares)
    .where(
      and(
        eq(pendingShares.userId, userId),
        statuses && statuses.length > 0 ? inArray(pendingShares.status, [...statuses]) : undefined,
      ),
    )
    .orderBy(desc(pendingShares.createdAt), desc(pendingShares.id));
  return rows.map(toShare);
}
