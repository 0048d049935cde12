import { ScreenFrame } from '@/components/layout/screen-frame';
import { ScheduledLinkedinPosts } from '@/features/linkedin/components/scheduled-linkedin-posts';
import { ShareReviewPage } from '@/features/shares/components/summeris-page';

export function Component() {
  return (
    <ScreenFrame screen="summeris">
      <ShareReviewPage />
      <ScheduledLinkedinPosts />
    </ScreenFrame>
  );
}
