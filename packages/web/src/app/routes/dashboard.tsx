import { useTranslation } from 'react-i18next';
import { IdeasSharePanel } from '@/features/summeris/components/ideas-share-panel';
import { usePageTitle } from '@/lib/use-page-title';

export function Component() {
  const { t } = useTranslation();
  usePageTitle('dashboard');
  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <h1 className="text-2xl font-bold">{t('titles.dashboard').split(' | ')[0]}</h1>
      <IdeasSharePanel />
    </div>
  );
}
