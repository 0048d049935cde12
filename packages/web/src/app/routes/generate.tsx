import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ScreenFrame } from '@/components/layout/screen-frame';
import { GenerateScreen } from '@/features/generation/components/generate-screen';
import { usePageTitle } from '@/lib/use-page-title';

export function Component() {
  usePageTitle('generate');
  return (
    <Frame>
      <GenerateScreen />
    </Frame>
  );
}

/** The screen's container and heading. */
export function Frame({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return <ScreenFrame heading={t('titles.generate').split(' | ')[0]}>{children}</ScreenFrame>;
}
