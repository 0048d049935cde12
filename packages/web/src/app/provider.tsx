import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import type { ToasterProps } from 'sonner';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '@/components/layout/page-loading';
import { queryClient } from '@/lib/query-client';
import { applyTheme, useTheme, watchSystemTheme } from '@/lib/theme';
import { whenIdle } from '@/lib/when-idle';

/*
 * The toaster is not in the entry bundle: it loads right after the first render. A toast raised
 * before it is mounted is not lost: sonner replays the active toasts to a late Toaster.
 */
const Toaster = lazy(() =>
  import('sonner').then<{ default: ComponentType<ToasterProps> }, { default: ComponentType<ToasterProps> }>(
    (module) => ({ default: module.Toaster }),
    // Offline: no toaster (toasts are not shown) rather than a blank app.
    () => ({ default: () => null }),
  ),
);

function ThemedToaster() {
  const theme = useTheme();
  const { t } = useTranslation();
  // spec §9: bottom-right, 4000 ms, at most 3 visible.
  return (
    <Toaster
      position="bottom-right"
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

/** Mounts the toaster once the first screen has painted, so its code is not fetched before that. */
function LateToaster() {
  const [ready, setReady] = useState(false);
  // When the browser is idle after the first paint (sonner replays toasts raised before that).
  useEffect(() => whenIdle(() => setReady(true)), []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <ThemedToaster />
    </Suspense>
  );
}

export function AppProvider({ children }: { children: ReactNode }) {
  useEffect(() => {
    applyTheme();
    return watchSystemTheme();
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<PageLoading />}>{children}</Suspense>
      <LateToaster />
    </QueryClientProvider>
  );
}
