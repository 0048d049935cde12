import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ScreenFrame } from '@/components/layout/screen-frame';
import { ScheduledLinkedinPosts } from '@/features/linkedin/components/scheduled-linkedin-posts';
import { ShareReviewPage } from '@/features/shares/components/summeris-page';
import { usePageTitle } from '@/lib/use-page-title';

export function Component() {
  usePageTitle('summeris');
  return (
    <Frame>
      <ShareReviewPage />
      <ScheduledLinkedinPosts />
    </Frame>
  );
}

/** The screen's container and heading. */
export function Frame({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <ScreenFrame heading={t('summeris.title')} width="narrow">
      {children}
    </ScreenFrame>
  );
}
