import type { Event, UpdateEvent } from '@life-updates/contract/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ideasQueryKey } from './get-ideas';

/** PATCH /api/events/:id (the Generate screen's Edit). */
export const updateIdea = ({ id, update }: { id: string; update: UpdateEvent }) =>
  api<Event>(`/api/events/${encodeURIComponent(id)}`, { method: 'PATCH', body: update });

export function useUpdateIdea() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateIdea,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ideasQueryKey }),
  });
}
