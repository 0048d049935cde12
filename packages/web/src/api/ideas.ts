import { idempotencyKeyHeader } from '@life-updates/contract/idea-options';
import type { CreateIdea, Idea, IdeaList, UpdateIdea } from '@life-updates/contract/ideas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/query-client';

/** Every cached idea query starts with `all`, so one invalidation refreshes them all. */
export const ideaKeys = {
  all: ['ideas'] as const,
  list: () => [...ideaKeys.all, 'list'] as const,
};

/** The user's ideas, newest first, with the open-ideas limit. */
export const ideaListQueryOptions = () =>
  queryOptions({ queryKey: ideaKeys.list(), queryFn: () => api<IdeaList>('/api/ideas') });
export const useIdeas = () => useQuery(ideaListQueryOptions());

/**
 * Saves a new idea: its text and whether it came from voice transcription. The key makes
 * sending it again safe: the server answers a key it has seen with the idea it stored then.
 */
export const createIdea = ({ input, idempotencyKey }: { input: CreateIdea; idempotencyKey: string }) =>
  api<Idea>('/api/ideas', { method: 'POST', body: input, headers: { [idempotencyKeyHeader]: idempotencyKey } });

export function useCreateIdea() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createIdea,
    // Sent at once even when the browser says it is offline: a failed send goes to the device's
    // queue (features/ideas/offline) instead of waiting, paused, in a page that may be closed.
    networkMode: 'always',
    onSettled: () => client.invalidateQueries({ queryKey: ideaKeys.all }),
  });
}

/** The idea editor (My Stories' Edit Event, the Generate screen's Edit); the server re-derives the title. */
const updateIdea = ({ id, update }: { id: string; update: UpdateIdea }) =>
  api<Idea>(`/api/ideas/${encodeURIComponent(id)}`, { method: 'PATCH', body: update });
export const useUpdateIdea = () => useRefreshingMutation([ideaKeys.all], updateIdea);

const deleteIdea = (id: string) => api<void>(`/api/ideas/${encodeURIComponent(id)}`, { method: 'DELETE' });
export const useDeleteIdea = () => useRefreshingMutation([ideaKeys.all], deleteIdea);
