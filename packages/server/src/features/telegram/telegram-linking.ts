import { normaliseTelegramLinkCode } from '@life-updates/contract/telegram';
import type { Composer, Context } from 'grammy';
import type { Chat, ChatMember } from 'grammy/types';
import { botText, type LinkedContext, type UpdateHandlerDependencies } from './telegram-bot-context.ts';
import {
  connectChat,
  getLinkByChat,
  getLinkByTelegramUser,
  isChatConnected,
  linkChatWithCode,
  moveChat,
  unlinkChat,
  type LinkRow,
} from './telegram-service.ts';

const administratorStatuses = new Set(['creator', 'administrator']);
const isAdministrator = (member: ChatMember | null) => member !== null && administratorStatuses.has(member.status);

/**
 * The bot's linking side: a private chat linked to an account with the code from Settings (and
 * unlinked), and channels and groups connected for publishing. A private message from a linked chat
 * that connects nothing goes on, with its link, to the capture (./telegram-capture.ts).
 */
export function linkingChats({ db, runtime, log }: UpdateHandlerDependencies): Composer<LinkedContext> {
  const { GrammyError } = runtime.grammy;
  const composer = new runtime.grammy.Composer<LinkedContext>();

  /**
   * A member of a chat (getChatMember, https://core.telegram.org/bots/api#getchatmember), or null when
   * Telegram will not say (not a member, no access: a 4xx such as "Bad Request: chat not found").
   */
  async function chatMember(ctx: Context, telegramChatId: number, userId: number): Promise<ChatMember | null> {
    try {
      return await ctx.api.getChatMember(telegramChatId, userId);
    } catch (error) {
      if (error instanceof GrammyError && error.error_code >= 400 && error.error_code < 500) return null;
      throw error;
    }
  }

  /**
   * What keeps the bot from writing in a group, as the key of the message naming it; null when it can. A member
   * writes unless restricted (ChatMemberRestricted.can_send_messages,
   * https://core.telegram.org/bots/api#chatmemberrestricted) or the group lets no member write
   * (ChatFullInfo.permissions.can_send_messages, https://core.telegram.org/bots/api#chatpermissions);
   * an administrator always writes in a group.
   */
  async function whyBotCannotWrite(ctx: Context, telegramChatId: number): Promise<string | null> {
    const member = await chatMember(ctx, telegramChatId, ctx.me.id);
    if (member === null || member.status === 'left' || member.status === 'kicked') return 'connectNotMember';
    if (member.status === 'restricted') return member.can_send_messages ? null : 'connectRestricted';
    if (member.status !== 'member') return null;
    try {
      const chat = await ctx.api.getChat(telegramChatId);
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

  /**
   * A post forwarded from a channel where the bot is an administrator and the sender is too connects
   * that channel (when it is not yet). Otherwise the forward is an idea like any other message: a
   * post forwarded from someone else's channel is captured, not connected.
   */
  async function connectForwardedChannel(ctx: Context, link: LinkRow, channel: Chat.ChannelChat) {
    if (await isChatConnected({ db, userId: link.userId, telegramChatId: channel.id })) return false;
    const botMember = await chatMember(ctx, channel.id, ctx.me.id);
    if (!isAdministrator(botMember)) return false;
    // Someone else's channel: only its administrators may publish there through the bot.
    if (!isAdministrator(await chatMember(ctx, channel.id, ctx.from!.id))) return false;
    // In a channel only administrators post, and only with this right
    // (ChatMemberAdministrator.can_post_messages, https://core.telegram.org/bots/api#chatmemberadministrator).
    if (botMember?.status === 'administrator' && botMember.can_post_messages !== true) {
      await ctx.reply(botText(ctx, 'connectCannotPost', { title: channel.title }));
      return true;
    }
    await connect(ctx, link.userId, channel);
    return true;
  }

  const privateChat = composer.chatType('private');

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

  privateChat.on('message', async (ctx, next) => {
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
    ctx.link = link;
    await next();
  });

  composer.chatType(['group', 'supergroup']).command('connect', async (ctx) => {
    const link = await getLinkByTelegramUser({ db, telegramUserId: ctx.from.id });
    if (!link) return ctx.reply(botText(ctx, 'connectNotLinked'));
    const missingRight = await whyBotCannotWrite(ctx, ctx.chat.id);
    if (missingRight) {
      // Not in the group, where the bot cannot write: in the sender's own chat with it.
      await ctx.api.sendMessage(link.telegramChatId, botText(ctx, missingRight, { title: ctx.chat.title }));
      return;
    }
    if (!isAdministrator(await chatMember(ctx, ctx.chat.id, ctx.from.id))) {
      return ctx.reply(botText(ctx, 'connectUserNotAdmin'));
    }
    await connect(ctx, link.userId, ctx.chat);
  });

  // A group that becomes a supergroup gets a new id; Telegram says so with a service message in each
  // (Message.migrate_to_chat_id in the old, migrate_from_chat_id in the new,
  // https://core.telegram.org/bots/api#message), which every bot receives whatever its privacy mode
  // (https://core.telegram.org/bots/faq#what-messages-will-my-bot-get).
  composer.on('message:migrate_to_chat_id', async (ctx) => {
    await moveChat({ db, fromTelegramChatId: ctx.chat.id, toTelegramChatId: ctx.message.migrate_to_chat_id });
    log.info('Telegram group became a supergroup; its connections follow the new id');
  });
  composer.on('message:migrate_from_chat_id', async (ctx) => {
    await moveChat({ db, fromTelegramChatId: ctx.message.migrate_from_chat_id, toTelegramChatId: ctx.chat.id });
  });

  // A channel post has no sender to tie it to an account: the channel is connected by forwarding.
  composer.chatType('channel').command('connect', (ctx) => ctx.reply(botText(ctx, 'connectInChannel')));

  return composer;
}
