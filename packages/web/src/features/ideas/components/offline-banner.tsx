import { WifiOffIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** Shown on My Stories without a connection: what is on screen is as last loaded, and read-only. */
export function OfflineBanner() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex items-start gap-3 rounded-lg border border-warning bg-warning/10 p-4 text-sm">
      <WifiOffIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{t('capture.offline.banner')}</span>
    </div>
  );
}
