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
import type { Chat, Update, UserFromGetMe, Voice } from 'grammy/types';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TranscriptionProvider } from '../../providers/transcription/transcription-provider.ts';
import type { PublicAddress } from '../public-address/public-address.ts';
import { transcribeAudio } from '../transcription/transcription-service.ts';
import type { TelegramRuntime } from './telegram-runtime.ts';
import {
  connectChannel,
  findHandledUpdate,
  getLinkByChat,
  getLinkByTelegramUser,
  isChannelConnected,
  linkChatWithCode,
  saveIdeaFromUpdate,
  unlinkChat,
  type LinkRow,
} from './telegram-service.ts';

export type UpdateHandlerDependencies = {
  db: Database;
  /** Where the My Stories link in replies points (never a default `http://localhost:PORT`). */
  publicAddress: PublicAddress;
  runtime: TelegramRuntime;
  transcription: TranscriptionProvider | null;
  log: FastifyBaseLogger;
};

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
  const { db, publicAddress, runtime, transcription, log } = dependencies;
  const bot = runtime.createBot(botInfo);
  // Read at each reply: the handler outlives an address stored later (the first account) or edited by an admin.
  const storiesUrl = async () => new URL('/stories', await publicAddress.forLinks()).toString();
  const { GrammyError } = runtime.grammy;

  /** A member's status in a chat, or null when Telegram will not say (not a member, no access). */
  async function memberStatus(chatId: number, userId: number): Promise<string | null> {
    try {
      return (await bot.api.getChatMember(chatId, userId)).status;
    } catch (error) {
      if (error instanceof GrammyError && error.error_code >= 400 && error.error_code < 500) return null;
      throw error;
    }
  }

  async function connect(ctx: Context, userId: string, chat: Chat.ChannelChat | Chat.GroupChat | Chat.SupergroupChat) {
    const added = await connectChannel({
      db,
      userId,
      chat: {
        chatId: chat.id,
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
        chatId: chat.id,
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

  async function transcribeVoice(ctx: Context, voice: Voice): Promise<string | null> {
    if (!transcription) {
      await ctx.reply(botText(ctx, 'noTranscription'));
      return null;
    }
    if (voice.file_size !== undefined && voice.file_size > maxAudioBytes) {
      await ctx.reply(botText(ctx, 'voiceTooLarge'));
      return null;
    }
    const file = await bot.api.getFile(voice.file_id);
    if (!file.file_path) throw new Error('Telegram getFile returned no file_path');
    // The URL holds the bot token: it is never logged.
    const response = await fetch(runtime.fileUrl(file.file_path), { signal: AbortSignal.timeout(60_000) });
    if (!response.ok) throw new Error(`voice download failed with HTTP ${response.status}`);
    const audio = new Uint8Array(await response.arrayBuffer());
    const mimeType = normaliseAudioType(voice.mime_type ?? 'audio/ogg') ?? 'audio/ogg';
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

  /**
   * A post forwarded from a channel where the bot is an administrator and the sender is too connects
   * that channel (when it is not yet). Otherwise the forward is an idea like any other message: a
   * post forwarded from someone else's channel is captured, not connected.
   */
  async function connectForwardedChannel(ctx: Context, link: LinkRow, channel: Chat.ChannelChat) {
    if (await isChannelConnected({ db, userId: link.userId, chatId: channel.id })) return false;
    const botStatus = await memberStatus(channel.id, botInfo.id);
    if (botStatus === null || !administratorStatuses.has(botStatus)) return false;
    // Someone else's channel: only its administrators may publish there through the bot.
    const senderStatus = await memberStatus(channel.id, ctx.from!.id);
    if (senderStatus === null || !administratorStatuses.has(senderStatus)) return false;
    await connect(ctx, link.userId, channel);
    return true;
  }

  const privateChat = bot.chatType('private');

  privateChat.command('start', async (ctx) => {
    const code = normaliseTelegramLinkCode(ctx.match);
    if (code) return linkWithCode(ctx, code);
    const link = await getLinkByChat({ db, chatId: ctx.chat.id });
    await ctx.reply(botText(ctx, link ? 'help' : 'notLinked'));
  });

  privateChat.command('unlink', async (ctx) => {
    const removed = await unlinkChat({ db, chatId: ctx.chat.id });
    await ctx.reply(botText(ctx, removed ? 'unlinked' : 'notLinked'));
  });

  privateChat.command('connect', (ctx) => ctx.reply(botText(ctx, 'connectPrivate')));

  privateChat.on('message', async (ctx) => {
    const { message } = ctx;
    const link = await getLinkByChat({ db, chatId: ctx.chat.id });
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
      if (handled.title !== null) {
        await ctx.reply(
          botText(ctx, message.voice ? 'savedVoice' : 'saved', { title: handled.title, link: await storiesUrl() }),
          { link_preview_options: { is_disabled: true } },
        );
      }
      return;
    }

    if (message.voice) {
      const text = await transcribeVoice(ctx, message.voice);
      if (text !== null) await saveIdea(ctx, link, text, true);
      return;
    }
    const text = message.text ?? message.caption;
    if (text === undefined) return ctx.reply(botText(ctx, message.photo ? 'photoNeedsCaption' : 'unsupported'));
    await saveIdea(ctx, link, text, false);
  });

  bot.chatType(['group', 'supergroup']).command('connect', async (ctx) => {
    const link = await getLinkByTelegramUser({ db, telegramUserId: ctx.from.id });
    if (!link) return ctx.reply(botText(ctx, 'connectNotLinked'));
    const botStatus = await memberStatus(ctx.chat.id, botInfo.id);
    if (botStatus === null || !administratorStatuses.has(botStatus)) return ctx.reply(botText(ctx, 'connectNotAdmin'));
    const senderStatus = await memberStatus(ctx.chat.id, ctx.from.id);
    if (senderStatus === null || !administratorStatuses.has(senderStatus)) {
      return ctx.reply(botText(ctx, 'connectUserNotAdmin'));
    }
    await connect(ctx, link.userId, ctx.chat);
  });

  // A channel post has no sender to tie it to an account: the channel is connected by forwarding.
  bot.chatType('channel').command('connect', (ctx) => ctx.reply(botText(ctx, 'connectInChannel')));

  return bot;
}

/** The chat and language of an update, to tell its sender that it could not be handled. */
export function updateSender(update: Update): { chatId: number; locale: Locale } | null {
  const message = update.message;
  if (!message || message.chat.type !== 'private') return null;
  return { chatId: message.chat.id, locale: pickLocale(message.from.language_code) };
}
