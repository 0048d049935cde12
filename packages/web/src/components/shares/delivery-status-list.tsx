import type { Delivery, DeliveryStatus } from '@life-updates/contract/shares';
import { ExternalLinkIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { formatDateTime } from '@/lib/format-date';

const statusVariant: Record<DeliveryStatus, 'secondary' | 'warning' | 'success' | 'destructive' | 'outline'> = {
  queued: 'secondary',
  sending: 'warning',
  sent: 'success',
  delivered: 'success',
  published: 'success',
  failed: 'destructive',
  bounced: 'destructive',
  unsubscribed: 'outline',
};

/** Who or where: "Name <address>" for an email, the chat's title for Telegram, the member for LinkedIn. */
export function destinationLabel(delivery: Delivery): string {
  if (delivery.channel === 'email') {
    return delivery.recipientName && delivery.recipientEmail
      ? `${delivery.recipientName} <${delivery.recipientEmail}>`
      : (delivery.recipientEmail ?? delivery.recipientName ?? '');
  }
  return delivery.recipientName ?? '';
}

/**
 * Every destination of a share: its channel, the contact's address or the chat's title, its status
 * and when it last changed, the link of a published post, the error of one that failed, and
 * whether sending again can help.
 */
export function DeliveryStatusList({
  deliveries,
  labelId,
  label,
}: {
  deliveries: readonly Delivery[];
  /** The id of the heading that names the list, or `label` for its name. */
  labelId?: string;
  label?: string;
}) {
  const { t, i18n } = useTranslation();
  if (deliveries.length === 0) return null;
  return (
    <ul className="divide-y divide-border rounded-md border border-border" aria-labelledby={labelId} aria-label={label}>
      {deliveries.map((delivery) => {
        const name = destinationLabel(delivery);
        const channel = t(`recipients.channel.${delivery.channel}`);
        const isPermanentEmailFailure = delivery.channel === 'email' && !delivery.canRetry;
        return (
          <li
            key={delivery.id}
            aria-label={`${channel}: ${name}`}
            className="flex flex-col gap-1 p-2 text-sm sm:flex-row sm:flex-wrap sm:items-center sm:gap-3"
          >
            <span className="flex min-w-0 flex-1 items-center gap-2">
              <Badge variant="outline" className="shrink-0">
                {channel}
              </Badge>
              <span className="min-w-0 break-words">{name}</span>
            </span>
            <span className="flex flex-wrap items-center gap-2">
              <Badge variant={statusVariant[delivery.status]}>{t(`recipients.status.${delivery.status}`)}</Badge>
              <time dateTime={delivery.updatedAt} className="text-xs text-muted-foreground">
                {formatDateTime(delivery.updatedAt, i18n.language)}
              </time>
              {delivery.link ? (
                <a
                  href={delivery.link}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1 text-xs font-medium underline underline-offset-2"
                >
                  {delivery.channel === 'linkedin'
                    ? t('linkedin.viewPost')
                    : t('recipients.viewPostIn', { name: delivery.recipientName ?? channel })}
                  <ExternalLinkIcon className="size-3.5" aria-hidden />
                </a>
              ) : null}
            </span>
            {delivery.error ? (
              <span className="w-full text-xs text-destructive sm:basis-full">
                {delivery.error}
                {isPermanentEmailFailure && delivery.status !== 'unsubscribed'
                  ? ` ${t('recipients.permanentFailure')}`
                  : null}
              </span>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
