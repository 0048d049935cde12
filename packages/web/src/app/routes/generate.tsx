import { useTranslation } from 'react-i18next';
import { GenerateScreen } from '@/features/generation/components/generate-screen';
import { usePageTitle } from '@/lib/use-page-title';

export function Component() {
  const { t } = useTranslation();
  usePageTitle('generate');
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-6">
      <h1 className="text-2xl font-bold">{t('titles.generate').split(' | ')[0]}</h1>
      <GenerateScreen />
    </div>
  );
}
