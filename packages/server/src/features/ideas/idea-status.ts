import type { IdeaStatus } from '@life-updates/contract/ideas';
import type { Preferences } from '@life-updates/contract/preferences';
import { and, eq, inArray } from 'drizzle-orm';
import { ideas } from '../../db/schema.ts';
import type { UserScope } from '../../db/owned.ts';
import { notFound } from '../../lib/app-error.ts';

/** An idea as stored (the table is still called `events`). */
export type IdeaRow = typeof ideas.$inferSelect;

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
 * happens to them: their share is saved, approved or sent, or they are published to Telegram or
 * LinkedIn. Another user's ideas are left alone. This file is kept apart from ideas-service.ts,
 * which calls the shares, so that the shares can call it without a cycle.
 */
export async function setIdeasStatus({
  db,
  userId,
  ideaIds,
  status,
  preferences,
  linkedinPostUrl,
}: UserScope & {
  ideaIds: readonly string[];
  status: IdeaStatus;
  /** The generation choices to keep on each idea. */
  preferences?: Preferences | undefined;
  linkedinPostUrl?: string | undefined;
}) {
  if (ideaIds.length === 0) return;
  await db
    .update(ideas)
    .set({ status, ...(preferences ? { preferences } : {}), ...(linkedinPostUrl ? { linkedinPostUrl } : {}) })
    .where(and(eq(ideas.userId, userId), inArray(ideas.id, [...ideaIds])));
}
