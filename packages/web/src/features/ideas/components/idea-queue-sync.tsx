import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useSyncQueuedIdeas } from '../offline/queued-ideas';
import { ideaQueuedEvent } from '../offline/idea-queue';

/** An idea kept while the browser said it was online (its answer was lost): sent again after this long. */
const retryAfterMs = 3000;

/**
 * Sends the ideas waiting on this device (offline/idea-queue.ts) whenever there is a chance: when a
 * signed-in screen opens, when the connection returns, when the app comes back into view, and a few
 * seconds after an idea was kept although the browser said it was online (a dropped answer). The
 * service worker's Background Sync does the same while no page is open (src/sw.ts).
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
    let retry: number | undefined;
    const runSoon = () => {
      window.clearTimeout(retry);
      retry = window.setTimeout(run, retryAfterMs);
    };
    run();
    window.addEventListener(ideaQueuedEvent, runSoon);
    window.addEventListener('online', run);
    window.addEventListener('focus', run);
    document.addEventListener('visibilitychange', runWhenVisible);
    return () => {
      window.clearTimeout(retry);
      window.removeEventListener(ideaQueuedEvent, runSoon);
      window.removeEventListener('online', run);
      window.removeEventListener('focus', run);
      document.removeEventListener('visibilitychange', runWhenVisible);
    };
  }, [sync, t, userId]);
  return null;
}
