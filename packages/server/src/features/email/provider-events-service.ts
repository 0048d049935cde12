import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { deliveries } from '../../db/schema.ts';
import { isUuid } from '../../lib/uuid.ts';
import { markBouncing, markUnsubscribed } from '../recipients/recipients-service.ts';

/**
 * What a provider reported about one message, in our terms (webhook-routes.ts maps each provider's
 * events and names the documentation):
 * - `delivered`: the receiving server took it;
 * - `deferred`: the provider keeps trying; nothing changes;
 * - `bounced`: a new hard bounce: the delivery bounced and the contact's address bounces;
 * - `complained`: a spam report: the contact is unsubscribed (source "complaint");
 * - `unsubscribed`: the recipient unsubscribed through the provider (source "provider");
 * - `suppressed`: not sent, because the provider's own list says the address bounced before (or is
 *   invalid). Not a new bounce: the delivery failed for good, and the contact is marked bouncing as
 *   that list says, so the next send skips it instead of being dropped again;
 * - `failed`: not sent, for a reason of the message or the account, not the address. `isRetryable`
 *   when the owner can fix the cause and send again (Retry failed), which then goes out as a new
 *   message with a new Message-ID, since the provider says this one never left.
 */
export type ProviderEvent = {
  /** The provider's id for the message, as the transport got it back (SendGrid's X-Message-Id, Resend's email id). */
  providerMessageId?: string | undefined;
  /** Our Message-ID header as the event names it (SendGrid's `smtp-id`), `<…@…>`. */
  messageId?: string | undefined;
  /** The recipient the event is about, when the provider says (checked against the delivery's). */
  email?: string | undefined;
  detail?: string | undefined;
} & (
  | { kind: 'delivered' | 'deferred' | 'bounced' | 'complained' | 'unsubscribed' | 'suppressed' }
  | { kind: 'failed'; isRetryable: boolean }
);

const asMessageId = (value: string) => {
  const trimmed = value.trim();
  return trimmed.startsWith('<') ? trimmed : `<${trimmed}>`;
};

/**
 * Applies provider-reported outcomes to the deliveries they are about. `userId` limits them to one
 * user's deliveries: the events of a user's own provider account (signed with a key the user holds)
 * can change nothing of anyone else's. Without it (the server's own account) the ids are the
 * provider's, unique to messages that account sent. Events for messages we do not know are ignored;
 * each change is conditional on the delivery's current status, so a repeated event changes nothing.
 * Returns how many deliveries changed.
 */
export async function applyProviderEvents({
  db,
  userId,
  events,
}: {
  db: Database;
  userId?: string | undefined;
  events: ProviderEvent[];
}) {
  let changed = 0;
  for (const event of events) {
    const matches: SQL[] = [];
    if (event.providerMessageId) matches.push(eq(deliveries.providerMessageId, event.providerMessageId));
    if (event.messageId) matches.push(eq(deliveries.messageId, asMessageId(event.messageId)));
    if (matches.length === 0 || event.kind === 'deferred') continue;
    const [delivery] = await db
      .select({
        id: deliveries.id,
        userId: deliveries.userId,
        contactId: deliveries.contactId,
        recipientEmail: deliveries.recipientEmail,
      })
      .from(deliveries)
      .where(and(or(...matches), eq(deliveries.channel, 'email'), userId ? eq(deliveries.userId, userId) : undefined))
      .limit(1);
    if (!delivery) continue;
    if (event.email && event.email.trim().toLowerCase() !== (delivery.recipientEmail ?? '').trim().toLowerCase())
      continue;
    const owner = delivery.userId;
    const contactId = delivery.contactId && isUuid(delivery.contactId) ? delivery.contactId : null;
    const detail = event.detail?.slice(0, 1000) ?? null;
    const update = async (
      values: Partial<typeof deliveries.$inferInsert>,
      fromStatuses: ReadonlyArray<string>,
    ): Promise<boolean> => {
      const rows = await db
        .update(deliveries)
        .set(values)
        .where(
          and(
            eq(deliveries.id, delivery.id),
            eq(deliveries.userId, owner),
            inArray(deliveries.status, [...fromStatuses]),
          ),
        )
        .returning({ id: deliveries.id });
      changed += rows.length;
      return rows.length > 0;
    };
    switch (event.kind) {
      case 'delivered':
        await update({ status: 'delivered' }, ['sent']);
        break;
      case 'bounced':
        await update({ status: 'bounced', failureKind: 'permanent', lastError: detail }, ['sent', 'delivered']);
        if (contactId) await markBouncing({ db, userId: owner, contactId });
        break;
      case 'complained':
        await update({ status: 'unsubscribed' }, ['sent', 'delivered']);
        // Marking mail as spam is the strongest "stop": the contact is unsubscribed, as with their link.
        if (contactId) await markUnsubscribed({ db, userId: owner, contactId, source: 'complaint' });
        break;
      case 'unsubscribed':
        await update({ status: 'unsubscribed' }, ['sent', 'delivered']);
        if (contactId) await markUnsubscribed({ db, userId: owner, contactId, source: 'provider' });
        break;
      case 'suppressed':
        await update({ status: 'failed', failureKind: 'permanent', lastError: detail }, ['sent']);
        if (contactId) await markBouncing({ db, userId: owner, contactId });
        break;
      case 'failed':
        await update(
          event.isRetryable
            ? { status: 'failed', failureKind: 'temporary', lastError: detail, messageId: null }
            : { status: 'failed', failureKind: 'permanent', lastError: detail },
          ['sent'],
        );
        break;
    }
  }
  return changed;
}
