import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
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

export type ShareResult = 'saved' | 'approved' | 'sent';

const copy: Record<ShareResult, { title: string; message: string }> = {
  saved: { title: 'generation.savedTitle', message: 'generation.savedMessage' },
  approved: { title: 'generation.approvedTitle', message: 'generation.approvedMessage' },
  sent: { title: 'generation.sentTitle', message: 'generation.sentMessage' },
};

/** "Saved" / "Approved" / "Sent" result dialogs; "Ok" returns to /dashboard. */
export function ResultDialog({ result, onClose }: { result: ShareResult | null; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Dialog open={result !== null} onOpenChange={(open) => !open && onClose()}>
      {result ? (
        <DialogContent className="max-w-sm">
          <DialogHeader>
            <DialogTitle>{t(copy[result].title)}</DialogTitle>
            <DialogDescription>{t(copy[result].message)}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button onClick={() => void navigate(paths.dashboard)}>{t('generation.ok')}</Button>
          </DialogFooter>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
