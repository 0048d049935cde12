import { useTranslation } from 'react-i18next';
import { ScreenFrame, screenAt } from './screen-frame';

/**
 * "Loading..." in place of a screen whose code, strings or session check are still on their way;
 * on a signed-in screen, under that screen's heading.
 */
export function PageLoading() {
  const { t } = useTranslation();
  const status = (
    <p role="status" className="p-8 text-center text-muted-foreground">
      {t('app.loading')}
    </p>
  );
  // Also drawn outside the router (the app's Suspense fallback): the address bar is the one source.
  const screen = screenAt(window.location.pathname);
  return screen ? <ScreenFrame screen={screen}>{status}</ScreenFrame> : status;
}
