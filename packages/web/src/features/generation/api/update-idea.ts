import type { Idea, UpdateIdea } from '@life-updates/contract/ideas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ideasQueryKey } from './get-ideas';

/** PATCH /api/ideas/:id (the Generate screen's Edit). */
export const updateIdea = ({ id, update }: { id: string; update: UpdateIdea }) =>
  api<Idea>(`/api/ideas/${encodeURIComponent(id)}`, { method: 'PATCH', body: update });

export function useUpdateIdea() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateIdea,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ideasQueryKey }),
  });
}
