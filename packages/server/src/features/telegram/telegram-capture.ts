import {
  createIdeaSchema,
  maxAudioBytes,
  maxIdeaContentLength,
  normaliseAudioType,
} from '@life-updates/contract/ideas';
import { pickLocale, translate, type Locale } from '@life-updates/contract/i18n';
import type { Composer, Context } from 'grammy';
import type { Audio, Message, Voice } from 'grammy/types';
import { AppError } from '../../lib/app-error.ts';
import { processPhoto, type ProcessedPhoto } from '../photos/photo-processing.ts';
import { transcribeAudio } from '../transcription/transcription-service.ts';
import { botText, type LinkedContext, type UpdateHandlerDependencies } from './telegram-bot-context.ts';
import { telegramDownloadLimitBytes } from './telegram-runtime.ts';
import {
  findHandledUpdate,
  getAlbum,
  saveIdeaFromUpdate,
  saveTelegramPhoto,
  type LinkRow,
} from './telegram-service.ts';

/** A file to download: a voice note, an audio file, a photo or an image sent as a file. */
type TelegramFile = { fileId: string; fileSize: number | undefined };

/**
 * The picture a message carries: of a photo, the largest of the sizes Telegram gives ("Message.photo:
 * available sizes of the photo", https://core.telegram.org/bots/api#message); an image sent as a file
 * (a Document whose mime_type, "as defined by the sender", is an image) too. The bytes decide in the end.
 */
function pictureOf(message: Message): TelegramFile | null {
  const sizes = message.photo ?? [];
  if (sizes.length > 0) {
    const largest = sizes.reduce((best, size) => (size.width * size.height > best.width * best.height ? size : best));
    return { fileId: largest.file_id, fileSize: largest.file_size };
  }
  const document = message.document;
  if (document?.mime_type?.startsWith('image/')) return { fileId: document.file_id, fileSize: document.file_size };
  return null;
}

const isRefusal = (error: unknown): error is AppError =>
  error instanceof AppError && error.status >= 400 && error.status < 500;

const isOpenIdeasLimit = (error: unknown): error is AppError =>
  error instanceof AppError && error.code === 'OPEN_IDEAS_LIMIT';

/**
 * The bot's capture side: what a linked private chat sends (text, a forward, a voice note or audio
 * file, a photo or an album) becomes a Raw idea of the linked account, and the reply links to My
 * Stories. Every failure it does not answer itself (database, Telegram or transcription down) is
 * thrown, so the queue tries the update again.
 */
