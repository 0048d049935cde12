import { countAccepted, countDeliveries, type Delivery, type ShareWithContacts } from '@life-updates/contract/shares';
import { RotateCcwIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useRetryFailedDeliveries } from '@/api/shares';
import { Button } from '@/components/ui/button';
import { CardContent, CardFooter } from '@/components/ui/card';
import { formatDateTime } from '@/lib/format-date';
import { DestinationsSection, ReadOnlyTexts, ShareCard } from './share-card';
import { toastOutcome } from './toast-outcome';

const isUndelivered = (delivery: Delivery) => delivery.status === 'failed' || delivery.status === 'bounced';

/**
 * A share that went out (Sent: every destination with its status) or did not reach some of its
 * destinations (Failed: those, with why). How many destinations have it is said on both, and "Retry
 * failed" shows when a failure was temporary.
 */
export function DeliveredShareCard({ share, view }: { share: ShareWithContacts; view: 'sent' | 'failed' }) {
  const { t, i18n } = useTranslation();
  const retryFailed = useRetryFailedDeliveries();
  const counts = countDeliveries(share.deliveries);
  const shown = view === 'failed' ? share.deliveries.filter(isUndelivered) : share.deliveries;
  const isInFlight = counts.queued + counts.sending > 0;
  const canRetry = !isInFlight && share.deliveries.some((delivery) => delivery.canRetry);

  const retry = () =>
    toastOutcome(() => retryFailed.mutateAsync(share.id), t('email.retryQueued'), t('summeris.toasts.sendFailed'));

  return (
    <ShareCard
      share={share}
      byDestination
      date={
        share.sentAt
          ? t('summeris.sentAt', { date: formatDateTime(share.sentAt, i18n.language) })
          : t('summeris.generatedAt', { date: formatDateTime(share.generatedAt ?? share.createdAt, i18n.language) })
      }
    >
      <CardContent className="space-y-4">
        {view === 'sent' ? <ReadOnlyTexts share={share} /> : null}
        {counts.total > 0 ? (
          <DestinationsSection
            title={view === 'failed' ? t('summeris.failedDestinations') : t('summeris.destinations')}
            deliveries={shown}
          >
            <p className="text-sm text-muted-foreground" role="status">
              {t('summeris.acceptedCount', { accepted: countAccepted(counts), total: counts.total })}
            </p>
          </DestinationsSection>
        ) : null}
      </CardContent>
      {canRetry ? (
        <CardFooter className="justify-end">
          <Button variant="outline" disabled={retryFailed.isPending} onClick={() => void retry()}>
            <RotateCcwIcon aria-hidden />
            {retryFailed.isPending ? t('email.retrying') : t('email.retryFailed')}
          </Button>
        </CardFooter>
      ) : null}
    </ShareCard>
  );
}
