import type { TelegramLinkCode } from '@life-updates/contract/telegram';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/telegram/link-code: a one-time code (ten minutes) and the deep link that sends it to the bot. */
export const createLinkCode = () => api<TelegramLinkCode>('/api/telegram/link-code', { method: 'POST' });

export const useCreateLinkCode = () => useMutation({ mutationFn: createLinkCode });
