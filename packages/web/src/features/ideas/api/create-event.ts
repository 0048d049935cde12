import type { CreateEvent, Event } from '@life-updates/contract/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { eventsQueryKey } from './get-events';

/** Saves a new idea: its text and whether it came from voice transcription (spec §3). */
export const createEvent = (input: CreateEvent) => api<Event>('/api/events', { method: 'POST', body: input });

export function useCreateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEvent,
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventsQueryKey }),
  });
}
