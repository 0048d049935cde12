import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoading } from '@/components/layout/page-loading';
import { paths } from '@/config/paths';
import { useMe } from '@/features/auth/api/get-me';
import { wasSignedOut } from '@/features/auth/api/sign-out';
import { LinkedinExpiryBanner } from '@/features/linkedin/components/linkedin-expiry-banner';

// Sends the ideas kept on this device while offline; its code (and IndexedDB's) loads after the screen.
const IdeaQueueSync = lazy(() =>
  import('@/features/ideas/components/idea-queue-sync').then((module) => ({ default: module.IdeaQueueSync })),
);

/** Protected area: "Loading..." while the session is checked; signed-out visitors go to /login. */
export function ProtectedLayout() {
  const location = useLocation();
  const { data: me, isPending, isError } = useMe();
  if (isPending) return <PageLoading />;
  if (isError || !me) {
    if (wasSignedOut()) return <Navigate to={paths.landing} replace />;
    return <Navigate to={paths.login} replace state={{ from: location.pathname + location.search }} />;
  }
  return (
    <>
      <LinkedinExpiryBanner />
      <Outlet />
      <Suspense fallback={null}>
        <IdeaQueueSync userId={me.id} />
      </Suspense>
    </>
  );
}
