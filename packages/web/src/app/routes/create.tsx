import { useTranslation } from 'react-i18next';
import { CreateContent } from '@/features/generation/components/create-content';
import { usePageTitle } from '@/lib/use-page-title';

export function Component() {
  const { t } = useTranslation();
  usePageTitle('create');
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-6">
      <h1 className="text-2xl font-bold">{t('titles.create').split(' | ')[0]}</h1>
      <CreateContent />
    </div>
  );
}
