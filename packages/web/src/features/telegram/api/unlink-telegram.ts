import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { telegramQueryKey } from './get-telegram-status';

/** DELETE /api/telegram/link: the bot stops taking this account's messages. */
export const unlinkTelegram = () => api<void>('/api/telegram/link', { method: 'DELETE' });

export function useUnlinkTelegram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlinkTelegram,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: telegramQueryKey }),
  });
}
