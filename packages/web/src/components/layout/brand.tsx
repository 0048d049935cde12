import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';

export function Brand({ to }: { to: string }) {
  const { t } = useTranslation();
  return (
    <Link to={to} className="inline-flex items-center gap-2 rounded-md font-bold text-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
      <span>{t('app.name')}</span>
      <Badge variant="secondary" className="text-[0.65rem]">
        {t('app.beta')}
      </Badge>
    </Link>
  );
}
