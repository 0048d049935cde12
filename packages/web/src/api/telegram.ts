import type { TelegramLinkCode, TelegramStatus } from '@life-updates/contract/telegram';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/query-client';

export const telegramKeys = { all: ['telegram'] as const };

/**
 * Whether the server has a bot, the linked chat and the connected chats (Settings → Telegram,
 * and the chats the share dialog offers, asked for once it is `enabled`). While a code is
 * shown, it is asked every few seconds so the page sees the bot link the chat.
 */
export const useTelegramStatus = ({ isWaitingForLink = false, enabled = true } = {}) =>
  useQuery({
    queryKey: telegramKeys.all,
    queryFn: () => api<TelegramStatus>('/api/telegram'),
    refetchInterval: isWaitingForLink ? 2000 : false,
    enabled,
  });

/** A one-time code (ten minutes) and the deep link that sends it to the bot. */
export const useCreateTelegramLinkCode = () =>
  useMutation({ mutationFn: () => api<TelegramLinkCode>('/api/telegram/link-code', { method: 'POST' }) });

/** The bot stops taking this account's messages. */
export const useUnlinkTelegram = () =>
  useRefreshingMutation([telegramKeys.all], () => api<void>('/api/telegram/link', { method: 'DELETE' }));

/** Removes one of the user's connected chats (channels and groups). */
export const useRemoveTelegramChat = () =>
  useRefreshingMutation([telegramKeys.all], (chatId: string) =>
    api<void>(`/api/telegram/chats/${encodeURIComponent(chatId)}`, { method: 'DELETE' }),
  );
