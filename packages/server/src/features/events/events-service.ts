import {
  defaultMaxEvents,
  deriveTitle,
  eventStatusSchema,
  isOpenEventStatus,
  resolvePreferences,
  type BulkEventStatus,
  type Event,
  type EventList,
  type EventPreferences,
  type EventStatus,
  type createEventSchema,
  type updateEventSchema,
} from '@life-updates/contract/events';
import { and, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { events, pendingShares, userSettings, users } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';

type EventRow = typeof events.$inferSelect;
type NewEvent = z.output<typeof createEventSchema>;
type EventUpdate = z.output<typeof updateEventSchema>;

const ideaNotFound = () => notFound('ideas.errors.notFound');
const isUuid = (value: string) => z.uuid().safeParse(value).success;

function toEvent(row: EventRow): Event {
  return {
    id: row.id,
    content: row.content,
    title: row.title,
    description: row.description,
    date: row.date?.toISOString() ?? null,
    eventType: row.eventType,
    tags: row.tags,
    isAudioRecording: row.isAudioRecording,
    sharedWith: row.sharedWith,
    status: eventStatusSchema.parse(row.status),
    preferences: row.preferences === null ? null : resolvePreferences(row.preferences),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Locks the user's settings row for the rest of the transaction and returns `max_events`.
 * Every change that can add an open idea takes this lock first, so two concurrent saves
 * cannot both squeeze under the limit.
 */
async function lockMaxEvents(tx: Database, userId: string): Promise<number> {
  await tx.insert(userSettings).values({ userId }).onConflictDoNothing();
  const [settings] = await tx
    .select({ maxEvents: userSettings.maxEvents })
    .from(userSettings)
    .where(eq(userSettings.userId, userId))
    .for('update');
  return settings?.maxEvents ?? defaultMaxEvents;
}

/** `max_events` limits ideas not yet sent: Raw + Later + Ready (ARCHITECTURE §4.5). */
async function assertRoomForOpenIdeas(
  tx: Database,
  { userId, limit, adding }: { userId: string; limit: number; adding: number },
) {
  if (adding <= 0) return;
  const [row] = await tx
    .select({ open: count() })
    .from(events)
    .where(and(eq(events.userId, userId), ne(events.status, 'sent')));
  if ((row?.open ?? 0) + adding > limit) {
    throw new AppError({
      status: 409,
      code: 'OPEN_IDEAS_LIMIT',
      message: 'ideas.errors.openLimitReached',
      values: { limit },
    });
  }
}

/**
 * The list and the user's `max_events` in one round trip: the user's row with their settings and
 * ideas left-joined (one row with a null idea when there are none; the default limit for an account
 * without a settings row).
 */
const eventsWithLimit = preparedPerDatabase((db) =>
  db
    .select({ maxEvents: userSettings.maxEvents, event: events })
    .from(users)
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .leftJoin(events, eq(events.userId, users.id))
    .where(eq(users.id, sql.placeholder('userId')))
    .orderBy(desc(events.createdAt), desc(events.id))
    .prepare('events_with_limit'),
);

/** spec §7 events: select by user_id ordered by created_at descending. */
export async function findEvents({ db, userId }: { db: Database; userId: string }): Promise<EventList> {
  const rows = await eventsWithLimit(db).execute({ userId });
  return {
    events: rows.flatMap((row) => (row.event ? [toEvent(row.event)] : [])),
    maxEvents: rows[0]?.maxEvents ?? defaultMaxEvents,
  };
}

export async function getEvent({
  db,
  userId,
  eventId,
}: {
  db: Database;
  userId: string;
  eventId: string;
}): Promise<Event> {
  if (!isUuid(eventId)) throw ideaNotFound();
  const [row] = await db
    .select()
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.userId, userId)));
  if (!row) throw ideaNotFound();
  return toEvent(row);
}

/** A new idea starts as raw_ideas with a title from its first three words (spec §3, §4 Event status). */
export async function createEvent({
  db,
  userId,
  input,
}: {
  db: Database;
  userId: string;
  input: NewEvent;
}): Promise<Event> {
  return db.transaction(async (tx) => {
    const limit = await lockMaxEvents(tx, userId);
    await assertRoomForOpenIdeas(tx, { userId, limit, adding: 1 });
    const [row] = await tx
      .insert(events)
      .values({
        userId,
        content: input.content,
        title: deriveTitle(input.content),
        isAudioRecording: input.isAudioRecording,
        status: 'raw_ideas',
        description: input.description ?? null,
        date: input.date ? new Date(input.date) : null,
        eventType: input.eventType ?? null,
        ...(input.tags ? { tags: input.tags } : {}),
      })
      .returning();
    return toEvent(row!);
  });
}

