import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SummerisPage } from '@/features/summeris/components/summeris-page';
import { usePageTitle } from '@/lib/use-page-title';

export function Component() {
  usePageTitle('summeris');
  return (
    <Frame>
      <SummerisPage />
    </Frame>
  );
}

/** The screen's container and heading, also pre-rendered into its page at build (app/prerender-shell.tsx) so they paint before the code has run. */
export function Frame({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-6">
      <h1 className="text-2xl font-bold">{t('summeris.title')}</h1>
      {children}
    </div>
  );
}
