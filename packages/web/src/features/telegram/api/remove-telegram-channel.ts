import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { telegramQueryKey } from './get-telegram-status';

/** DELETE /api/telegram/channels/:id: one of the user's connected channels. */
export const removeTelegramChannel = (channelId: string) =>
  api<void>(`/api/telegram/channels/${encodeURIComponent(channelId)}`, { method: 'DELETE' });

export function useRemoveTelegramChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeTelegramChannel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: telegramQueryKey }),
  });
}
