/*
 * The delivery statuses and outcome helpers without zod: Summeris and Create Content turn delivery
 * counts into toasts with these but need no schema (zod is about 25 KiB gzip). `email.ts`
 * re-exports everything here.
 */

// ── Delivery (ARCHITECTURE §4.11) ──

export const deliveryStatuses = ['queued', 'sending', 'sent', 'failed'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

export type DeliveryCounts = { total: number; queued: number; sending: number; sent: number; failed: number };

export function countDeliveries(deliveries: ReadonlyArray<{ status: DeliveryStatus }>): DeliveryCounts {
  const counts: DeliveryCounts = { total: deliveries.length, queued: 0, sending: 0, sent: 0, failed: 0 };
  for (const delivery of deliveries) counts[delivery.status] += 1;
  return counts;
}

/** Done when no delivery is still waiting or in flight; the client polls until then. */
export const isDeliveryDone = (counts: DeliveryCounts) => counts.queued === 0 && counts.sending === 0;

/**
 * The toast for a finished send (spec §8 Email sending toasts), as a catalogue key and its values.
 * `null` while deliveries are still in flight.
 */
export function deliveryOutcomeMessage(counts: DeliveryCounts): { key: string; values: Record<string, number> } | null {
  if (!isDeliveryDone(counts)) return null;
  if (counts.total === 0) return { key: 'email.noValidRecipients', values: {} };
  if (counts.failed === 0) return { key: 'email.sendSuccess', values: { count: counts.sent } };
  if (counts.sent > 0) return { key: 'email.sendPartial', values: { failed: counts.failed } };
  return { key: 'email.sendAllFailed', values: {} };
}
