import { TriangleAlertIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLinkedinConnection } from '@/api/linkedin';
import { paths } from '@/config/paths';
import { formatLinkedinDate } from './linkedin-dates';

/** Across the signed-in screens: the LinkedIn token expires within seven days, or has expired. */
export function LinkedinExpiryBanner() {
  const { t, i18n } = useTranslation();
  const { data } = useLinkedinConnection();
  const connection = data?.connection;
  if (!connection || connection.state === 'valid') return null;
  return (
    <div role="status" className="border-b border-warning bg-warning/15 px-4 py-2 text-sm">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-2">
        <TriangleAlertIcon className="size-4 shrink-0" aria-hidden />
        <span>
          {connection.state === 'expired'
            ? t('linkedin.banner.expired')
            : t('linkedin.banner.expiring', { date: formatLinkedinDate(connection.expiresAt, i18n.language) })}
        </span>
        <Link to={`${paths.settings}?tab=connected`} className="font-medium underline underline-offset-2">
          {t('linkedin.banner.action')}
        </Link>
      </div>
    </div>
  );
}
