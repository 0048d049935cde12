import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

type LoadFailedProps = { message: string; onRetry: () => unknown; className?: string | undefined };

/** What could not be loaded, and Try again. */
export function LoadFailed({ message, onRetry, className }: LoadFailedProps) {
  const { t } = useTranslation();
  return (
    <div className={cn('space-y-3', className)}>
      <p role="alert" className="text-sm text-destructive">
        {message}
      </p>
      <Button type="button" variant="outline" onClick={() => void onRetry()}>
        {t('common.retry')}
      </Button>
    </div>
  );
}
