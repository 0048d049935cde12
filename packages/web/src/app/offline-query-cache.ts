import { dehydrate, hydrate, type DehydratedState, type Query, type QueryClient } from '@tanstack/react-query';
import { ideaKeys } from '@/api/ideas';
import { meKeys } from '@/api/me';
import { transcriptionKeys } from '@/api/transcription';
import { usageKeys } from '@/api/usage';
import { readCache, removeCache, writeCache } from '@/lib/local-cache';

/**
 * The last-loaded profile, ideas, usage and transcription status, kept in the browser's stored data (local-cache.ts: dropped
 * after 24 hours and at sign-out) so that the app opened without a connection shows them, read-only,
 * instead of loading forever. Written with TanStack Query's own dehydrate/hydrate; the persister
 * packages are not used because no release of them matches this version of the query core.
 */
const cacheKey = 'offline-queries';
// `transcription`: whether Record Voice is offered (a recording made offline waits on the device).
const persistedRoots = new Set<unknown>([meKeys.all[0], ideaKeys.all[0], usageKeys.all[0], transcriptionKeys.all[0]]);
const isPersisted = (query: Query) => persistedRoots.has(query.queryKey[0]) && query.state.status === 'success';

/** Without a connection, the queries as last saved: they show at once, and refresh once back online. */
export function restoreQueriesWhenOffline(client: QueryClient) {
  if (navigator.onLine) return;
  const state = readCache<DehydratedState>(cacheKey);
  if (state) hydrate(client, state);
}

/** Saves the persisted queries shortly after each of them changes; a signed-out profile removes them. */
export function persistQueries(client: QueryClient) {
  let timer: number | undefined;
  const save = () => {
    try {
      if (client.getQueryData(meKeys.all) == null) {
        removeCache(cacheKey);
        return;
      }
      writeCache(cacheKey, dehydrate(client, { shouldDehydrateQuery: isPersisted }));
    } catch {
      // storage full or unavailable: the app still works online
    }
  };
  client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (!persistedRoots.has(event.query.queryKey[0])) return;
    window.clearTimeout(timer);
    timer = window.setTimeout(save, 300);
  });
}
