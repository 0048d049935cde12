import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { useSyncQueuedIdeas } from '../api/queued-ideas';

/**
 * Sends the ideas waiting on this device (offline/idea-queue.ts) whenever there is a chance: when a
 * signed-in screen opens, when the connection returns and when the app comes back into view. The
 * service worker's Background Sync does the same while no page is open (public/idea-sync-sw.js).
 */
export function IdeaQueueSync({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const sync = useSyncQueuedIdeas();
  useEffect(() => {
    const run = () => {
      if (!navigator.onLine) return;
      sync(userId)
        .then(({ saved }) => {
          if (saved > 0) toast.success(t('capture.queue.synced', { count: saved }));
        })
        .catch(() => undefined);
    };
    const runWhenVisible = () => {
      if (document.visibilityState === 'visible') run();
    };
    run();
    window.addEventListener('online', run);
    window.addEventListener('focus', run);
    document.addEventListener('visibilitychange', runWhenVisible);
    return () => {
      window.removeEventListener('online', run);
      window.removeEventListener('focus', run);
      document.removeEventListener('visibilitychange', runWhenVisible);
    };
  }, [sync, t, userId]);
  return null;
}
