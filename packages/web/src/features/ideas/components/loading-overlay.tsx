import { Loader2Icon } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** The full-screen "Loading application data..." overlay of My Stories. */
export function LoadingOverlay() {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-3 bg-background/90 text-foreground"
    >
      <Loader2Icon className="size-8 animate-spin text-primary" aria-hidden />
      <p className="text-lg font-medium">{t('ideas.loadingAppData')}</p>
    </div>
  );
}
