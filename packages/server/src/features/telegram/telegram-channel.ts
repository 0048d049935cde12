import { and, eq, inArray } from 'drizzle-orm';
import { telegramChats } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { MediaStorage } from '../../providers/media-storage/media-storage.ts';
import type { Channel, DeliveryFailure } from '../shares/delivery/channel.ts';
import { escapeTelegramHtml, splitForTelegram, telegramMessageLink } from './telegram-html.ts';
import type { TelegramRuntime } from './telegram-runtime.ts';
import { chatNotFound, moveChat } from './telegram-service.ts';

/*
 * Telegram as a channel of the share pipeline: one delivery per connected chat (a channel or group
 * where the bot posts), the share's one text split into messages of Telegram's length.
 */

const notConfigured = () =>
  new AppError({ status: 409, code: 'TELEGRAM_NOT_CONFIGURED', message: 'telegram.errors.notConfigured' });

/** A post that stopped part-way: some of its messages are in the chat. */
class PartlySentError extends Error {
  constructor(
    readonly sent: number,
    readonly total: number,
    readonly cause: unknown,
  ) {
    super(`Telegram post stopped after ${sent} of ${total} messages`);
  }
}

export function createTelegramChannel({
  telegram,
}: {
  telegram: TelegramRuntime | null;
  /** Where the share's photos are read from. */
  media: MediaStorage;
}): Channel {
  return {
    name: 'telegram',
    // A second attempt after an unanswered one would post the text twice.
    repeatsSafely: false,

    async prepare({ db, userId, everyoneText, targets }) {
      if (!telegram) throw notConfigured();
      const ids = targets.filter(isUuid);
      const rows =
        ids.length === 0
          ? []
          : await db
              .select({ id: telegramChats.id, title: telegramChats.title })
              .from(telegramChats)
              .where(and(eq(telegramChats.userId, userId), inArray(telegramChats.id, ids)));
      // Another user's chat, or one removed meanwhile, is refused before anything is written.
      if (rows.length !== new Set(targets).size) throw chatNotFound();
      return { rows: rows.map((chat) => ({ chatId: chat.id, recipientName: chat.title, body: everyoneText! })) };
    },

    async send(delivery, { db }) {
      if (!telegram) throw notConfigured();
      const [chat] = delivery.chatId
        ? await db.select().from(telegramChats).where(eq(telegramChats.id, delivery.chatId))
        : [];
      if (!chat) throw chatNotFound();
      const { GrammyError } = telegram.grammy;
      // One deadline per attempt: a post never hangs on a Telegram that does not answer.
      const signal = telegram.deadline();
      const pieces = splitForTelegram(delivery.body);
      const messageIds: number[] = [];
      let telegramChatId = chat.telegramChatId;
      const post = (piece: string) =>
        telegram.interactiveApi.sendMessage(
          telegramChatId,
          escapeTelegramHtml(piece),
          { parse_mode: 'HTML', link_preview_options: { is_disabled: true } },
          signal,
        );
      for (const piece of pieces) {
        let message;
        try {
          message = await post(piece);
        } catch (error) {
          // A group that became a supergroup has a new id: Telegram names it in the refusal
          // (`parameters.migrate_to_chat_id`, https://core.telegram.org/bots/api#responseparameters).
          // The stored chat follows it, and the message is sent again, once.
          const movedTo = error instanceof GrammyError ? error.parameters.migrate_to_chat_id : undefined;
          if (movedTo === undefined || telegramChatId !== chat.telegramChatId) {
            throw messageIds.length === 0 ? error : new PartlySentError(messageIds.length, pieces.length, error);
          }
          await moveChat({ db, fromTelegramChatId: chat.telegramChatId, toTelegramChatId: movedTo });
          telegramChatId = movedTo;
          message = await post(piece);
        }
        messageIds.push(message.message_id);
      }
      return {
        status: 'published',
        providerMessageId: messageIds.join(','),
        link: telegramMessageLink({ telegramChatId, username: chat.username, messageId: messageIds[0]! }),
      };
    },

    describeError(error): DeliveryFailure {
      if (error instanceof PartlySentError) {
        return {
          key: 'telegram.errors.unreachablePartly',
          values: { sent: error.sent, total: error.total },
          isPermanent: false,
          mayHaveArrived: true,
        };
      }
      if (error instanceof AppError) return { key: error.message, isPermanent: true };
      const refusal = telegram && error instanceof telegram.grammy.GrammyError ? error : null;
      if (refusal) {
        // Telegram answered: nothing was posted. Too many requests, or its own trouble, pass.
        const passes = refusal.error_code === 429 || refusal.error_code >= 500;
        return { key: 'telegram.errors.sendFailed', values: { reason: refusal.description }, isPermanent: !passes };
      }
      // No answer in time, or none at all: the post may or may not be in the chat.
      return { key: 'telegram.errors.unreachable', isPermanent: false, mayHaveArrived: true };
    },
  };
}
