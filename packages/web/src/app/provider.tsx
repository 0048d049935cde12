import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Toaster } from 'sonner';
import { queryClient } from '@/lib/query-client';
import { applyTheme, useTheme, watchSystemTheme } from '@/lib/theme';

function ThemedToaster() {
  const theme = useTheme();
  const { t } = useTranslation();
  // spec §9: bottom-right, 4000 ms, at most 3 visible.
  return (
    <Toaster position="bottom-right" duration={4000} visibleToasts={3} theme={theme} richColors closeButton containerAriaLabel={t('app.notifications')} />
  );
}

export function AppProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  useEffect(() => {
    applyTheme();
    return watchSystemTheme();
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<p className="p-8 text-center text-muted-foreground">{t('app.loading')}</p>}>{children}</Suspense>
      <ThemedToaster />
    </QueryClientProvider>
  );
}
