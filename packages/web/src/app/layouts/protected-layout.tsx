import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { ProfileTimeoutError, useMe, wasSignedOut } from '@/api/me';
import { PageLoading } from '@/components/layout/page-loading';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { RemovedModelBanner } from '@/features/settings/components/removed-model-banner';
import { LinkedinExpiryBanner } from '@/features/linkedin/components/linkedin-expiry-banner';

// Sends the ideas kept on this device while offline; its code (and IndexedDB's) loads after the screen.
const IdeaQueueSync = lazy(() =>
  import('@/features/ideas/components/idea-queue-sync').then((module) => ({ default: module.IdeaQueueSync })),
);

/**
 * Protected area: "Loading..." while the session is checked (at most 10 s: then "Timeout fetching
 * profile" with a retry); signed-out visitors go to /login. Opened offline with nothing kept from
 * the last visit, it says so, and the screen opens by itself once the connection is back.
 */
export function ProtectedLayout() {
  const location = useLocation();
  const { t } = useTranslation();
  const { data: me, isPending, isError, error, refetch, isFetching, fetchStatus } = useMe();
  if (isPending && fetchStatus === 'paused') {
    return (
      <p role="status" className="p-8 text-center">
        {t('app.offlineNothingKept')}
      </p>
    );
  }
  if (isPending) return <PageLoading />;
  if (error instanceof ProfileTimeoutError) {
    return (
      <div role="alert" className="flex flex-col items-center gap-4 p-8 text-center">
        <p>{t('notices.profileTimeout')}</p>
        <Button type="button" disabled={isFetching} onClick={() => void refetch()}>
          {isFetching ? t('app.loading') : t('common.retry')}
        </Button>
      </div>
    );
  }
  if (isError || !me) {
    if (wasSignedOut()) return <Navigate to={paths.landing} replace />;
    return <Navigate to={paths.login} replace state={{ from: location.pathname + location.search }} />;
  }
  return (
    <>
      <LinkedinExpiryBanner />
      <RemovedModelBanner />
      <Outlet />
      <Suspense fallback={null}>
        <IdeaQueueSync userId={me.id} />
      </Suspense>
    </>
  );
}
