import {
  defaultMaxIdeas,
  deriveTitle,
  ideaStatusSchema,
  resolvePreferences,
  type Idea,
  type IdeaList,
  type IdeaStatus,
  type createIdeaSchema,
  type updateIdeaSchema,
} from '@life-updates/contract/ideas';
import type { Preferences } from '@life-updates/contract/preferences';
import { and, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client.ts';
import { ideas, userSettings } from '../../db/schema.ts';
import { byIdAndOwner, type UserScope } from '../../db/owned.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/uuid.ts';
import { findPhotosOfIdeas } from '../photos/photos-service.ts';

/** An idea as stored. */
export type IdeaRow = typeof ideas.$inferSelect;
type NewIdea = z.output<typeof createIdeaSchema>;
type IdeaUpdate = z.output<typeof updateIdeaSchema>;

const ideaNotFound = () => notFound('ideas.errors.notFound');

function toIdea(
  row: IdeaRow,
  { linkedinPostUrl = null, photos = [] }: Partial<Pick<Idea, 'linkedinPostUrl' | 'photos'>> = {},
): Idea {
  return {
    id: row.id,
    content: row.content,
    title: row.title,
    description: row.description,
    date: row.date?.toISOString() ?? null,
    kind: row.kind,
    tags: row.tags,
    isAudioRecording: row.isAudioRecording,
    sharedWith: row.sharedWith,
    status: ideaStatusSchema.parse(row.status),
    preferences: row.preferences === null ? null : resolvePreferences(row.preferences),
    linkedinPostUrl,
    photos,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** One idea with its photos (a new idea has none yet). */
async function withPhotos(db: Executor, userId: string, row: IdeaRow): Promise<Idea> {
  const photos = await findPhotosOfIdeas({ db, userId, ideaIds: [row.id] });
  return toIdea(row, { photos: photos.get(row.id) ?? [] });
}

/** SQLSTATE of the `ideas_track_open` trigger refusing a change over `max_ideas` (migrations 0001, 0009). */
const openIdeasLimitState = 'LU001';

/**
 * Runs a write to ideas; the database refuses one that takes the ideas not yet sent (Raw + Later +
 * Ready) over `max_ideas`, and that becomes the 409 the app shows. The check
 * lives in the trigger so that every write, on every instance, goes through it, and two concurrent
 * saves cannot both squeeze under the limit (tested in ideas.test.ts).
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
 * The LinkedIn post an idea was last published in: a published LinkedIn delivery of a share that tells it.
 * Spelled out with its tables' names: in a select from one table drizzle writes every column it is
 * given without its table, which inside this subquery would name the delivery's or the share's "id".
 */
const latestLinkedinPost = sql<string | null>`(
  select d."link" from "deliveries" as d join "shares" as s on s."id" = d."share_id"
  where d."channel" = 'linkedin' and d."status" = 'published'
    and s."idea_ids" @> jsonb_build_array("ideas"."id"::text)
  order by d."sent_at" desc limit 1)`;

/**
 * The user's ideas, newest first, and their limit on open ideas (the default for an account
 * without a settings row yet).
 */
export async function findIdeas({ db, userId }: { db: Database; userId: string }): Promise<IdeaList> {
  const [rows, [settings], photos] = await Promise.all([
    db
      .select({ ...getTableColumns(ideas), linkedinPostUrl: latestLinkedinPost })
      .from(ideas)
      .where(eq(ideas.userId, userId))
      .orderBy(desc(ideas.createdAt), desc(ideas.id)),
    db.select({ maxIdeas: userSettings.maxIdeas }).from(userSettings).where(eq(userSettings.userId, userId)),
    findPhotosOfIdeas({ db, userId }),
  ]);
  return {
    ideas: rows.map((row) => toIdea(row, { linkedinPostUrl: row.linkedinPostUrl, photos: photos.get(row.id) ?? [] })),
    maxIdeas: settings?.maxIdeas ?? defaultMaxIdeas,
  };
}

/**
 * A new Raw idea of a user, titled from the first words of its content, within the open-ideas
 * limit (a 409 naming it). From the app, or from another way in that knows the user (the Telegram
 * bot, whose chat is linked to the account; it passes its transaction to record what the idea came
 * from). An `idempotencyKey` the user has used before writes nothing (and so counts nothing against
 * the limit) and answers with the idea that has it.
 */
export async function createIdea({
  db,
  userId,
  input,
  idempotencyKey = null,
}: UserScope & { input: NewIdea; idempotencyKey?: string | null }): Promise<Idea> {
  const [row] = await withinOpenIdeasLimit(() =>
    db
      .insert(ideas)
      .values({
        userId,
        content: input.content,
        title: deriveTitle(input.content),
        description: input.description ?? null,
        date: input.date ? new Date(input.date) : null,
        kind: input.kind ?? null,
        tags: input.tags ?? [],
        isAudioRecording: input.isAudioRecording,
        status: 'raw' satisfies IdeaStatus,
        idempotencyKey,
      })
      .onConflictDoNothing({ target: [ideas.userId, ideas.idempotencyKey] })
      .returning(),
  );
  if (row !== undefined) return toIdea(row);
  // Only a used key writes nothing; the idea that has it was committed before the conflict was seen.
  const [earlier] = await db
    .select()
    .from(ideas)
    .where(and(eq(ideas.userId, userId), eq(ideas.idempotencyKey, idempotencyKey!)));
  return withPhotos(db, userId, earlier!);
}

/** Field edits; new content re-derives the title. Another user's idea, or none, is a 404. */
export async function updateIdea({
  db,
  userId,
  ideaId,
  update,
}: UserScope<Database> & { ideaId: string; update: IdeaUpdate }): Promise<Idea> {
  const values: Partial<typeof ideas.$inferInsert> = {};
  if (update.content !== undefined) {
    values.content = update.content;
    values.title = deriveTitle(update.content);
  }
  if (update.description !== undefined) values.description = update.description;
  if (update.date !== undefined) values.date = update.date === null ? null : new Date(update.date);
  if (update.kind !== undefined) values.kind = update.kind;
  if (update.tags !== undefined) values.tags = update.tags;
  if (!isUuid(ideaId)) throw ideaNotFound();
  const [row] = await db
    .update(ideas)
    .set(values)
    .where(byIdAndOwner(ideas, ideaId, userId))
    .returning();
  if (!row) throw ideaNotFound();
  return withPhotos(db, userId, row);
}

export async function deleteIdea({ db, userId, ideaId }: UserScope<Database> & { ideaId: string }): Promise<void> {
  if (!isUuid(ideaId)) throw ideaNotFound();
  const deleted = await db
    .delete(ideas)
    .where(byIdAndOwner(ideas, ideaId, userId))
    .returning({ id: ideas.id });
  if (deleted.length === 0) throw ideaNotFound();
}

// ── For the features that move ideas (shares, Telegram, LinkedIn, the schedule) ──

/** The user's ideas with these ids, in the order given; any other user's (or missing) id is a 404. */
export async function findOwnIdeas({
  db,
  userId,
  ideaIds,
}: UserScope & { ideaIds: readonly string[] }): Promise<IdeaRow[]> {
  const rows = await db
    .select()
    .from(ideas)
    .where(and(eq(ideas.userId, userId), inArray(ideas.id, [...ideaIds])));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ideaIds.map((id) => {
    const row = byId.get(id);
    if (!row) throw notFound('ideas.errors.notFound');
    return row;
  });
}

/**
 * Moves some of a user's ideas to a status, inside the caller's transaction, when something else
 * happens to them: their share is saved, approved or sent (on any channel). Another user's ideas are left alone. A move that reopens sent ideas past the
 * open-ideas limit is the limit's 409, and the caller's transaction is rolled back.
 */
export async function setIdeasStatus({
  db,
  userId,
  ideaIds,
  status,
  preferences,
}: UserScope & {
  ideaIds: readonly string[];
  status: IdeaStatus;
  /** The generation choices to keep on each idea. */
  preferences?: Preferences | undefined;
}) {
  if (ideaIds.length === 0) return;
  await withinOpenIdeasLimit(() =>
    db
      .update(ideas)
      .set({ status, ...(preferences ? { preferences } : {}) })
      .where(and(eq(ideas.userId, userId), inArray(ideas.id, [...ideaIds]))),
  );
}
