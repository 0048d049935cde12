import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { eventsQueryKey } from './get-events';

export const deleteEvent = (id: string) => api<void>(`/api/ideas/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEvent,
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventsQueryKey }),
  });
}
