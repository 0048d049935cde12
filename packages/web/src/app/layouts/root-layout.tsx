import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { useMe, useSignOut } from '@/api/me';
import { AppHeader } from '@/components/layout/app-header';
import { BottomNav } from '@/components/layout/bottom-nav';
import { paths } from '@/config/paths';
import { pruneStaleCache } from '@/lib/local-cache';

/** The shared header and bottom navigation on every page. */
export function RootLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  const { data: me, isPending } = useMe();
  const signOut = useSignOut();
  const isSignedIn = Boolean(me);
  // The top bar is hidden on / for signed-out visitors.
  const showHeader = isSignedIn || location.pathname !== paths.landing;

  useEffect(() => {
    // Stale stored data is dropped 0.5 s after start.
    const timer = window.setTimeout(() => pruneStaleCache(), 500);
    return () => window.clearTimeout(timer);
  }, []);

  return (
    <div className="min-h-dvh bg-background text-foreground">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-background focus:p-2"
      >
        {t('app.skipToContent')}
      </a>
      {showHeader ? (
        <AppHeader
          me={isPending ? undefined : (me ?? null)}
          onSignOut={() => signOut.mutate()}
          isSigningOut={signOut.isPending}
        />
      ) : null}
      <main id="main" className={isSignedIn ? 'pb-20 md:pb-0' : undefined}>
        <Outlet />
      </main>
      {isSignedIn ? <BottomNav /> : null}
      <ScrollRestoration />
    </div>
  );
}
