import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ideaKeys } from '@/api/ideas';
import { deleteQueuedIdea, editQueuedIdea, findQueuedIdeas, retryQueuedIdea, syncQueuedIdeas } from './idea-queue';

/** The ideas waiting on this device for the server (offline/idea-queue.ts), read from IndexedDB. */
export const queuedIdeasQueryKey = ['queued-ideas'] as const;
export const queuedIdeasQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: [...queuedIdeasQueryKey, userId],
    queryFn: () => findQueuedIdeas(userId),
    // Read from the device, not the network.
    networkMode: 'always',
    staleTime: Infinity,
  });
export const useQueuedIdeas = (userId: string | undefined) =>
  useQuery({ ...queuedIdeasQueryOptions(userId ?? ''), enabled: userId !== undefined });

function useQueueMutation<T>(run: (value: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: queuedIdeasQueryKey }),
  });
}

export const useEditQueuedIdea = () =>
  useQueueMutation(({ key, content }: { key: string; content: string }) => editQueuedIdea(key, content));
export const useDeleteQueuedIdea = () => useQueueMutation(deleteQueuedIdea);
export const useRetryQueuedIdea = () => useQueueMutation(retryQueuedIdea);

/** Sends the queue, then shows what changed: the ideas list and the queue are read again. */
export function useSyncQueuedIdeas() {
  const queryClient = useQueryClient();
  return useCallback(
    async (userId: string) => {
      const result = await syncQueuedIdeas(userId);
      await queryClient.invalidateQueries({ queryKey: queuedIdeasQueryKey });
      if (result.saved > 0) await queryClient.invalidateQueries({ queryKey: ideaKeys.all });
      return result;
    },
    [queryClient],
  );
}
