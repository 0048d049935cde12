import {
  createIdeaSchema,
  maxAudioBytes,
  maxIdeaContentLength,
  normaliseAudioType,
} from '@life-updates/contract/ideas';
import { pickLocale, translate, type Locale } from '@life-updates/contract/i18n';
import { normaliseTelegramLinkCode } from '@life-updates/contract/telegram';
import type { FastifyBaseLogger } from 'fastify';
import type { Bot, Context } from 'grammy';
import type { Audio, Chat, ChatMember, Message, Update, UserFromGetMe, Voice } from 'grammy/types';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { MediaStorage } from '../../providers/media-storage/media-storage.ts';
import type { TranscriptionProvider } from '../../providers/transcription/transcription-provider.ts';
import { processPhoto, type ProcessedPhoto } from '../photos/photo-processing.ts';
import type { PublicAddress } from '../public-address/public-address.ts';
import { transcribeAudio } from '../transcription/transcription-service.ts';
import { telegramDownloadLimitBytes, type TelegramRuntime } from './telegram-runtime.ts';
import {
  connectChat,
  findHandledUpdate,
  getLinkByChat,
  getAlbum,
  getLinkByTelegramUser,
  isChatConnected,
  linkChatWithCode,
  moveChat,
  saveIdeaFromUpdate,
  saveTelegramPhoto,
  unlinkChat,
  type LinkRow,
} from './telegram-service.ts';

export type UpdateHandlerDependencies = {
  db: Database;
  /** Where the My Stories link in replies points (never a default `http://localhost:PORT`). */
  publicAddress: PublicAddress;
  runtime: TelegramRuntime;
  /** Read at each voice message: an admin may set speech to text up while the bot runs (Settings → Admin). */
  transcription: TranscriptionProvider | null;
  /** Where photos sent to the bot are stored. */
  media: MediaStorage;
  log: FastifyBaseLogger;
};

/** A picture to download: the file of a photo or of an image sent as a file. */
type Picture = { fileId: string; fileSize: number | undefined };

/**
 * The picture a message carries: of a photo, the largest of the sizes Telegram gives ("Message.photo:
 * available sizes of the photo", https://core.telegram.org/bots/api#message); an image sent as a file
 * (a Document whose mime_type, "as defined by the sender", is an image) too. The bytes decide in the end.
 */
function pictureOf(message: Message): Picture | null {
  const sizes = message.photo ?? [];
  if (sizes.length > 0) {
    const largest = sizes.reduce((best, size) => (size.width * size.height > best.width * best.height ? size : best));
    return { fileId: largest.file_id, fileSize: largest.file_size };
  }
  const document = message.document;
  if (document?.mime_type?.startsWith('image/')) return { fileId: document.file_id, fileSize: document.file_size };
  return null;
}

/** The language of the person writing (Telegram's `language_code`): Russian or English. */

/** A bot reply in the sender's language. */
const botText = (ctx: Context, key: string, values?: Record<string, string | number>) =>
  translate(`telegram.bot.${key}`, pickLocale(ctx.from?.language_code), values);

const administratorStatuses = new Set(['creator', 'administrator']);

/**
 * The bot that handles each update taken from the queue. Every failure it does not answer itself
 * (database, Telegram or transcription down) is thrown, so the queue tries the update again.
 */
