import { ScreenFrame } from '@/components/layout/screen-frame';
import { CreateContent } from '@/features/generation/components/create-content';

export function Component() {
  return (
    <ScreenFrame screen="create">
      <CreateContent />
    </ScreenFrame>
  );
}
