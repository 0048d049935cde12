import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { emailDeliveries } from '../../db/schema.ts';
import { isUuid } from '../../lib/uuid.ts';
import { markContactBouncing } from '../contacts/contacts-service.ts';
import { unsubscribeContact } from '../unsubscribe/unsubscribe-service.ts';

/** What a provider reported about one message, in our terms. */
export type ProviderEventKind = 'delivered' | 'bounced' | 'complained' | 'deferred';
export type ProviderEvent = {
  /** The id our transport got back when sending (SendGrid's X-Message-Id, Resend's email id). */
  messageId: string;
  /** The recipient the event is about, when the provider says (checked against the delivery's). */
  email?: string | undefined;
  kind: ProviderEventKind;
  detail?: string | undefined;
};

/**
 * Applies provider-reported outcomes to the deliveries they are about. "delivered" only moves a
 * sent message on; a bounce marks the delivery bounced and the contact bouncing; a spam complaint
 * unsubscribes the contact. Events for messages we do not know are ignored. Returns how many
 * deliveries changed.
 */
export async function applyProviderEvents({ db, events }: { db: Database; events: ProviderEvent[] }) {
  let changed = 0;
  for (const event of events) {
    if (!event.messageId) continue;
    const [delivery] = await db
      .select({
        id: emailDeliveries.id,
        userId: emailDeliveries.userId,
        contactId: emailDeliveries.contactId,
        recipientEmail: emailDeliveries.recipientEmail,
        status: emailDeliveries.status,
      })
      .from(emailDeliveries)
      .where(eq(emailDeliveries.providerMessageId, event.messageId));
    if (!delivery) continue;
    if (event.email && event.email.trim().toLowerCase() !== delivery.recipientEmail.trim().toLowerCase()) continue;
    const contactId = delivery.contactId && isUuid(delivery.contactId) ? delivery.contactId : null;
    if (event.kind === 'delivered') {
      const rows = await db
        .update(emailDeliveries)
        .set({ status: 'delivered' })
        .where(and(eq(emailDeliveries.id, delivery.id), eq(emailDeliveries.status, 'sent')))
        .returning({ id: emailDeliveries.id });
      changed += rows.length;
    } else if (event.kind === 'bounced') {
      const rows = await db
        .update(emailDeliveries)
        .set({ status: 'bounced', failureKind: 'permanent', lastError: event.detail?.slice(0, 1000) ?? null })
        .where(and(eq(emailDeliveries.id, delivery.id), inArray(emailDeliveries.status, ['sent', 'delivered'])))
        .returning({ id: emailDeliveries.id });
      changed += rows.length;
      if (contactId) await markContactBouncing({ db, userId: delivery.userId, contactId });
    } else if (event.kind === 'complained') {
      const rows = await db
        .update(emailDeliveries)
        .set({ status: 'unsubscribed' })
        .where(and(eq(emailDeliveries.id, delivery.id), inArray(emailDeliveries.status, ['sent', 'delivered'])))
        .returning({ id: emailDeliveries.id });
      changed += rows.length;
      // Marking mail as spam is the strongest "stop": the contact is unsubscribed, as with their link.
      if (contactId) await unsubscribeContact({ db, contactId, source: 'complaint' });
    }
    // "deferred": the provider keeps trying; nothing to show yet.
  }
  return changed;
}
