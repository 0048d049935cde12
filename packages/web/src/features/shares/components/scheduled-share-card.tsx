import type { ShareWithContacts } from '@life-updates/contract/shares';
import { CalendarXIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnscheduleShare } from '@/api/shares';
import { Button } from '@/components/ui/button';
import { CardContent, CardFooter } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { formatDateTime } from '@/lib/format-date';
import { DestinationsSection, ReadOnlyTexts, ShareCard } from './share-card';
import { toastOutcome } from './toast-outcome';

/** A scheduled share: when it goes, where, its text, and "Cancel schedule" (back to Pending). */
export function ScheduledShareCard({ share }: { share: ShareWithContacts }) {
  const { t, i18n } = useTranslation();
  const unschedule = useUnscheduleShare();
  const [isConfirming, setIsConfirming] = useState(false);

  const cancelSchedule = () =>
    toastOutcome(
      () => unschedule.mutateAsync(share.id),
      t('summeris.toasts.scheduleCancelled'),
      t('summeris.toasts.cancelScheduleFailed'),
    );

  return (
    <ShareCard
      share={share}
      byDestination
      date={share.sendAt ? t('summeris.sendsAt', { date: formatDateTime(share.sendAt, i18n.language) }) : ''}
    >
      <CardContent className="space-y-4">
        <ReadOnlyTexts share={share} />
        <DestinationsSection title={t('summeris.destinations')} deliveries={share.deliveries} />
      </CardContent>
      <CardFooter className="justify-end">
        <Button variant="outline" disabled={unschedule.isPending} onClick={() => setIsConfirming(true)}>
          <CalendarXIcon aria-hidden />
          {t('summeris.cancelSchedule')}
        </Button>
      </CardFooter>
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        title={t('summeris.cancelScheduleDialog.title')}
        description={t('summeris.cancelScheduleDialog.message')}
        cancelLabel={t('summeris.cancelScheduleDialog.keep')}
        confirmLabel={t('summeris.cancelScheduleDialog.confirm')}
        onConfirm={() => void cancelSchedule()}
      />
    </ShareCard>
  );
}
