/**
 * Which of a user's sent texts go to the model as examples of their voice. Pure: the service reads
 * the rows, this chooses.
 */

/**
 * Tokens are estimated at four characters each, OpenAI's rule of thumb for English text
 * (https://help.openai.com/en/articles/4936856-what-are-tokens-and-how-to-count-them); Cyrillic
 * runs closer to two or three, so the budget is a soft ceiling there, still far under any model's
 * context. A tokenizer per provider would be exact for one model and wrong for the others.
 */
export const estimateTokens = (text: string) => Math.ceil(text.length / 4);

/** With this many edited texts in the budget, texts sent unchanged are left out: they say little of the user's own voice. */
export const enoughEditedTexts = 3;

export type SentTextCandidate = { text: string; isEdited: boolean; sentAt: Date };

/**
 * The examples, newest first, within `tokenBudget` (estimateTokens): edited texts first, newest
 * first; texts the user sent as the model wrote them only fill what is left, and only while fewer
 * than enoughEditedTexts edited ones were chosen. A text larger than what is left is skipped.
 */
export function chooseVoiceExamples(candidates: readonly SentTextCandidate[], tokenBudget: number): string[] {
  const newestFirst = [...candidates].sort((a, b) => b.sentAt.getTime() - a.sentAt.getTime());
  let left = tokenBudget;
  const chosen = new Set<SentTextCandidate>();
  const take = (candidate: SentTextCandidate) => {
    const cost = estimateTokens(candidate.text);
    if (cost > left) return;
    chosen.add(candidate);
    left -= cost;
  };
  for (const candidate of newestFirst) if (candidate.isEdited) take(candidate);
  if (chosen.size < enoughEditedTexts) for (const candidate of newestFirst) if (!candidate.isEdited) take(candidate);
  return newestFirst.filter((candidate) => chosen.has(candidate)).map((candidate) => candidate.text);
}

/** Whether the user changed the model's draft: spacing alone is not an edit. */
export const isEditedFrom = (draft: string | null, text: string) =>
  draft === null || draft.replace(/\s+/g, ' ').trim() !== text.replace(/\s+/g, ' ').trim();
