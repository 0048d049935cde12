/*
 * The delivery statuses and outcome helpers without zod: Summeris and Create Content turn delivery
 * counts into toasts with these but need no schema (zod is large: docs/benchmarks.md). `email.ts`
 * re-exports everything here.
 */

// ── Delivery ──

/**
 * queued → sending → sent, then "delivered" when the provider reports it; "failed" (temporary
 * errors ran out of retries, or a permanent error), "bounced" (the address refused the mail for
 * good) and "unsubscribed" (the contact unsubscribed before it went out, or complained).
 */
export const deliveryStatuses = [
  'queued',
  'sending',
  'sent',
  'delivered',
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
    failed: 0,
    bounced: 0,
    unsubscribed: 0,
  };
  for (const delivery of deliveries) counts[delivery.status] += 1;
  return counts;
}

/** Messages the mail server accepted (delivered ones included). */
export const countAccepted = (counts: DeliveryCounts) => counts.sent + counts.delivered;
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
