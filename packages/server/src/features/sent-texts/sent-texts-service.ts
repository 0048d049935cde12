import { resolvePreferences, type Platform } from '@life-updates/contract/preferences';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import type { UserScope } from '../../db/owned.ts';
import { generationDrafts, ideas, sentTexts, userSettings } from '../../db/schema.ts';
import { isUuid } from '../../lib/uuid.ts';
import { upsertSettings } from '../settings/settings-service.ts';
import { chooseVoiceExamples, isEditedFrom } from './voice-examples.ts';

/*
 * Writing like the user: what they sent (after their edits) is kept with the platform, the
 * preferences and the model's first draft, and given back to the model as examples of their voice.
 * Every query is the one user's; nothing is shared between users.
 */

/** How many sent texts are read per generation at most: far more than any budget takes. */
const maxCandidates = 200;

/** Create Content: what the model wrote for these ideas, kept until the text is sent. */
export async function rememberDraft({
  db,
  userId,
  ideaIds,
  text,
}: UserScope<Database> & { ideaIds: readonly string[]; text: string }) {
  // With learning off nothing of what the user writes is kept, drafts included.
  if (!(await isLearning({ db, userId }))) return;
  const row = { userId, ideaIds: [...ideaIds], text };
  await db
    .insert(generationDrafts)
    .values(row)
    .onConflictDoUpdate({
      target: [generationDrafts.userId, generationDrafts.ideaIds],
      set: { text, updatedAt: new Date() },
    });
}

/** The draft remembered for these ideas, let go: it is used once, by the send that tells them. */
async function takeDraft({ db, userId, ideaIds }: UserScope<Executor> & { ideaIds: readonly string[] }) {
  const [row] = await db
    .delete(generationDrafts)
    .where(
      and(eq(generationDrafts.userId, userId), sql`${generationDrafts.ideaIds} = ${JSON.stringify(ideaIds)}::jsonb`),
    )
    .returning({ text: generationDrafts.text });
  return row?.text ?? null;
}

/**
 * A share went out: its texts are kept as the user sent them, beside the draft the model first
 * wrote (`drafts` by text key when the share held them, else the draft remembered for its ideas).
 * Nothing is kept while the user has learning switched off.
 */
export async function keepSentTexts({
  db,
  userId,
  shareId,
  ideaIds,
  texts,
  drafts = {},
  preferences,
}: UserScope<Executor> & {
  shareId: string | null;
  ideaIds: readonly string[];
  /** The texts that went out, by contact id or "everyone". */
  texts: Record<string, string>;
  drafts?: Record<string, string | undefined>;
  /** The preferences it was written with; absent: those kept on its first idea. */
  preferences?: unknown;
}) {
  const remembered = await takeDraft({ db, userId, ideaIds });
  if (!(await isLearning({ db, userId }))) return;
  const resolved = resolvePreferences(preferences ?? (await preferencesOfIdea({ db, userId, ideaId: ideaIds[0] })));
  const rows = Object.entries(texts)
    .filter(([, text]) => text.trim() !== '')
    .map(([key, text]) => {
      const draft = drafts[key] ?? remembered;
      return {
        userId,
        shareId,
        platform: resolved.platform,
        preferences: resolved,
        draft,
        text: text.trim(),
        isEdited: isEditedFrom(draft, text),
      };
    });
  // Per-contact texts of one share say the same thing many times: one of each is enough.
  const distinct = [...new Map(rows.map((row) => [row.text, row])).values()];
  if (distinct.length > 0) await db.insert(sentTexts).values(distinct);
}

/** A share that will not go out after all (its schedule cancelled): what it would have taught is let go. */
export async function forgetSentTextsOfShare({ db, userId, shareId }: UserScope<Executor> & { shareId: string }) {
  await db.delete(sentTexts).where(and(eq(sentTexts.userId, userId), eq(sentTexts.shareId, shareId)));
}

async function preferencesOfIdea({ db, userId, ideaId }: UserScope<Executor> & { ideaId: string | undefined }) {
  if (ideaId === undefined || !isUuid(ideaId)) return undefined;
  const [row] = await db
    .select({ preferences: ideas.preferences })
    .from(ideas)
    .where(and(eq(ideas.id, ideaId), eq(ideas.userId, userId)));
  return row?.preferences ?? undefined;
}

async function isLearning({ db, userId }: UserScope<Executor>) {
  const [row] = await db
    .select({ isOn: userSettings.learnsFromSentTexts })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  return row?.isOn ?? true;
}

/** The user's latest sent texts for this platform that fit the budget, newest first (chooseVoiceExamples). */
export async function findVoiceExamples({
  db,
  userId,
  platform,
  tokenBudget,
}: UserScope<Database> & { platform: Platform; tokenBudget: number }): Promise<string[]> {
  if (tokenBudget === 0 || !(await isLearning({ db, userId }))) return [];
  const rows = await db
    .select({ text: sentTexts.text, isEdited: sentTexts.isEdited, sentAt: sentTexts.sentAt })
    .from(sentTexts)
    .where(and(eq(sentTexts.userId, userId), eq(sentTexts.platform, platform)))
    .orderBy(desc(sentTexts.sentAt))
    .limit(maxCandidates);
  return chooseVoiceExamples(rows, tokenBudget);
}

/** Settings → Your Voice: whether it learns, and from how many sent texts. */
export async function getVoiceLearning({ db, userId }: UserScope<Database>) {
  const [kept] = await db.select({ total: count() }).from(sentTexts).where(eq(sentTexts.userId, userId));
  return { isOn: await isLearning({ db, userId }), count: kept?.total ?? 0 };
}

export async function setVoiceLearning({ db, userId, isOn }: UserScope<Database> & { isOn: boolean }) {
  await upsertSettings({ db, userId, values: { learnsFromSentTexts: isOn } });
  // Switched off, the drafts kept for later sends have no use left.
  if (!isOn) await db.delete(generationDrafts).where(eq(generationDrafts.userId, userId));
  return getVoiceLearning({ db, userId });
}

/** "Forget what was learned": every kept text and draft of the user's. */
export async function forgetSentTexts({ db, userId }: UserScope<Database>) {
  await db.transaction(async (tx) => {
    await tx.delete(sentTexts).where(eq(sentTexts.userId, userId));
    await tx.delete(generationDrafts).where(eq(generationDrafts.userId, userId));
  });
  return getVoiceLearning({ db, userId });
}
