import { ScreenFrame } from '@/components/layout/screen-frame';
import { ShareReviewPage } from '@/features/shares/components/summeris-page';

export function Component() {
  return (
    <ScreenFrame screen="summeris">
      <ShareReviewPage />
    </ScreenFrame>
  );
}
