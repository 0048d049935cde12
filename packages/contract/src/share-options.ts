/*
 * The share statuses and keys without zod: My Stories reads saved shares' texts with these but
 * needs no schema (zod is large: docs/benchmarks.md). `shares.ts` re-exports everything here.
 */

/**
 * Share statuses, plus the delivery pipeline's "sending"
 * (emails queued or in flight) and "failed" (every email failed).
 */
export const shareStatuses = [
  'pending',
  'generated',
  'saved_for_later',
  'approved',
  'sent',
  'sending',
  'failed',
] as const;
export type ShareStatus = (typeof shareStatuses)[number];

/**
 * Regenerating for the same ordered idea ids reuses a share in one of these statuses instead of
 * creating another.
 */
export const reusableShareStatuses = [
  'pending',
  'generated',
  'saved_for_later',
  'approved',
] as const satisfies readonly ShareStatus[];

/** A share that Create Content reloads its text from. */
export const reloadableShareStatuses = [
  'saved_for_later',
  'approved',
  'sent',
] as const satisfies readonly ShareStatus[];

/**
 * The key a share's one text for everyone is stored under in its texts (the other keys are contact
 * ids, one text per recipient).
 */
export const everyoneTextKey = 'everyone';
