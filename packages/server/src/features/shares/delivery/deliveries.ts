import { translate, type Locale } from '@life-updates/contract/i18n';
import { countDeliveries, deliveryStatuses, isDeliveryDone } from '@life-updates/contract/share-options';
import { channels, type Delivery, type ShareDeliveriesResponse } from '@life-updates/contract/shares';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { deliveries, shares } from '../../../db/schema.ts';
import { byIdAndOwner, type UserScope } from '../../../db/owned.ts';
import { notFound } from '../../../lib/app-error.ts';
import { isUuid } from '../../../lib/uuid.ts';
import type { DeliveryRow } from './channel.ts';

/** How one destination went, as the API shows it: the failure in the reader's language. */
function toDelivery(row: DeliveryRow, locale: Locale): Delivery {
  const failed = row.status === 'failed' || row.status === 'bounced';
  return {
    id: row.id,
    channel: channels.find((name) => name === row.channel) ?? 'email',
    contactId: row.contactId,
    recipientName: row.recipientName,
    recipientEmail: row.recipientEmail,
    status: deliveryStatuses.find((status) => status === row.status) ?? 'failed',
    attempts: row.attempts,
    error:
      failed && row.errorKey
        ? translate(row.errorKey, locale, row.errorValues ?? {})
        : failed
          ? translate('summeris.errors.sendFailed', locale, { reason: row.lastError ?? '' })
          : null,
    canRetry: row.status === 'failed' && row.failureKind !== 'permanent',
    link: row.link,
    sentAt: row.sentAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

const inOrder = [asc(deliveries.createdAt), asc(deliveries.channel), asc(deliveries.recipientEmail)];

/** Each destination of the user's shares, by share. */
export async function findDeliveriesOfShares({
  db,
  userId,
  shareIds,
  locale,
}: UserScope<Database> & { shareIds: readonly string[]; locale: Locale }): Promise<Map<string, Delivery[]>> {
  const byShare = new Map<string, Delivery[]>();
  if (shareIds.length === 0) return byShare;
  const rows = await db
    .select()
    .from(deliveries)
    .where(and(eq(deliveries.userId, userId), inArray(deliveries.shareId, [...shareIds])))
    .orderBy(...inOrder);
  for (const row of rows) {
    const list = byShare.get(row.shareId!) ?? [];
    list.push(toDelivery(row, locale));
    byShare.set(row.shareId!, list);
  }
  return byShare;
}

/** Status per destination of a user's share, with counts; the client polls this until `isDone`. */
export async function findShareDeliveries({
  db,
  userId,
  shareId,
  locale,
}: UserScope<Database> & { shareId: string; locale: Locale }): Promise<ShareDeliveriesResponse> {
  if (!isUuid(shareId)) throw notFound('shares.errors.notFound');
  const [share] = await db
    .select({ status: shares.status })
    .from(shares)
    .where(byIdAndOwner(shares, shareId, userId));
  if (!share) throw notFound('shares.errors.notFound');
  const rows = await db
    .select()
    .from(deliveries)
    .where(and(eq(deliveries.shareId, shareId), eq(deliveries.userId, userId)))
    .orderBy(...inOrder);
  const list = rows.map((row) => toDelivery(row, locale));
  const counts = countDeliveries(list);
  // A scheduled share is done for now: nothing moves until its time.
  const isDone = share.status === 'scheduled' || isDeliveryDone(counts);
  return { shareId, shareStatus: share.status, isDone, counts, deliveries: list };
}
