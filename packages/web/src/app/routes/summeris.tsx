import { useTranslation } from 'react-i18next';
import { SummerisPage } from '@/features/summeris/components/summeris-page';
import { usePageTitle } from '@/lib/use-page-title';

export function Component() {
  const { t } = useTranslation();
  usePageTitle('summeris');
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-6">
      <h1 className="text-2xl font-bold">{t('summeris.title')}</h1>
      <SummerisPage />
    </div>
  );
}
