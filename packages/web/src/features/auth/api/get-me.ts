import type { Me } from '@life-updates/contract/auth';
import { queryOptions, useQuery, type FetchQueryOptions, type QueryKey } from '@tanstack/react-query';
import { api, ApiRequestError } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';

/*
 * Whether this browser had a session last time it looked. It only picks which question to ask
 * first; the server decides every request on the session cookie as always.
 */
const sessionHintKey = 'life-updates.signed-in';

function hasSessionHint() {
  try {
    return localStorage.getItem(sessionHintKey) === '1';
  } catch {
    return false;
  }
}

export function setSessionHint(signedIn: boolean) {
  try {
    if (signedIn) localStorage.setItem(sessionHintKey, '1');
    else localStorage.removeItem(sessionHintKey);
  } catch {
    // storage unavailable (private mode): every visit asks get-session first
  }
}

/** How long the profile may take before the protected area stops waiting and offers a retry. */
export const profileTimeoutMs = 10_000;

/** /api/me did not answer in time ("Timeout fetching profile"). */
export class ProfileTimeoutError extends Error {
  override name = 'ProfileTimeoutError';
}

/**
 * The signed-in user's profile, or null when signed out. The app's session state.
 * A visitor without a session is recognised through better-auth's get-session, which answers
 * 200 with null, so public pages make no failing request (a 401 is logged in the browser console);
 * /api/me is asked only when there is a session, or was one last time, or when a signed-in screen
 * is opened (`sessionExpected`: one round trip less before that screen paints).
 */
export async function getMe({
  sessionExpected = false,
  signal,
}: { sessionExpected?: boolean; signal?: AbortSignal | undefined } = {}): Promise<Me | null> {
  const timeout = AbortSignal.timeout(profileTimeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  try {
    if (!sessionExpected && !hasSessionHint()) {
      const session = await api<{ session: unknown } | null>('/api/auth/get-session', { signal: combined });
      if (!session) return null;
    }
    const me = await api<Me>('/api/me', { signal: combined });
    setSessionHint(true);
    return me;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) {
      setSessionHint(false);
      return null;
    }
    if (timeout.aborted && !signal?.aborted) throw new ProfileTimeoutError('Timeout fetching profile');
    throw error;
  }
}

export const meQueryKey = ['me'] as const;
export const meQueryOptions = () =>
  queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => getMe({ signal }),
    staleTime: 60_000,
    // A timed-out profile is not asked again on its own (nor when a screen mounts, which would
    // mean ten more seconds of "Loading..."): the protected area offers a retry.
    retryOnMount: false,
    retry: (failureCount, error) =>
      !(error instanceof ProfileTimeoutError) &&
      !(error instanceof ApiRequestError && error.status < 500) &&
      failureCount < 2,
  });
export const useMe = () => useQuery(meQueryOptions());

/** One of a screen's queries for `prefetchWhenSignedIn`, typed by its own data and key. */
export function prefetchOf<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  options: FetchQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
): () => Promise<void> {
  // prefetchQuery never rejects: a failed request shows as the query's own error.
  return () => queryClient.prefetchQuery(options);
}

/**
 * For a route loader (app/router.tsx): starts a screen's requests as soon as the visitor is known
 * to be signed in (once /api/me has answered), while the screen's code is still loading, instead of
 * after its first render. Never waits for them and never fails: the screen shows its own loading and
 * error states.
 */
export function prefetchWhenSignedIn(...prefetches: (() => Promise<void>)[]) {
  void queryClient
    .ensureQueryData(meQueryOptions())
    .then((me) => {
      if (!me) return;
      for (const prefetch of prefetches) void prefetch();
    })
    .catch(() => undefined);
}
