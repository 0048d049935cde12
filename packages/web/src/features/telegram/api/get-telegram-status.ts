import type { TelegramStatus } from '@life-updates/contract/telegram';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const telegramQueryKey = ['telegram'] as const;

/** GET /api/telegram: whether the server has a bot, the linked chat and the connected channels. */
export const telegramStatusQueryOptions = () =>
  queryOptions({ queryKey: telegramQueryKey, queryFn: () => api<TelegramStatus>('/api/telegram') });

/** While a code is shown, the status is asked every few seconds so the page sees the bot link the chat. */
export const useTelegramStatus = ({ isWaitingForLink = false }: { isWaitingForLink?: boolean } = {}) =>
  useQuery({ ...telegramStatusQueryOptions(), refetchInterval: isWaitingForLink ? 2000 : false });
