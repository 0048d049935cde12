import type { IdeaStatus } from '@life-updates/contract/ideas';
import type { Preferences } from '@life-updates/contract/preferences';
import { and, eq, inArray } from 'drizzle-orm';
import { ideas } from '../../db/schema.ts';
import type { UserScope } from '../../db/owned.ts';

/**
 * Moves some of a user's ideas to a status, inside the caller's transaction, when something else
 * happens to them: their share is saved, approved or sent, or they are published to Telegram or
 * LinkedIn. Another user's ideas are left alone. Kept apart from ideas-service.ts, which calls the
 * shares, so that the shares can call this without a cycle.
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
