import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { badgeVariants } from '@/components/ui/badge-variants';

export function Brand({ to }: { to: string }) {
  const { t } = useTranslation();
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-2 rounded-md font-bold text-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <span>{t('app.name')}</span>
      {/* The class string itself, not <Badge>: the top bar stays free of the class merger (bundle size). */}
      <span className={badgeVariants({ variant: 'secondary', size: 'xs' })}>{t('app.beta')}</span>
    </Link>
  );
}
