import { countAccepted, countDeliveries, type Delivery } from '@life-updates/contract/shares';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DeliveryStatusList } from '@/components/shares/delivery-status-list';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format-date';

/**
 * What an exit of Create Content or Generate ended in. A send to contacts alone says "Email sent."
 * (`deliveries` null); one that included a post lists each destination's status; a scheduled one
 * says when it goes.
 */
export type ShareResult =
  | { kind: 'saved' }
  | { kind: 'approved' }
  | { kind: 'sent'; deliveries: readonly Delivery[] | null }
  | { kind: 'scheduled'; sendAt: string; deliveries: readonly Delivery[] };

function useResultCopy(result: ShareResult): { title: string; message: string } {
  const { t, i18n } = useTranslation();
  switch (result.kind) {
    case 'saved':
      return { title: t('generation.savedTitle'), message: t('generation.savedMessage') };
    case 'approved':
      return { title: t('generation.approvedTitle'), message: t('generation.approvedMessage') };
    case 'scheduled': {
      const date = formatDateTime(result.sendAt, i18n.language);
      return { title: t('generation.scheduledTitle'), message: t('generation.scheduledMessage', { date }) };
    }
    case 'sent': {
      if (!result.deliveries) return { title: t('generation.sentTitle'), message: t('generation.sentMessage') };
      const counts = countDeliveries(result.deliveries);
      return {
        title: countAccepted(counts) > 0 ? t('generation.sentTitle') : t('generation.notSentTitle'),
        message: t('summeris.acceptedCount', { accepted: countAccepted(counts), total: counts.total }),
      };
    }
  }
}

function ResultContent({ result }: { result: ShareResult }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const copy = useResultCopy(result);
  const deliveries = result.kind === 'sent' || result.kind === 'scheduled' ? result.deliveries : null;
  return (
    <DialogContent>
      <DialogHeader>
        <DialogTitle>{copy.title}</DialogTitle>
        <DialogDescription>{copy.message}</DialogDescription>
      </DialogHeader>
      {deliveries ? <DeliveryStatusList deliveries={deliveries} label={copy.title} /> : null}
      <DialogFooter>
        <Button onClick={() => void navigate(paths.dashboard)}>{t('generation.ok')}</Button>
      </DialogFooter>
    </DialogContent>
  );
}

/** "Saved" / "Approved" / "Sent" (and "Scheduled") result dialogs; "Ok" returns to /dashboard. */
export function ResultDialog({ result, onClose }: { result: ShareResult | null; onClose: () => void }) {
  return (
    <Dialog open={result !== null} onOpenChange={(open) => !open && onClose()}>
      {result ? <ResultContent result={result} /> : null}
    </Dialog>
  );
}
