import type { PublishTelegramRequest, PublishTelegramResult } from '@life-updates/contract/telegram';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * POST /api/telegram/publish: sends the text to one of the user's connected channels (by its id
 * here, never a Telegram chat id); on success the ideas are sent and the post's link comes back.
 */
export const publishToTelegram = (request: PublishTelegramRequest) =>
  api<PublishTelegramResult>('/api/telegram/publish', { method: 'POST', body: request });

export function usePublishToTelegram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishToTelegram,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['events'] });
      void queryClient.invalidateQueries({ queryKey: ['shares'] });
    },
  });
}
