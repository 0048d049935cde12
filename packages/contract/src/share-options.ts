/*
 * The share statuses and keys without zod: My Stories reads saved shares' texts with these but
 * needs no schema (zod is large: docs/benchmarks.md). `shares.ts` re-exports everything here.
 */

/**
 * Share statuses: written (pending, generated), kept (saved_for_later), approved, waiting for its
 * time (scheduled), going out (sending: deliveries queued or in flight), and finished: sent (at
 * least one destination has it) or failed (none has).
 */
export const shareStatuses = [
  'pending',
  'generated',
  'saved_for_later',
  'approved',
  'scheduled',
  'sending',
  'sent',
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

// ── Delivery ──

/** Where a share goes: contacts by email, a connected Telegram chat, the user's LinkedIn profile. */
export const channels = ['email', 'telegram', 'linkedin'] as const;
export type Channel = (typeof channels)[number];

/**
 * One vocabulary for every destination of a share: queued (waiting, or for its time) → sending →
 * sent (an email the mail server accepted) or published (a Telegram or LinkedIn post, with its
 * link); "delivered" when the mail provider reports it; "failed" (temporary errors ran out of
 * retries, or a permanent error), "bounced" (the address refused the mail for good) and
 * "unsubscribed" (the contact unsubscribed before it went out, or complained).
 */
export const deliveryStatuses = [
  'queued',
  'sending',
  'sent',
  'delivered',
  'published',
  'failed',
  'bounced',
  'unsubscribed',
] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

export type DeliveryCounts = { total: number } & Record<DeliveryStatus, number>;

export function countDeliveries(deliveries: ReadonlyArray<{ status: DeliveryStatus }>): DeliveryCounts {
  const counts: DeliveryCounts = {
    total: deliveries.length,
    queued: 0,
    sending: 0,
    sent: 0,
    delivered: 0,
    published: 0,
    failed: 0,
    bounced: 0,
    unsubscribed: 0,
  };
  for (const delivery of deliveries) counts[delivery.status] += 1;
  return counts;
}

/** Destinations that have the share: emails the mail server accepted (delivered ones too), posts published. */
export const countAccepted = (counts: DeliveryCounts) => counts.sent + counts.delivered + counts.published;
/** Messages that did not go out: failed or bounced. */
export const countUndelivered = (counts: DeliveryCounts) => counts.failed + counts.bounced;

/** Why a contact is left out of sends: they unsubscribed, or mail to them bounced. */
export const recipientSkipReasons = ['unsubscribed', 'bouncing'] as const;
export type RecipientSkipReason = (typeof recipientSkipReasons)[number];

/** Done when no delivery is still waiting or in flight; the client polls until then. */
export const isDeliveryDone = (counts: DeliveryCounts) => counts.queued === 0 && counts.sending === 0;

/**
 * The toast for a finished send, as a catalogue key and its values.
 * `null` while deliveries are still in flight.
 */
export function deliveryOutcomeMessage(counts: DeliveryCounts): { key: string; values: Record<string, number> } | null {
  if (!isDeliveryDone(counts)) return null;
  const accepted = countAccepted(counts);
  const undelivered = countUndelivered(counts);
  if (accepted + undelivered === 0) return { key: 'email.noValidRecipients', values: {} };
  if (undelivered === 0) return { key: 'email.sendSuccess', values: { count: accepted } };
  if (accepted > 0) return { key: 'email.sendPartial', values: { failed: undelivered } };
  return { key: 'email.sendAllFailed', values: {} };
}
