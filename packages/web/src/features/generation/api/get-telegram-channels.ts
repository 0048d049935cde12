import type { TelegramStatus } from '@life-updates/contract/telegram';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/telegram (the cache entry Settings → Telegram uses): the channels "Post to Telegram" offers. */
export const telegramChannelsQueryOptions = () =>
  queryOptions({
    queryKey: ['telegram'] as const,
    queryFn: () => api<TelegramStatus>('/api/telegram'),
  });

export const useTelegramChannels = (enabled: boolean) => useQuery({ ...telegramChannelsQueryOptions(), enabled });
