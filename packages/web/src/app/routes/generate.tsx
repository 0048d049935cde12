import { ScreenFrame } from '@/components/layout/screen-frame';
import { GenerateScreen } from '@/features/generation/components/generate-screen';

export function Component() {
  return (
    <ScreenFrame screen="generate">
      <GenerateScreen />
    </ScreenFrame>
  );
}
