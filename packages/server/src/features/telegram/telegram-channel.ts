import { and, eq, inArray } from 'drizzle-orm';
import { telegramChats } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { MediaStorage } from '../../providers/media-storage/media-storage.ts';
import { findSharePhotos, type OutgoingPhoto } from '../photos/photos-service.ts';
import type { Channel, DeliveryFailure } from '../shares/delivery/channel.ts';
import { escapeTelegramHtml, splitForTelegram, telegramMessageLink } from './telegram-html.ts';
import type { TelegramRuntime } from './telegram-runtime.ts';
import { chatNotFound, moveChat, notConfigured } from './telegram-service.ts';

/*
 * Telegram as a channel of the share pipeline: one delivery per connected chat (a channel or group
 * where the bot posts), the share's one text split into messages of Telegram's length, with the
 * share's photos.
 */

/**
 * "Photo caption ... 0-1024 characters after entities parsing" (https://core.telegram.org/bots/api#sendphoto,
 * #inputmediaphoto); past it Telegram answers "Bad Request: message caption is too long". Our text is
 * escaped plain text, so after parsing it is as long as it was before escaping; counted here in UTF-16
 * units, never fewer than the characters Telegram counts (an emoji is two here, one or two there).
 */
const telegramCaptionLimit = 1024;
/** "A JSON-serialized array describing messages to be sent, must include 2-10 items" (#sendmediagroup). */
const mediaGroupLimit = 10;

/** One call of a post: a text message, or photos (one by sendPhoto, 2–10 by sendMediaGroup). */
type Step = { text: string } | { photos: OutgoingPhoto[]; caption: string | null };

/**
 * The calls that make a post. With photos, the text is the caption of the first photo when it fits
 * Telegram's caption limit; otherwise it goes first as its own message(s), which the delivery's link
 * points to, and the photos follow without a caption. More than ten photos go as several albums.
 */
function planTelegramPost(text: string, photos: readonly OutgoingPhoto[]): Step[] {
  const pieces = splitForTelegram(text);
  if (photos.length === 0) return pieces.map((piece) => ({ text: piece }));
  const trimmed = text.trim();
  const captioned = trimmed.length > 0 && trimmed.length <= telegramCaptionLimit;
  const groups: OutgoingPhoto[][] = [];
  for (let start = 0; start < photos.length; start += mediaGroupLimit) {
    groups.push(photos.slice(start, start + mediaGroupLimit));
  }
  const photoSteps = groups.map((group, index) => ({
    photos: group,
    caption: captioned && index === 0 ? trimmed : null,
  }));
  return captioned ? photoSteps : [...pieces.map((piece) => ({ text: piece })), ...photoSteps];
}

/** A photo of the share could not be read from storage: nothing was posted. */
class PhotoUnreadableError extends Error {
  constructor(readonly cause: unknown) {
    super('a photo of the share could not be read');
  }
}

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
  media,
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
      // drizzle's inArray of no ids is `false`: no chat, and the check below refuses.
      const rows = await db
        .select({ id: telegramChats.id, title: telegramChats.title })
        .from(telegramChats)
        .where(and(eq(telegramChats.userId, userId), inArray(telegramChats.id, targets.filter(isUuid))));
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
      const { GrammyError, InputFile } = telegram.grammy;
      const photos = delivery.shareId
        ? await findSharePhotos({ db, storage: media, userId: delivery.userId, shareId: delivery.shareId })
        : [];
      // Every photo is read before anything is posted: a missing file stops the post before it starts.
      const bytes = new Map<string, Buffer>();
      try {
        for (const photo of photos) bytes.set(photo.id, await photo.read());
      } catch (error) {
        throw new PhotoUnreadableError(error);
      }
      const steps = planTelegramPost(delivery.body, photos);
      const total = steps.reduce((sum, step) => sum + ('text' in step ? 1 : step.photos.length), 0);
      // One deadline per attempt: a post never hangs on a Telegram that does not answer.
      const signal = telegram.deadline();
      const messageIds: number[] = [];
      let telegramChatId = chat.telegramChatId;
      // Uploaded as files (multipart/form-data; in an album each is named by an attach:// reference,
      // https://core.telegram.org/bots/api#sending-files): grammY's InputFile does both.
      const upload = (photo: OutgoingPhoto, index: number) =>
        new InputFile(bytes.get(photo.id)!, `photo-${index + 1}.jpg`);
      const html = (caption: string | null) =>
        caption === null ? {} : { caption: escapeTelegramHtml(caption), parse_mode: 'HTML' as const };
      const post = async (step: Step): Promise<number[]> => {
        if ('text' in step) {
          const message = await telegram.interactiveApi.sendMessage(
            telegramChatId,
            escapeTelegramHtml(step.text),
            { parse_mode: 'HTML', link_preview_options: { is_disabled: true } },
            signal,
          );
          return [message.message_id];
        }
        if (step.photos.length === 1) {
          const message = await telegram.interactiveApi.sendPhoto(
            telegramChatId,
            upload(step.photos[0]!, 0),
            html(step.caption),
            signal,
          );
          return [message.message_id];
        }
        // The album's caption is the first item's: Telegram shows it under the album.
        const messages = await telegram.interactiveApi.sendMediaGroup(
          telegramChatId,
          step.photos.map((photo, index) => ({
            type: 'photo' as const,
            media: upload(photo, index),
            ...(index === 0 ? html(step.caption) : {}),
          })),
          {},
          signal,
        );
        return messages.map((message) => message.message_id);
      };
      for (const step of steps) {
        let ids: number[];
        try {
          ids = await post(step);
        } catch (error) {
          // A group that became a supergroup has a new id: Telegram names it in the refusal
          // (`parameters.migrate_to_chat_id`, https://core.telegram.org/bots/api#responseparameters).
          // The stored chat follows it, and the message is sent again, once.
          const movedTo = error instanceof GrammyError ? error.parameters.migrate_to_chat_id : undefined;
          if (movedTo === undefined || telegramChatId !== chat.telegramChatId) {
            throw messageIds.length === 0 ? error : new PartlySentError(messageIds.length, total, error);
          }
          await moveChat({ db, fromTelegramChatId: chat.telegramChatId, toTelegramChatId: movedTo });
          telegramChatId = movedTo;
          ids = await post(step);
        }
        messageIds.push(...ids);
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
      // Our own storage failed before anything went out: trying again may help.
      if (error instanceof PhotoUnreadableError) return { key: 'telegram.errors.photoUnreadable', isPermanent: false };
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