export function capturingIdeas(dependencies: UpdateHandlerDependencies): Composer<LinkedContext> {
  const { db, publicAddress, runtime, media, log } = dependencies;
  const { GrammyError } = runtime.grammy;
  const composer = new runtime.grammy.Composer<LinkedContext>();

  /**
   * A saved-idea reply, with the My Stories link: the web app's /dashboard (its old /stories only
   * redirects there). The address is read at each reply: an admin may change it.
   */
  async function replySaved(ctx: Context, key: string, title: string) {
    const link = new URL('/dashboard', await publicAddress.forLinks()).toString();
    await ctx.reply(botText(ctx, key, { title, link }), { link_preview_options: { is_disabled: true } });
  }

  const replyLimitReached = (ctx: Context, error: AppError) =>
    ctx.reply(botText(ctx, 'limitReached', { limit: error.values?.limit ?? '' }));

  /**
   * A file's bytes, or null when it is past what a bot may download: Telegram lets a bot download at
   * most 20 MB (getFile, https://core.telegram.org/bots/api#getfile), so a larger file gets
   * `tooLargeReply` at once and is not tried again and again. A file whose size the message does not
   * give finds out at getFile: "Bad Request: file is too big".
   */
  async function download(
    ctx: Context,
    file: TelegramFile,
    { tooLargeReply, maxBytes }: { tooLargeReply: string; maxBytes: number },
  ): Promise<Uint8Array | null> {
    if (file.fileSize !== undefined && file.fileSize > telegramDownloadLimitBytes) {
      await ctx.reply(botText(ctx, tooLargeReply));
      return null;
    }
    let filePath: string | undefined;
    try {
      filePath = (await ctx.api.getFile(file.fileId)).file_path;
    } catch (error) {
      const isTooBig =
        error instanceof GrammyError && error.error_code === 400 && /file is too big/i.test(error.description);
      if (!isTooBig) throw error;
      await ctx.reply(botText(ctx, tooLargeReply));
      return null;
    }
    if (!filePath) throw new Error('Telegram getFile returned no file_path');
    return runtime.readFile(filePath, maxBytes);
  }

  async function saveIdea(ctx: Context, link: LinkRow, text: string, isAudioRecording: boolean) {
    const parsed = createIdeaSchema.safeParse({ content: text, isAudioRecording });
    if (!parsed.success) {
      const tooLong = text.trim().length > maxIdeaContentLength;
      await ctx.reply(
        tooLong
          ? botText(ctx, 'tooLong', { limit: maxIdeaContentLength, length: text.trim().length })
          : botText(ctx, 'unsupported'),
      );
      return;
    }
    let title: string;
    try {
      ({ title } = await saveIdeaFromUpdate({
        db,
        userId: link.userId,
        botId: ctx.me.id,
        updateId: ctx.update.update_id,
        input: parsed.data,
      }));
    } catch (error) {
      if (!isOpenIdeasLimit(error)) throw error;
      await replyLimitReached(ctx, error);
      return;
    }
    await replySaved(ctx, isAudioRecording ? 'savedVoice' : 'saved', title);
  }

  async function transcribeRecording(ctx: Context, recording: Voice | Audio): Promise<string | null> {
    const transcription = await dependencies.transcription();
    if (!transcription) {
      await ctx.reply(botText(ctx, 'noTranscription'));
      return null;
    }
    const mimeType = normaliseAudioType(recording.mime_type ?? 'audio/ogg');
    if (mimeType === null) {
      await ctx.reply(botText(ctx, 'unsupported'));
      return null;
    }
    // Past what a bot may download, the sender is told at once; below it, the transcription provider's own limit applies.
    if (
      recording.file_size !== undefined &&
      recording.file_size <= telegramDownloadLimitBytes &&
      recording.file_size > maxAudioBytes
    ) {
      await ctx.reply(botText(ctx, 'voiceTooLarge'));
      return null;
    }
    const audio = await download(
      ctx,
      { fileId: recording.file_id, fileSize: recording.file_size },
      { tooLargeReply: 'voiceOverDownloadLimit', maxBytes: maxAudioBytes },
    );
    if (audio === null) return null;
    try {
      return await transcribeAudio({ provider: transcription, audio, mimeType, log });
    } catch (error) {
      if (error instanceof AppError && error.code === 'NO_SPEECH') {
        await ctx.reply(botText(ctx, 'noSpeech'));
        return null;
      }
      // The provider failed: the update is tried again, and the user told if it never works.
      throw error;
    }
  }

  /** Tells the sender why a photo was not saved: a photo the server cannot read, or an idea at its photo limit. */
  const replyPhotoNotSaved = (ctx: Context, error: AppError, locale: Locale) =>
    ctx.reply(botText(ctx, 'photoNotSaved', { reason: translate(error.message, locale, error.values) }));

  /** The picture, ready to store; null when it was refused (the sender is told why). */
  async function readPicture(ctx: Context, picture: TelegramFile, locale: Locale): Promise<ProcessedPhoto | null> {
    // A photo (not a file) is never past the download limit: Telegram resizes it.
    const bytes = await download(ctx, picture, {
      tooLargeReply: 'photoOverDownloadLimit',
      maxBytes: telegramDownloadLimitBytes,
    });
    if (bytes === null) return null;
    try {
      return await processPhoto(Buffer.from(bytes), { uploadedBy: null });
    } catch (error) {
      if (!isRefusal(error)) throw error;
      await replyPhotoNotSaved(ctx, error, locale);
      return null;
    }
  }

  /**
   * A photo, or one photo of an album, with its caption. An album arrives as one update per photo,
   * sharing a media_group_id (https://core.telegram.org/bots/api#message), the caption usually on one
   * of them: its first update makes the idea (and gets the reply), the others join it. A photo the
   * server cannot read is refused with the reason; the album's other photos still go in, and so does
   * its caption when it rode on the refused photo (the caption is the message's, not the photo's).
   */
  async function savePhoto(ctx: Context, link: LinkRow, message: Message, picture: TelegramFile) {
    const locale = pickLocale(ctx.from?.language_code);
    const album = message.media_group_id
      ? { telegramChatId: message.chat.id, mediaGroupId: message.media_group_id }
      : null;
    // A caption of only spaces is no caption. One longer than an idea cannot be: Telegram's own limit
    // on captions (1,024 characters, more with Premium) is far below it.
    const parsedCaption = createIdeaSchema.safeParse({ content: message.caption ?? '' });
    const caption = parsedCaption.success ? parsedCaption.data : null;
    // An idea must have text (ideaContentSchema). A photo sent without a caption is still what the
    // person meant to keep: it is saved under a plain name in their language, which they see in My
    // Stories next to the photo and can change; refusing it would lose the photo.
    const placeholder = createIdeaSchema.parse({
      content: translate(`telegram.bot.${album ? 'albumIdea' : 'photoIdea'}`, locale),
    });
    const keepsCaption = album !== null && caption !== null;
    const save = (photo: ProcessedPhoto | null) =>
      saveTelegramPhoto({
        db,
        storage: media,
        userId: link.userId,
        botId: ctx.me.id,
        updateId: ctx.update.update_id,
        messageId: message.message_id,
        album,
        caption,
        placeholder,
        photo,
      });
    const photo = await readPicture(ctx, picture, locale);
    if (photo === null && !keepsCaption) return;
    let saved;
    try {
      saved = await save(photo);
    } catch (error) {
      if (isOpenIdeasLimit(error)) {
        await replyLimitReached(ctx, error);
        return;
      }
      if (!isRefusal(error)) throw error;
      await replyPhotoNotSaved(ctx, error, locale);
      if (photo === null || !keepsCaption) return;
      // The album's idea is at its photo limit: it exists, so the caption joins it without the photo.
      saved = await save(null);
    }
    if (saved.isNew) await replySaved(ctx, album ? 'savedAlbum' : 'savedPhoto', saved.title);
  }

  /** The reply a message handled before got, to give it again; null when it got none (an album's later photos). */
  async function earlierReply(ctx: Context, message: Message): Promise<string | null> {
    if (message.voice || message.audio) return 'savedVoice';
    if (!pictureOf(message)) return 'saved';
    if (!message.media_group_id) return 'savedPhoto';
    const album = await getAlbum({
      db,
      botId: ctx.me.id,
      album: { telegramChatId: message.chat.id, mediaGroupId: message.media_group_id },
    });
    return album?.firstUpdateId === ctx.update.update_id ? 'savedAlbum' : null;
  }

  composer.chatType('private').on('message', async (ctx) => {
    // The linking side answered every message without a link (./telegram-linking.ts).
    const { message, link } = ctx;
    if (!link) return;
    const handled = await findHandledUpdate({ db, botId: ctx.me.id, updateId: ctx.update.update_id });
    if (handled) {
      // Saved on an earlier try whose reply did not get out: answer again, save nothing twice.
      const reply = handled.title === null ? null : await earlierReply(ctx, message);
      if (reply !== null) await replySaved(ctx, reply, handled.title!);
      return;
    }

    // A voice note, or an audio file sent without a caption (with one, the caption is the idea).
    const recording = message.voice ?? (message.caption === undefined ? message.audio : undefined);
    if (recording) {
      const text = await transcribeRecording(ctx, recording);
      if (text !== null) await saveIdea(ctx, link, text, true);
      return;
    }
    const picture = pictureOf(message);
    if (picture) return savePhoto(ctx, link, message, picture);
    const text = message.text ?? message.caption;
    if (text === undefined) return ctx.reply(botText(ctx, 'unsupported'));
    await saveIdea(ctx, link, text, false);
  });

  return composer;
}
