import { onlineManager, QueryClient, useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiRequestError } from './api-client';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: (failureCount, error) => {
        if (error instanceof ApiRequestError && error.status < 500) return false;
        return failureCount < 2;
      },
      refetchOnWindowFocus: true,
    },
  },
});

/**
 * A mutation after which the queries under each of `queryKeys` are asked again, whether it succeeded
 * or not (a refused or cut-off change may still mean the data moved on); it settles once they are.
 */
export function useRefreshingMutation<T, R>(queryKeys: readonly QueryKey[], mutationFn: (value: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => Promise.all(queryKeys.map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}

/** A mutation whose answer is the new value of the query at `queryKey` (saved settings, say). */
export function useReplacingMutation<T, R>(queryKey: QueryKey, mutationFn: (value: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: (saved) => client.setQueryData(queryKey, saved) });
}

// The query library counts itself online until the browser reports a change; a page opened without
// a connection starts with its requests paused instead of failing (they run once it is back).
onlineManager.setOnline(navigator.onLine);
