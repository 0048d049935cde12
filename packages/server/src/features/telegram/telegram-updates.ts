import { pickLocale, type Locale } from '@life-updates/contract/i18n';
import type { Bot } from 'grammy';
import type { Update, UserFromGetMe } from 'grammy/types';
import type { UpdateHandlerDependencies } from './telegram-bot-context.ts';
import { capturingIdeas } from './telegram-capture.ts';
import { linkingChats } from './telegram-linking.ts';

/**
 * The bot that handles each update taken from the queue, in two parts: linking chats (accounts,
 * channels, groups) first, then capturing what a linked chat sends as ideas. Every failure they do
 * not answer themselves (database, Telegram or transcription down) is thrown, so the queue tries the
 * update again.
 */
export function createUpdateHandler(dependencies: UpdateHandlerDependencies, botInfo: UserFromGetMe): Bot {
  const bot = dependencies.runtime.createBot(botInfo);
  bot.use(linkingChats(dependencies));
  bot.use(capturingIdeas(dependencies));
  return bot;
}

/** The chat and language of an update, to tell its sender that it could not be handled. */
export function updateSender(update: Update): { telegramChatId: number; locale: Locale } | null {
  const message = update.message;
  if (!message || message.chat.type !== 'private') return null;
  return { telegramChatId: message.chat.id, locale: pickLocale(message.from.language_code) };
}
