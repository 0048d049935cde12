import { idempotencyKeyHeader } from '@life-updates/contract/idea-options';
import type { CreateIdea, Idea } from '@life-updates/contract/ideas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { eventsQueryKey } from './get-events';

/**
 * Saves a new idea: its text and whether it came from voice transcription. The key makes
 * sending it again safe: the server answers a key it has seen with the idea it stored then.
 */
export const createEvent = ({ input, idempotencyKey }: { input: CreateIdea; idempotencyKey: string }) =>
  api<Idea>('/api/ideas', { method: 'POST', body: input, headers: { [idempotencyKeyHeader]: idempotencyKey } });

export function useCreateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEvent,
    // Sent at once even when the browser says it is offline: a failed send goes to the device's
    // queue (offline/idea-queue.ts) instead of waiting, paused, in a page that may be closed.
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventsQueryKey }),
  });
}