export function createUpdateHandler(dependencies: UpdateHandlerDependencies, botInfo: UserFromGetMe): Bot {
  const { db, publicAddress, runtime, media, log } = dependencies;
  const bot = runtime.createBot(botInfo);
  // Read at each reply: the handler outlives an address stored later (the first account) or edited by an admin.
  const storiesUrl = async () => new URL('/stories', await publicAddress.forLinks()).toString();
  const { GrammyError } = runtime.grammy;

  /**
   * A member of a chat (getChatMember, https://core.telegram.org/bots/api#getchatmember), or null when
   * Telegram will not say (not a member, no access: a 4xx such as "Bad Request: chat not found").
   */
  async function chatMember(telegramChatId: number, userId: number): Promise<ChatMember | null> {
    try {
      return await bot.api.getChatMember(telegramChatId, userId);
    } catch (error) {
      if (error instanceof GrammyError && error.error_code >= 400 && error.error_code < 500) return null;
      throw error;
    }
  }

  const isAdministrator = (member: ChatMember | null) => member !== null && administratorStatuses.has(member.status);

  /**
   * What keeps the bot from writing in a group, as the key of the message naming it; null when it can. A member
   * writes unless restricted (ChatMemberRestricted.can_send_messages,
   * https://core.telegram.org/bots/api#chatmemberrestricted) or the group lets no member write
   * (ChatFullInfo.permissions.can_send_messages, https://core.telegram.org/bots/api#chatpermissions);
   * an administrator always writes in a group.
   */
  async function whyBotCannotWrite(telegramChatId: number): Promise<string | null> {
    const member = await chatMember(telegramChatId, botInfo.id);
    if (member === null || member.status === 'left' || member.status === 'kicked') return 'connectNotMember';
    if (member.status === 'restricted') return member.can_send_messages ? null : 'connectRestricted';
    if (member.status !== 'member') return null;
    try {
      const chat = await bot.api.getChat(telegramChatId);
      return chat.permissions?.can_send_messages === false ? 'connectMembersMuted' : null;
    } catch (error) {
      // Telegram will not say: the connection is made, and a refused post names the reason later.
      if (error instanceof GrammyError && error.error_code >= 400 && error.error_code < 500) return null;
      throw error;
    }
  }

  async function connect(ctx: Context, userId: string, chat: Chat.ChannelChat | Chat.GroupChat | Chat.SupergroupChat) {
    const added = await connectChat({
      db,
      userId,
      chat: {
        telegramChatId: chat.id,
        title: chat.title,
        username: 'username' in chat ? (chat.username ?? null) : null,
        type: chat.type,
      },
    });
    log.info({ chatType: chat.type, added }, 'Telegram chat connected for publishing');
    await ctx.reply(botText(ctx, 'connected', { title: chat.title }));
  }

  async function linkWithCode(ctx: Context, code: string) {
    const chat = ctx.chat!;
    const from = ctx.from!;
    const linked = await linkChatWithCode({
      db,
      code,
      chat: {
        telegramChatId: chat.id,
        telegramUserId: from.id,
        username: from.username ?? null,
        firstName: from.first_name,
        languageCode: from.language_code ?? null,
      },
    });
    await ctx.reply(botText(ctx, linked ? 'linked' : 'badCode'));
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
        botId: botInfo.id,
        updateId: ctx.update.update_id,
        input: parsed.data,
      }));
    } catch (error) {
      if (error instanceof AppError && error.code === 'OPEN_IDEAS_LIMIT') {
        await ctx.reply(botText(ctx, 'limitReached', { limit: error.values?.limit ?? '' }));
        return;
      }
      throw error;
    }
    await ctx.reply(botText(ctx, isAudioRecording ? 'savedVoice' : 'saved', { title, link: await storiesUrl() }), {
      link_preview_options: { is_disabled: true },
    });
  }

  const downloadTooLarge = (error: unknown) =>
    error instanceof GrammyError && error.error_code === 400 && /file is too big/i.test(error.description);

  async function transcribeRecording(ctx: Context, recording: Voice | Audio): Promise<string | null> {
    const { transcription } = dependencies;
    if (!transcription) {
      await ctx.reply(botText(ctx, 'noTranscription'));
      return null;
    }
    const mimeType = normaliseAudioType(recording.mime_type ?? 'audio/ogg');
    if (mimeType === null) {
      await ctx.reply(botText(ctx, 'unsupported'));
      return null;
    }
    // Telegram lets a bot download at most 20 MB (getFile): a longer recording is refused at once,
    // not tried again and again. Below that, the transcription provider's own limit applies.
    const size = recording.file_size;
    if (size !== undefined && size > telegramDownloadLimitBytes) {
      await ctx.reply(botText(ctx, 'voiceOverDownloadLimit'));
      return null;
    }
    if (size !== undefined && size > maxAudioBytes) {
      await ctx.reply(botText(ctx, 'voiceTooLarge'));
      return null;
    }
    let filePath: string | undefined;
    try {
      filePath = (await bot.api.getFile(recording.file_id)).file_path;
    } catch (error) {
      // A message without file_size finds out here: "Bad Request: file is too big".
      if (!downloadTooLarge(error)) throw error;
      await ctx.reply(botText(ctx, 'voiceOverDownloadLimit'));
      return null;
    }
    if (!filePath) throw new Error('Telegram getFile returned no file_path');
    const audio = await runtime.readFile(filePath, maxAudioBytes);
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

  /** The picture's bytes, or null when it is past what a bot may download (the sender is told). */
  async function downloadPicture(ctx: Context, picture: Picture): Promise<Uint8Array | null> {
    // Telegram lets a bot download at most 20 MB (getFile): a larger file is refused at once, with a
    // reply, and not tried again and again. A photo (not a file) is never that large: Telegram resizes it.
    if (picture.fileSize !== undefined && picture.fileSize > telegramDownloadLimitBytes) {
      await ctx.reply(botText(ctx, 'photoOverDownloadLimit'));
      return null;
    }
    let filePath: string | undefined;
    try {
      filePath = (await bot.api.getFile(picture.fileId)).file_path;
    } catch (error) {
      if (!downloadTooLarge(error)) throw error;
      await ctx.reply(botText(ctx, 'photoOverDownloadLimit'));
      return null;
    }
    if (!filePath) throw new Error('Telegram getFile returned no file_path');
    return runtime.readFile(filePath, telegramDownloadLimitBytes);
  }

  /** Tells the sender why a photo was not saved: a photo the server cannot read, or an idea at its photo limit. */
  const replyPhotoNotSaved = (ctx: Context, error: AppError, locale: Locale) =>
    ctx.reply(botText(ctx, 'photoNotSaved', { reason: translate(error.message, locale, error.values) }));

  const isRefusal = (error: unknown): error is AppError =>
    error instanceof AppError && error.status >= 400 && error.status < 500;

  /** The picture, ready to store; null when it was refused (the sender is told why). */
  async function readPicture(ctx: Context, picture: Picture, locale: Locale): Promise<ProcessedPhoto | null> {
    const bytes = await downloadPicture(ctx, picture);
    if (bytes === null) return null;
    try {
      return await processPhoto(Buffer.from(bytes), { refusedWhenFull: false });
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
  async function savePhoto(ctx: Context, link: LinkRow, message: Message, picture: Picture) {
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
        botId: botInfo.id,
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
      if (error instanceof AppError && error.code === 'OPEN_IDEAS_LIMIT') {
        await ctx.reply(botText(ctx, 'limitReached', { limit: error.values?.limit ?? '' }));
        return;
      }
      if (!isRefusal(error)) throw error;
      await replyPhotoNotSaved(ctx, error, locale);
      if (photo === null || !keepsCaption) return;
      // The album's idea is at its photo limit: it exists, so the caption joins it without the photo.
      saved = await save(null);
    }
    if (!saved.isNew) return;
    await ctx.reply(
      botText(ctx, album ? 'savedAlbum' : 'savedPhoto', { title: saved.title, link: await storiesUrl() }),
      {
        link_preview_options: { is_disabled: true },
      },
    );
  }

  /** The reply a message handled before got, to give it again; null when it got none (an album's later photos). */
  async function earlierReply(message: Message, updateId: number): Promise<string | null> {
    if (message.voice || message.audio) return 'savedVoice';
    if (!pictureOf(message)) return 'saved';
    if (!message.media_group_id) return 'savedPhoto';
    const album = await getAlbum({
      db,
      botId: botInfo.id,
      album: { telegramChatId: message.chat.id, mediaGroupId: message.media_group_id },
    });
    return album?.firstUpdateId === updateId ? 'savedAlbum' : null;
  }

  /**
   * A post forwarded from a channel where the bot is an administrator and the sender is too connects
   * that channel (when it is not yet). Otherwise the forward is an idea like any other message: a
   * post forwarded from someone else's channel is captured, not connected.
   */
  async function connectForwardedChannel(ctx: Context, link: LinkRow, channel: Chat.ChannelChat) {
    if (await isChatConnected({ db, userId: link.userId, telegramChatId: channel.id })) return false;
    const botMember = await chatMember(channel.id, botInfo.id);
    if (!isAdministrator(botMember)) return false;
    // Someone else's channel: only its administrators may publish there through the bot.
    if (!isAdministrator(await chatMember(channel.id, ctx.from!.id))) return false;
    // In a channel only administrators post, and only with this right
    // (ChatMemberAdministrator.can_post_messages, https://core.telegram.org/bots/api#chatmemberadministrator).
    if (botMember?.status === 'administrator' && botMember.can_post_messages !== true) {
      await ctx.reply(botText(ctx, 'connectCannotPost', { title: channel.title }));
      return true;
    }
    await connect(ctx, link.userId, channel);
    return true;
  }

  const privateChat = bot.chatType('private');

  privateChat.command('start', async (ctx) => {
    const code = normaliseTelegramLinkCode(ctx.match);
    if (code) return linkWithCode(ctx, code);
    const link = await getLinkByChat({ db, telegramChatId: ctx.chat.id });
    await ctx.reply(botText(ctx, link ? 'help' : 'notLinked'));
  });

  privateChat.command('unlink', async (ctx) => {
    const removed = await unlinkChat({ db, telegramChatId: ctx.chat.id });
    await ctx.reply(botText(ctx, removed ? 'unlinked' : 'notLinked'));
  });

  privateChat.command('connect', (ctx) => ctx.reply(botText(ctx, 'connectPrivate')));

  privateChat.on('message', async (ctx) => {
    const { message } = ctx;
    const link = await getLinkByChat({ db, telegramChatId: ctx.chat.id });
    if (!link) {
      // The code shown in Settings can be pasted here as it is.
      const code = message.text === undefined ? null : normaliseTelegramLinkCode(message.text);
      if (code) return linkWithCode(ctx, code);
      return ctx.reply(botText(ctx, 'notLinked'));
    }
    if (message.text?.startsWith('/')) return ctx.reply(botText(ctx, 'help'));
    const origin = message.forward_origin;
    if (origin?.type === 'channel' && (await connectForwardedChannel(ctx, link, origin.chat))) return;

    const handled = await findHandledUpdate({ db, botId: botInfo.id, updateId: ctx.update.update_id });
    if (handled) {
      // Saved on an earlier try whose reply did not get out: answer again, save nothing twice.
      const reply = handled.title === null ? null : await earlierReply(message, ctx.update.update_id);
      if (reply !== null) {
        await ctx.reply(botText(ctx, reply, { title: handled.title!, link: await storiesUrl() }), {
          link_preview_options: { is_disabled: true },
        });
      }
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

  bot.chatType(['group', 'supergroup']).command('connect', async (ctx) => {
    const link = await getLinkByTelegramUser({ db, telegramUserId: ctx.from.id });
    if (!link) return ctx.reply(botText(ctx, 'connectNotLinked'));
    const missingRight = await whyBotCannotWrite(ctx.chat.id);
    if (missingRight) {
      // Not in the group, where the bot cannot write: in the sender's own chat with it.
      await bot.api.sendMessage(link.telegramChatId, botText(ctx, missingRight, { title: ctx.chat.title }));
      return;
    }
    if (!isAdministrator(await chatMember(ctx.chat.id, ctx.from.id))) {
      return ctx.reply(botText(ctx, 'connectUserNotAdmin'));
    }
    await connect(ctx, link.userId, ctx.chat);
  });

  // A group that becomes a supergroup gets a new id; Telegram says so with a service message in each
  // (Message.migrate_to_chat_id in the old, migrate_from_chat_id in the new,
  // https://core.telegram.org/bots/api#message), which every bot receives whatever its privacy mode
  // (https://core.telegram.org/bots/faq#what-messages-will-my-bot-get).
  bot.on('message:migrate_to_chat_id', async (ctx) => {
    await moveChat({ db, fromTelegramChatId: ctx.chat.id, toTelegramChatId: ctx.message.migrate_to_chat_id });
    log.info('Telegram group became a supergroup; its connections follow the new id');
  });
  bot.on('message:migrate_from_chat_id', async (ctx) => {
    await moveChat({ db, fromTelegramChatId: ctx.message.migrate_from_chat_id, toTelegramChatId: ctx.chat.id });
  });

  // A channel post has no sender to tie it to an account: the channel is connected by forwarding.
  bot.chatType('channel').command('connect', (ctx) => ctx.reply(botText(ctx, 'connectInChannel')));

  return bot;
}

/** The chat and language of an update, to tell its sender that it could not be handled. */
export function updateSender(update: Update): { telegramChatId: number; locale: Locale } | null {
  const message = update.message;
  if (!message || message.chat.type !== 'private') return null;
  return { telegramChatId: message.chat.id, locale: pickLocale(message.from.language_code) };
}