/** Field edits; new content re-derives the title (spec §3). */
export async function updateEvent({
  db,
  userId,
  eventId,
  update,
}: {
  db: Database;
  userId: string;
  eventId: string;
  update: EventUpdate;
}): Promise<Event> {
  if (!isUuid(eventId)) throw ideaNotFound();
  const values: Partial<typeof events.$inferInsert> = {};
  if (update.content !== undefined) {
    values.content = update.content;
    values.title = deriveTitle(update.content);
  }
  if (update.description !== undefined) values.description = update.description;
  if (update.date !== undefined) values.date = update.date === null ? null : new Date(update.date);
  if (update.eventType !== undefined) values.eventType = update.eventType;
  if (update.tags !== undefined) values.tags = update.tags;
  const [row] = await db
    .update(events)
    .set(values)
    .where(and(eq(events.id, eventId), eq(events.userId, userId)))
    .returning();
  if (!row) throw ideaNotFound();
  return toEvent(row);
}

export async function deleteEvent({
  db,
  userId,
  eventId,
}: {
  db: Database;
  userId: string;
  eventId: string;
}): Promise<void> {
  if (!isUuid(eventId)) throw ideaNotFound();
  const deleted = await db
    .delete(events)
    .where(and(eq(events.id, eventId), eq(events.userId, userId)))
    .returning({ id: events.id });
  if (deleted.length === 0) throw ideaNotFound();
}

/**
 * Bulk status update (spec §7 events). All or nothing: an id that is not the caller's makes
 * the whole call a 404. Moving sent ideas back to an open status counts against the limit.
 */
export async function updateEventStatuses({
  db,
  userId,
  change,
}: {
  db: Database;
  userId: string;
  change: BulkEventStatus;
}): Promise<Event[]> {
  const ids = [...new Set(change.ids)];
  return db.transaction(async (tx) => {
    const limit = await lockMaxEvents(tx, userId);
    const current = await tx
      .select({ id: events.id, status: events.status })
      .from(events)
      .where(and(eq(events.userId, userId), inArray(events.id, ids)));
    if (current.length !== ids.length) throw ideaNotFound();
    if (isOpenEventStatus(change.status)) {
      const reopening = current.filter((row) => row.status === 'sent').length;
      await assertRoomForOpenIdeas(tx, { userId, limit, adding: reopening });
    }
    const rows = await tx
      .update(events)
      .set({ status: change.status })
      .where(and(eq(events.userId, userId), inArray(events.id, ids)))
      .returning();
    return rows.map(toEvent).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  });
}

/** Stores the six generation preferences on the idea (spec §7 "update preferences by id"). */
export async function saveEventPreferences({
  db,
  userId,
  eventId,
  preferences,
}: {
  db: Database;
  userId: string;
  eventId: string;
  preferences: EventPreferences;
}): Promise<Event> {
  if (!isUuid(eventId)) throw ideaNotFound();
  const [row] = await db
    .update(events)
    .set({ preferences })
    .where(and(eq(events.id, eventId), eq(events.userId, userId)))
    .returning();
  if (!row) throw ideaNotFound();
  return toEvent(row);
}

/**
 * Approving sets the idea to approved and also every pending share of this user that contains
 * it (spec §4 Event status). Shares already sent keep their status: they have left, and the
 * monthly usage counts them as sent.
 */
export async function approveEvent({
  db,
  userId,
  eventId,
}: {
  db: Database;
  userId: string;
  eventId: string;
}): Promise<{ event: Event; approvedShares: number }> {
  if (!isUuid(eventId)) throw ideaNotFound();
  return db.transaction(async (tx) => {
    const limit = await lockMaxEvents(tx, userId);
    const [current] = await tx
      .select({ status: events.status })
      .from(events)
      .where(and(eq(events.id, eventId), eq(events.userId, userId)));
    if (!current) throw ideaNotFound();
    if (current.status === 'sent') await assertRoomForOpenIdeas(tx, { userId, limit, adding: 1 });
    const approved: EventStatus = 'approved';
    const [row] = await tx
      .update(events)
      .set({ status: approved })
      .where(and(eq(events.id, eventId), eq(events.userId, userId)))
      .returning();
    const shares = await tx
      .update(pendingShares)
      .set({ status: 'approved' })
      .where(
        and(
          eq(pendingShares.userId, userId),
          ne(pendingShares.status, 'sent'),
          sql`${pendingShares.eventsIds} @> ${JSON.stringify([eventId])}::jsonb`,
        ),
      )
      .returning({ id: pendingShares.id });
    return { event: toEvent(row!), approvedShares: shares.length };
  });
}
