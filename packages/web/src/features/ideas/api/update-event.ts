import type { Idea } from '@life-updates/contract/ideas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { eventsQueryKey } from './get-events';

/** The Edit Event dialog: new content; the server re-derives the title. */
export const updateEvent = ({ id, content }: { id: string; content: string }) =>
  api<Idea>(`/api/ideas/${encodeURIComponent(id)}`, { method: 'PATCH', body: { content } });

export function useUpdateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEvent,
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventsQueryKey }),
  });
}
