import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ScreenFrame } from '@/components/layout/screen-frame';
import { CreateContent } from '@/features/generation/components/create-content';
import { usePageTitle } from '@/lib/use-page-title';

export function Component() {
  usePageTitle('create');
  return (
    <Frame>
      <CreateContent />
    </Frame>
  );
}

/** The screen's container and heading. */
export function Frame({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return <ScreenFrame heading={t('titles.create').split(' | ')[0]}>{children}</ScreenFrame>;
}
