import { z } from 'zod';

/** How long a "Connect Telegram" code stays valid. */
export const telegramLinkCodeMinutes = 10;

/** The code's letters: no 0/O or 1/I, so it can be read off a screen and typed. */
export const telegramLinkCodeAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const telegramLinkCodeLength = 8;

/**
 * The code as the user may type or paste it (spaces, a dash, lower case), in its stored form; null
 * when it cannot be a code.
 */
export function normaliseTelegramLinkCode(value: string): string | null {
  const compact = value.replace(/[\s-]/g, '').toUpperCase();
  if (compact.length !== telegramLinkCodeLength) return null;
  return [...compact].every((letter) => telegramLinkCodeAlphabet.includes(letter)) ? compact : null;
}

/** The kinds of Telegram chat a user can connect (Telegram's own names for them). */
export const telegramChatTypes = ['channel', 'group', 'supergroup'] as const;

/** A channel or group the user connected, by our id (never Telegram's chat id). */
export const telegramChatSchema = z.object({
  id: z.string(),
  title: z.string(),
  username: z.string().nullable(),
  type: z.enum(telegramChatTypes),
  createdAt: z.string(),
});
export type TelegramChat = z.infer<typeof telegramChatSchema>;

export const telegramLinkSchema = z.object({
  username: z.string().nullable(),
  firstName: z.string().nullable(),
  linkedAt: z.string(),
});
export type TelegramLink = z.infer<typeof telegramLinkSchema>;

/** GET /api/telegram: whether the server has a bot, the user's linked chat and connected chats. */
export const telegramStatusSchema = z.object({
  isConfigured: z.boolean(),
  /** The bot's @username (without @), when the server could reach Telegram to ask. */
  botUsername: z.string().nullable(),
  link: telegramLinkSchema.nullable(),
  chats: z.array(telegramChatSchema),
});
export type TelegramStatus = z.infer<typeof telegramStatusSchema>;

/** POST /api/telegram/link-code: a one-time code, and the deep link that sends it to the bot. */
export const telegramLinkCodeSchema = z.object({
  code: z.string(),
  deepLink: z.string().nullable(),
  expiresAt: z.string(),
});
export type TelegramLinkCode = z.infer<typeof telegramLinkCodeSchema>;

export const telegramChatParamsSchema = z.object({ chatId: z.uuid('validation.invalidInput') });
