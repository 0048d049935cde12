import type { Delivery, DeliveryStatus } from '@life-updates/contract/email';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';

const statusVariant: Record<DeliveryStatus, 'secondary' | 'warning' | 'success' | 'destructive' | 'outline'> = {
  queued: 'secondary',
  sending: 'warning',
  sent: 'success',
  delivered: 'success',
  failed: 'destructive',
  bounced: 'destructive',
  unsubscribed: 'outline',
};

/** The badge for one delivery's status. */
function DeliveryStatusBadge({ status }: { status: DeliveryStatus }) {
  const { t } = useTranslation();
  return <Badge variant={statusVariant[status]}>{t(`recipients.status.${status}`)}</Badge>;
}

/**
 * Every recipient of a share with their delivery status and when it last changed, the error of
 * one that failed, and whether sending again can help.
 */
export function DeliveryStatusList({ deliveries, labelId }: { deliveries: readonly Delivery[]; labelId?: string }) {
  const { t, i18n } = useTranslation();
  if (deliveries.length === 0) return null;
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <ul className="divide-y divide-border rounded-md border border-border" aria-labelledby={labelId}>
      {deliveries.map((delivery) => {
        const label = delivery.recipientName
          ? `${delivery.recipientName} <${delivery.recipientEmail}>`
          : delivery.recipientEmail;
        const isProblem = delivery.status === 'failed' || delivery.status === 'bounced';
        return (
          <li
            key={delivery.id}
            className="flex flex-col gap-1 p-2 text-sm sm:flex-row sm:flex-wrap sm:items-center sm:gap-3"
          >
            <span className="min-w-0 flex-1 break-words">{label}</span>
            <span className="flex items-center gap-2">
              <DeliveryStatusBadge status={delivery.status} />
              <time dateTime={delivery.updatedAt} className="text-xs text-muted-foreground">
                {format.format(new Date(delivery.updatedAt))}
              </time>
            </span>
            {isProblem && delivery.lastError ? (
              <span className="w-full text-xs text-destructive sm:basis-full">
                {delivery.lastError}
                {delivery.canRetry ? null : ` ${t('recipients.permanentFailure')}`}
              </span>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
