import {
  defaultMaxEvents,
  deriveTitle,
  eventStatusSchema,
  resolvePreferences,
  type BulkEventStatus,
  type Event,
  type EventList,
  type EventPreferences,
  type EventStatus,
  type createEventSchema,
  type updateEventSchema,
} from '@life-updates/contract/events';
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { events, pendingShares, sessions, userSettings, users } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { SessionForStatement } from '../../lib/session.ts';
import { sessionAcceptedAsItIs } from '../auth/session-resolver.ts';

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
    linkedinPostUrl: row.linkedinPostUrl,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** SQLSTATE of the `events_track_open` trigger refusing a change over `max_events` (migration 0001). */
const openIdeasLimitState = 'LU001';

/**
 * Runs a write to ideas; the database refuses one that takes the ideas not yet sent (Raw + Later +
 * Ready) over `max_events` (ARCHITECTURE §4.5), and that becomes the 409 the app shows. The check
 * lives in the trigger so that every write, on every instance, goes through it, and two concurrent
 * saves cannot both squeeze under the limit (tested in events.test.ts).
 */
async function withinOpenIdeasLimit<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    // drizzle wraps the driver's error; the SQLSTATE is on the cause.
    const cause =
      (error as { cause?: { code?: string; detail?: string } }).cause ?? (error as { code?: string; detail?: string });
    if (cause?.code !== openIdeasLimitState) throw error;
    throw new AppError({
      status: 409,
      code: 'OPEN_IDEAS_LIMIT',
      message: 'ideas.errors.openLimitReached',
      values: { limit: Number(cause.detail) },
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
    .select({ maxEvents: userSettings.maxEvents, version: userSettings.eventsVersion, event: events })
    .from(users)
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .leftJoin(events, eq(events.userId, users.id))
    .where(eq(users.id, sql.placeholder('userId')))
    .orderBy(desc(events.createdAt), desc(events.id))
    .prepare('events_with_limit'),
);

/**
 * spec §7 events: select by user_id ordered by created_at descending. `version` is the
 * `events_version` the list was read at, in the same query (null without a settings row).
 */
export async function findEvents({
  db,
  userId,
}: {
  db: Database;
  userId: string;
}): Promise<{ list: EventList; version: number | null }> {
  const rows = await eventsWithLimit(db).execute({ userId });
  return {
    list: {
      events: rows.flatMap((row) => (row.event ? [toEvent(row.event)] : [])),
      maxEvents: rows[0]?.maxEvents ?? defaultMaxEvents,
    },
    version: rows[0]?.version ?? null,
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

/**
 * A new idea for the owner of a session, checked in the same statement: the row is inserted only
 * if the session is one the session check takes as it is (`sessionAcceptedAsItIs`), so creating an
 * idea, the busiest write, is one round trip to the database (docs/benchmarks.md (a)). The fields are
 * the table's, in its order (drizzle checks); each parameter is cast to its column's type.
 */
const insertEventForSession = preparedPerDatabase((db) =>
  db
    .insert(events)
    .select(
      db
        .select({
          id: sql<string>`gen_random_uuid()`.as('id'),
          userId: sessions.userId,
          content: sql<string>`${sql.placeholder('content')}::text`.as('content'),
          title: sql<string>`${sql.placeholder('title')}::text`.as('title'),
          description: sql<string | null>`${sql.placeholder('description')}::text`.as('description'),
          date: sql<string | null>`${sql.placeholder('date')}::timestamptz`.as('date'),
          eventType: sql<string | null>`${sql.placeholder('eventType')}::text`.as('event_type'),
          tags: sql<string[]>`${sql.placeholder('tags')}::jsonb`.as('tags'),
          isAudioRecording: sql<boolean>`${sql.placeholder('isAudioRecording')}::boolean`.as('is_audio_recording'),
          sharedWith: sql<string[]>`'[]'::jsonb`.as('shared_with'),
          status: sql<string>`${sql.placeholder('status')}::text`.as('status'),
          preferences: sql<null>`null::jsonb`.as('preferences'),
          linkedinPostUrl: sql<null>`null::text`.as('linkedin_post_url'),
          idempotencyKey: sql<string | null>`${sql.placeholder('idempotencyKey')}::uuid`.as('idempotency_key'),
          createdAt: sql<Date>`now()`.as('created_at'),
          updatedAt: sql<Date>`now()`.as('updated_at'),
        })
        .from(sessions)
        .where(sessionAcceptedAsItIs),
    )
    // A key the user has used already inserts nothing (and so counts nothing against the limit: the
    // trigger runs after an insert): the caller then answers with the idea that has it.
    .onConflictDoNothing({ target: [events.userId, events.idempotencyKey] })
    .returning()
    .prepare('insert_event_for_session'),
);

/**
 * A new idea starts as raw_ideas with a title from its first three words (spec §3, §4 Event status).
 * Null when the session is not one to take as it is (gone, expired or due for renewal), or when
 * `idempotencyKey` is one the user has used already: the caller then checks the session the usual
 * way (SessionResolver.resolve), answers with the idea of that key (`getEventByIdempotencyKey`) or,
 * if there is none and the session stands, tries again.
 */
export async function createEvent({
  db,
  session,
  input,
  idempotencyKey = null,
}: {
  db: Database;
  session: SessionForStatement;
  input: NewEvent;
  idempotencyKey?: string | null;
}): Promise<Event | null> {
  // One statement: the trigger counts the new idea against the limit inside it.
  const [row] = await withinOpenIdeasLimit(() =>
    insertEventForSession(db).execute({
      sessionToken: session.token,
      sessionFreshUntil: session.freshUntil.toISOString(),
      content: input.content,
      title: deriveTitle(input.content),
      description: input.description ?? null,
      date: input.date ? new Date(input.date).toISOString() : null,
      eventType: input.eventType ?? null,
      tags: JSON.stringify(input.tags ?? []),
      isAudioRecording: input.isAudioRecording,
      status: 'raw_ideas' satisfies EventStatus,
      idempotencyKey,
    }),
  );
  return row === undefined ? null : toEvent(row);
}

/** A database handle or an open transaction on it. */
type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * A new Raw idea for a user known by other means than a browser session (the Telegram bot: its
 * chat is linked to the account). The same rules as `createEvent`: the title from the content,
 * and the open-ideas limit (a 409 naming it). Takes a transaction so the caller can record with it
 * what the idea came from.
 */
export async function createEventForUser({
  db,
  userId,
  input,
}: {
  db: Executor;
  userId: string;
  input: NewEvent;
}): Promise<Event> {
  const [row] = await withinOpenIdeasLimit(() =>
    db
      .insert(events)
      .values({
        userId,
        content: input.content,
        title: deriveTitle(input.content),
        description: input.description ?? null,
        date: input.date ? new Date(input.date) : null,
        eventType: input.eventType ?? null,
        tags: input.tags ?? [],
        isAudioRecording: input.isAudioRecording,
        status: 'raw_ideas' satisfies EventStatus,
      })
      .returning(),
  );
  return toEvent(row!);
}

/** The user's idea created with `idempotencyKey`, or null (a retried create answers with it). */
export async function getEventByIdempotencyKey({
  db,
  userId,
  idempotencyKey,
}: {
  db: Database;
  userId: string;
  idempotencyKey: string;
}): Promise<Event | null> {
  const [row] = await db
    .select()
    .from(events)
    .where(and(eq(events.userId, userId), eq(events.idempotencyKey, idempotencyKey)));
  return row === undefined ? null : toEvent(row);
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
  const rows = await withinOpenIdeasLimit(() =>
    db.transaction(async (tx) => {
      const updated = await tx
        .update(events)
        .set({ status: change.status })
        .where(and(eq(events.userId, userId), inArray(events.id, ids)))
        .returning();
      // Rolls the whole change back.
      if (updated.length !== ids.length) throw ideaNotFound();
      return updated;
    }),
  );
  return rows.map(toEvent).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
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
  return withinOpenIdeasLimit(() =>
    db.transaction(async (tx) => {
      const approved: EventStatus = 'approved';
      const [row] = await tx
        .update(events)
        .set({ status: approved })
        .where(and(eq(events.id, eventId), eq(events.userId, userId)))
        .returning();
      if (!row) throw ideaNotFound();
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
      return { event: toEvent(row), approvedShares: shares.length };
    }),
  );
}
