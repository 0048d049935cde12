import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/**
 * A local stand-in for Telegram's Bot API, speaking its wire protocol so that grammY and our bot
 * code run unchanged. Each behaviour names where it comes from: the Bot API documentation
 * (https://core.telegram.org/bots/api, "docs"), or, where the documentation says nothing (the exact
 * error descriptions, HTTP statuses) or the real service does otherwise, reports of the real service
 * ("report", an issue thread). Where the two disagree, the double follows the reports and says so.
 *
 * What it does not copy: anything our server does not call, flood limits (429 only when scripted
 * with failNext), message entities and HTML formatting (a text is stored as sent; a caption's length
 * is counted after parsing, as Telegram counts it), videos and other media in albums, and Telegram's
 * own delivery of webhook calls.
 */
export type RecordedCall = { method: string; params: Record<string, unknown> };
export type ScriptedFailure = {
  error_code: number;
  description: string;
  retry_after?: number;
  migrate_to_chat_id?: number;
};
type MemberStatus = 'creator' | 'administrator' | 'member' | 'restricted' | 'left' | 'kicked';
/** The rights our server reads: ChatMemberAdministrator.can_post_messages, ChatMemberRestricted.can_send_messages. */
export type MemberRights = { can_post_messages?: boolean; can_send_messages?: boolean };
type Member = { status: MemberStatus; rights: MemberRights };
export type FakeChat = {
  id: number;
  type: 'group' | 'supergroup' | 'channel';
  title: string;
  username?: string;
  /** Default member permissions (ChatFullInfo.permissions, https://core.telegram.org/bots/api#chatpermissions). */
  permissions?: { can_send_messages?: boolean };
};
type SentMessage = { chat_id: number; text: string; parse_mode?: string };
/** A photo Telegram took, from sendPhoto or as one item of sendMediaGroup. */
export type SentPhoto = {
  chat_id: number;
  method: 'sendPhoto' | 'sendMediaGroup';
  message_id: number;
  /** Set on each message of an album of two or more. */
  media_group_id?: string;
  caption?: string;
  parse_mode?: string;
  /** The uploaded file: its name in the multipart part, and its bytes. */
  filename: string;
  bytes: Uint8Array;
};
/** A file part of a multipart/form-data request, by the part's name. */
type UploadedFile = { filename: string; bytes: Uint8Array };

export type FakeTelegramApi = {
  apiRoot: string;
  token: string;
  /** The settings that point the app's bot here (TELEGRAM_BOT_TOKEN, TELEGRAM_API_ROOT). */
  appEnv: { TELEGRAM_BOT_TOKEN: string; TELEGRAM_API_ROOT: string };
  bot: { id: number; username: string; first_name: string };
  calls: RecordedCall[];
  /** Adds an update (its update_id assigned here) for the next getUpdates; returns the update_id. */
  pushUpdate: (update: Record<string, unknown>) => number;
  /** The updates getUpdates has not been told are handled (offset not past them). */
  unconfirmed: () => number;
  /** getUpdates calls refused because another was still waiting (Telegram's 409 Conflict). */
  conflicts: () => number;
  /** The webhook URL set with setWebhook, or null (deleteWebhook, or never set). */
  webhookUrl: () => string | null;
  /**
   * A later call of `method` (after `skip` more that are answered) gets no answer at all, as when
   * Telegram stops answering in the middle of a post; it is dropped when the double closes.
   */
  stallNext: (method: string, options?: { skip?: number }) => void;
  /** The next calls of `method` fail with these answers, one each. */
  failNext: (method: string, ...failures: ScriptedFailure[]) => void;
  /**
   * A file the bot may getFile and download (a voice note's bytes, say), kept in the folder Telegram
   * uses for its kind: `voice` (the default), `photos` (a photo) or `documents` (a file).
   */
  addFile: (fileId: string, body: Uint8Array, kind?: FileKind) => void;
  /** The download of this file answers only after `milliseconds` (a slow network on one photo). */
  delayDownload: (fileId: string, milliseconds: number) => void;
  /** The photos Telegram took (sendPhoto and sendMediaGroup), in the order it took them. */
  sentPhotos: () => SentPhoto[];
  setMember: (chatId: number, userId: number, status: MemberStatus, rights?: MemberRights) => void;
  /** A group or channel that getChat knows, and whose rights sendMessage enforces. */
  setChat: (chat: FakeChat) => void;
  /**
   * The group becomes a supergroup with a new id, as Telegram does when a group grows or its
   * history is made visible: sending to the old id is refused naming the new one, and (unless
   * `serviceMessages` is false) the two service messages arrive as updates.
   */
  migrateGroup: (fromChatId: number, toChatId: number, options?: { serviceMessages?: boolean }) => void;
  /** The messages Telegram took (sendMessage calls it refused are only in `calls`). */
  sentMessages: () => SentMessage[];
  /** Waits until a sendMessage to `chatId` matches; returns it. */
  waitForMessage: (chatId: number, match: (text: string) => boolean, timeoutMs?: number) => Promise<SentMessage>;
  close: () => Promise<void>;
};

/**
 * Telegram's limit on what a bot may download: "For the moment, bots can download files of up to
 * 20MB in size" (docs, https://core.telegram.org/bots/api#getfile).
 */
const downloadLimitBytes = 20 * 1024 * 1024;
/** "Text of the message to be sent, 1-4096 characters after entities parsing" (docs, #sendmessage). */
const maxMessageLength = 4096;
/**
 * "Photo caption ..., 0-1024 characters after entities parsing" (docs, #sendphoto, #inputmediaphoto);
 * past it: "Bad Request: message caption is too long" (report,
 * https://github.com/tactilenews/100eyes/issues/1594; https://github.com/gitroomhq/postiz-app/issues/1171).
 */
const maxCaptionLength = 1024;
/**
 * An album: "must include 2-10 items" (docs, #sendmediagroup). The server refuses only more than ten
 * ("Bad Request: too many messages to send as an album"; older servers said "Too much messages",
 * report, https://github.com/go-telegram-bot-api/telegram-bot-api/issues/245) or none ("there are no
 * messages to send", TDLib's send_message_group), and sends a single item as one message without a
 * media_group_id: the double follows the server, our code never sends an album of one.
 */
const maxAlbumItems = 10;

type FileKind = 'voice' | 'photos' | 'documents';

/**
 * A text's length as Telegram counts it against its limits: "after entities parsing" (docs,
 * #sendmessage), so with parse_mode HTML the tags count nothing and each entity one character ("All
 * numerical HTML entities are supported. The API currently supports only the following named HTML
 * entities: &lt;, &gt;, &amp; and &quot;", docs, #html-style). It counts characters (code points): a
 * text of 4,096 emoji outside the BMP (8,192 UTF-16 units) was accepted by the real API (report,
 * https://github.com/FerroxLabs/wayland/issues/934). Our server counts UTF-16 units, never fewer.
 */
function parsedLength(text: string, parseMode: unknown): number {
  const visible =
    parseMode === 'HTML' ? text.replace(/<[^>]*>/g, '').replace(/&(?:lt|gt|amp|quot|#\d+|#x[\da-f]+);/gi, '_') : text;
  return [...visible].length;
}
/**
 * "Ports currently supported for webhooks: 443, 80, 88, 8443" (docs, #setwebhook); a local server
 * in --local mode may "Use any port for the webhook" (https://github.com/tdlib/telegram-bot-api#usage).
 */
const webhookPorts = ['443', '80', '88', '8443'];

class Refusal {
  constructor(readonly failure: ScriptedFailure) {}
}
const refuse = (error_code: number, description: string, extra: Partial<ScriptedFailure> = {}) =>
  new Refusal({ error_code, description, ...extra });

async function readBody(
  request: IncomingMessage,
): Promise<{ params: Record<string, unknown>; files: Map<string, UploadedFile> }> {
  const chunks: Buffer[] = [];
  const files = new Map<string, UploadedFile>();
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  if (raw.length === 0) return { params: {}, files };
  // "We support GET and POST HTTP methods. We support four ways of passing parameters in Bot API
  // requests": query string, urlencoded, JSON, multipart (docs, #making-requests). Files are sent
  // only as multipart/form-data (docs, #sending-files: "Post the file using multipart/form-data").
  const type = request.headers['content-type'] ?? '';
  if (type.startsWith('application/json')) {
    return { params: JSON.parse(raw.toString('utf8')) as Record<string, unknown>, files };
  }
  const form = await new Response(raw, { headers: { 'content-type': type } }).formData();
  const params: Record<string, unknown> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value !== 'string') {
      files.set(key, { filename: value.name, bytes: new Uint8Array(await value.arrayBuffer()) });
      continue;
    }
    try {
      params[key] = JSON.parse(value);
    } catch {
      params[key] = value;
    }
  }
  return { params, files };
}

/**
 * The file a parameter names: a part of the request named by "attach://<file_attach_name>" ("to
 * upload a new one using multipart/form-data under <file_attach_name> name", docs, #inputfile,
 * #inputmediaphoto), or a part under the parameter's own name (docs, #sending-files: "Post the file
 * using multipart/form-data in the usual way"). A file_id or URL of a file the double does not have
 * is refused as the reports show: "Bad Request: wrong file identifier/HTTP URL specified"
 * (https://github.com/grammyjs/grammY/issues/33); in an album a missing part is "Bad Request: can't
 * parse InputMedia: media not found" (report, https://github.com/irazasyed/telegram-bot-sdk/issues/925).
 */
function uploadedFile(value: unknown, ownPart: UploadedFile | undefined, files: Map<string, UploadedFile>) {
  if (typeof value === 'string' && value.startsWith('attach://')) return files.get(value.slice('attach://'.length));
  return value === undefined ? ownPart : undefined;
}

export async function startFakeTelegramApi({
  token = '123456:TEST-token_for-the-fake',
  botUsername = 'life_updates_test_bot',
  localFilesDir,
}: {
  token?: string;
  botUsername?: string;
  /**
   * Behave as a local Bot API server in --local mode, keeping files here: getFile answers "the
   * absolute local path as a value of the file_path field" (docs, #using-a-local-bot-api-server),
   * and the /file/ route answers 404, as the local server "won't serve locally available files"
   * (report, https://github.com/tdlib/telegram-bot-api/issues/381 and issues/540).
   */
  localFilesDir?: string;
} = {}): Promise<FakeTelegramApi> {
  // "The token looks something like 123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11" (docs, #authorizing-your-bot):
  // the bot's user id comes first.
  const bot = { id: Number(token.split(':')[0]), username: botUsername, first_name: 'Life Updates' };
  const calls: RecordedCall[] = [];
  const delivered: SentMessage[] = [];
  const deliveredPhotos: SentPhoto[] = [];
  const downloadDelays = new Map<string, number>();
  let nextMediaGroup = 1;
  const updates: Array<Record<string, unknown> & { update_id: number }> = [];
  const failures = new Map<string, ScriptedFailure[]>();
  const stalls = new Map<string, number>();
  const files = new Map<string, { path: string; body: Uint8Array }>();
  const members = new Map<string, Member>();
  const chats = new Map<number, FakeChat>();
  const migrations = new Map<number, number>();
  let webhookUrl: string | null = null;
  let nextUpdateId = 1000;
  let nextFileNumber = 0;
  let pollsInFlight = 0;
  let conflicts = 0;
  let nextMessageId = 1;
  let waiters: Array<() => void> = [];
  const wake = () => {
    const current = waiters;
    waiters = [];
    for (const waiter of current) waiter();
  };

  // "The response contains a JSON object, which always has a Boolean field 'ok' ... In case of an
  // unsuccessful request, 'ok' equals false and the error is explained in the 'description'. An
  // Integer 'error_code' field is also returned ... Some errors may also have an optional field
  // 'parameters' of the type ResponseParameters" (docs, #making-requests; #responseparameters). The
  // HTTP status is the error_code (report: "The server returned HTTP 409 Conflict. Response body:
  // {"ok":false,"error_code":409,...}", https://github.com/eternnoir/pyTelegramBotAPI/issues/543).
  const ok = (response: ServerResponse, result: unknown) =>
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true, result }));
  const fail = (response: ServerResponse, failure: ScriptedFailure) => {
    const parameters = {
      ...(failure.retry_after === undefined ? {} : { retry_after: failure.retry_after }),
      ...(failure.migrate_to_chat_id === undefined ? {} : { migrate_to_chat_id: failure.migrate_to_chat_id }),
    };
    response.writeHead(failure.error_code, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        ok: false,
        error_code: failure.error_code,
        description: failure.description,
        ...(Object.keys(parameters).length === 0 ? {} : { parameters }),
      }),
    );
  };

  const memberOf = (chatId: number, userId: number) => members.get(`${chatId}:${userId}`);

  async function getUpdates(params: Record<string, unknown>, request: IncomingMessage) {
    // "An update is considered confirmed as soon as getUpdates is called with an offset higher than
    // its update_id" (docs, #getupdates): Telegram forgets them.
    const offset = typeof params.offset === 'number' ? params.offset : 0;
    while (updates.length > 0 && updates[0]!.update_id < offset) updates.shift();
    // "timeout: Timeout in seconds for long polling. Defaults to 0" (docs): wait for an update that long.
    const timeoutSeconds = typeof params.timeout === 'number' ? params.timeout : 0;
    const deadline = Date.now() + timeoutSeconds * 1000;
    while (updates.length === 0 && Date.now() < deadline && !request.socket.destroyed) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    // "limit: Values between 1-100 are accepted. Defaults to 100" (docs).
    return updates.slice(0, typeof params.limit === 'number' ? params.limit : 100);
  }

  function chatMember(params: Record<string, unknown>) {
    const chatId = Number(params.chat_id);
    const userId = Number(params.user_id);
    const member = memberOf(chatId, userId);
    // An unknown chat: "Bad Request: chat not found" (report,
    // https://github.com/php-telegram-bot/core/issues/853).
    if (!member) return refuse(400, 'Bad Request: chat not found');
    const user = userId === bot.id ? { ...bot, is_bot: true } : { id: userId, is_bot: false, first_name: 'Member' };
    // The fields of each ChatMember kind (docs, #chatmember): an administrator's rights, of which
    // can_post_messages is "for channels only"; a restricted member's is_member and can_send_* rights.
    switch (member.status) {
      case 'administrator':
        return {
          status: 'administrator',
          user,
          can_be_edited: false,
          is_anonymous: false,
          can_manage_chat: true,
          can_delete_messages: true,
          can_restrict_members: true,
          can_invite_users: true,
          ...(chats.get(chatId)?.type === 'channel' || member.rights.can_post_messages !== undefined
            ? { can_post_messages: member.rights.can_post_messages ?? false }
            : {}),
        };
      case 'restricted':
        return {
          status: 'restricted',
          user,
          is_member: true,
          can_send_messages: member.rights.can_send_messages ?? false,
          until_date: 0,
        };
      default:
        return { status: member.status, user };
    }
  }

  /** Why Telegram refuses the bot's message to this chat, or null when it takes it. */
  function sendRefusal(chatId: number, what: 'text messages' | 'photos' = 'text messages'): Refusal | null {
    const movedTo = migrations.get(chatId);
    // A group that became a supergroup: 400 with parameters.migrate_to_chat_id ("The group has
    // been migrated to a supergroup with the specified identifier", docs, #responseparameters). The
    // description is the reports' ("Bad Request: group chat was upgraded to a supergroup chat",
    // https://github.com/TwiN/gatus/issues/179; older reports say "...is migrated to a supergroup
    // chat"): our server reads only the parameter.
    if (movedTo !== undefined) {
      return refuse(400, 'Bad Request: group chat was upgraded to a supergroup chat', { migrate_to_chat_id: movedTo });
    }
    const chat = chats.get(chatId);
    if (!chat) return null;
    const member = memberOf(chatId, bot.id);
    if (chat.type === 'channel') {
      // "Forbidden: bot is not a member of the channel chat" (report, https://github.com/tucnak/telebot/issues/633);
      // an administrator without "Post messages": "Bad Request: need administrator rights in the
      // channel chat" (report, https://github.com/teloxide/teloxide/issues/450).
      if (!member || member.status === 'left' || member.status === 'kicked') {
        return refuse(403, 'Forbidden: bot is not a member of the channel chat');
      }
      const canPost = member.status === 'creator' || member.rights.can_post_messages === true;
      return canPost ? null : refuse(400, 'Bad Request: need administrator rights in the channel chat');
    }
    const isMuted =
      (member?.status === 'restricted' && member.rights.can_send_messages !== true) ||
      (member?.status === 'member' && chat.permissions?.can_send_messages === false);
    // Report: "Bad Request: not enough rights to send text messages to the chat"
    // (https://github.com/TelegramBotAPI/errors/issues/5); for files the kind is named instead ("Not
    // enough rights to send documents to the chat", https://github.com/GreyWolfDev/Werewolf/issues/497),
    // so "photos" for a photo: the double's reading of that pattern.
    return isMuted ? refuse(400, `Bad Request: not enough rights to send ${what} to the chat`) : null;
  }

  /** The chat as a sent Message names it. */
  function messageChat(chatId: number) {
    const chat = chats.get(chatId);
    return chatId > 0
      ? { id: chatId, type: 'private', first_name: 'Someone' }
      : { id: chatId, type: chat?.type ?? 'channel', title: chat?.title ?? 'Channel' };
  }

  /**
   * The sizes Telegram keeps of a photo it took: "Available sizes of the photo" (docs, #message,
   * #photosize), smallest first. Which sizes Telegram makes is not documented: the double gives two,
   * a 90 px thumbnail and the photo at most 1280 px on its long side, each with its own file_id.
   */
  async function photoSizes(bytes: Uint8Array) {
    const { default: sharp } = await import('sharp');
    const { width = 0, height = 0 } = await sharp(bytes).metadata();
    const scale = (side: number) => Math.min(1, side / Math.max(width, height, 1));
    const id = `sent-${nextFileNumber++}`;
    return [90, 1280].map((side) => ({
      file_id: `${id}-${side}`,
      file_unique_id: `${id}-${side}-u`,
      width: Math.round(width * scale(side)),
      height: Math.round(height * scale(side)),
      file_size: bytes.length,
    }));
  }

  function captionRefusal(params: { caption?: unknown; parse_mode?: unknown }): Refusal | null {
    if (typeof params.caption !== 'string') return null;
    return parsedLength(params.caption, params.parse_mode) > maxCaptionLength
      ? refuse(400, 'Bad Request: message caption is too long')
      : null;
  }

  async function sendPhoto(params: Record<string, unknown>, files: Map<string, UploadedFile>) {
    const chatId = Number(params.chat_id);
    const file = uploadedFile(params.photo, files.get('photo'), files);
    if (!file) return refuse(400, 'Bad Request: wrong file identifier/HTTP URL specified');
    const refusal = captionRefusal(params) ?? sendRefusal(chatId, 'photos');
    if (refusal) return refusal;
    const message_id = nextMessageId++;
    deliveredPhotos.push({
      chat_id: chatId,
      method: 'sendPhoto',
      message_id,
      ...(typeof params.caption === 'string' ? { caption: params.caption } : {}),
      ...(typeof params.parse_mode === 'string' ? { parse_mode: params.parse_mode } : {}),
      filename: file.filename,
      bytes: file.bytes,
    });
    // "On success, the sent Message is returned" (docs, #sendphoto), with Message.photo and its caption.
    return {
      message_id,
      date: Math.floor(Date.now() / 1000),
      chat: messageChat(chatId),
      photo: await photoSizes(file.bytes),
      ...(typeof params.caption === 'string' ? { caption: params.caption } : {}),
    };
  }

  async function sendMediaGroup(params: Record<string, unknown>, files: Map<string, UploadedFile>) {
    const chatId = Number(params.chat_id);
    // Reports of the server's answers: https://github.com/edisonchee/slimbot/issues/53 ("parameter
    // \"media\" is required"), TDLib's send_message_group ("There are no messages to send").
    if (params.media === undefined) return refuse(400, 'Bad Request: parameter "media" is required');
    // Report: "Bad Request: can't parse media JSON object" (https://github.com/cmd410/OrigamiBot/issues/2).
    if (!Array.isArray(params.media)) return refuse(400, "Bad Request: can't parse media JSON object");
    const items = params.media as Array<Record<string, unknown>>;
    if (items.length === 0) return refuse(400, 'Bad Request: there are no messages to send');
    if (items.length > maxAlbumItems) return refuse(400, 'Bad Request: too many messages to send as an album');
    const uploads: UploadedFile[] = [];
    for (const item of items) {
      // Only photos here: the double keeps no videos, audio or documents.
      if (item.type !== 'photo') return refuse(404, 'Not Found');
      const file = uploadedFile(item.media, undefined, files);
      if (!file) return refuse(400, "Bad Request: can't parse InputMedia: media not found");
      uploads.push(file);
      const refusal = captionRefusal(item);
      if (refusal) return refusal;
    }
    const refusal = sendRefusal(chatId, 'photos');
    if (refusal) return refusal;
    // "On success, an array of Messages that were sent is returned" (docs, #sendmediagroup); each
    // message of an album carries its media_group_id (docs, #message), and only its own caption.
    const mediaGroupId = items.length > 1 ? `album-${nextMediaGroup++}` : undefined;
    const messages = [];
    for (const [index, item] of items.entries()) {
      const message_id = nextMessageId++;
      const caption = typeof item.caption === 'string' ? item.caption : undefined;
      deliveredPhotos.push({
        chat_id: chatId,
        method: 'sendMediaGroup',
        message_id,
        ...(mediaGroupId === undefined ? {} : { media_group_id: mediaGroupId }),
        ...(caption === undefined ? {} : { caption }),
        ...(typeof item.parse_mode === 'string' ? { parse_mode: item.parse_mode } : {}),
        filename: uploads[index]!.filename,
        bytes: uploads[index]!.bytes,
      });
      messages.push({
        message_id,
        date: Math.floor(Date.now() / 1000),
        chat: messageChat(chatId),
        ...(mediaGroupId === undefined ? {} : { media_group_id: mediaGroupId }),
        photo: await photoSizes(uploads[index]!.bytes),
        ...(caption === undefined ? {} : { caption }),
      });
    }
    return messages;
  }

  async function handle(method: string, params: Record<string, unknown>, uploads: Map<string, UploadedFile>) {
    switch (method) {
      case 'getMe':
        // "Returns basic information about the bot in form of a User object" (docs, #getme).
        return {
          ...bot,
          is_bot: true,
          can_join_groups: true,
          can_read_all_group_messages: false,
          supports_inline_queries: false,
        };
      case 'setWebhook': {
        const url = String(params.url ?? '');
        if (url === '') {
          webhookUrl = null;
          return true;
        }
        const parsed = new URL(url);
        const port = parsed.port === '' ? (parsed.protocol === 'https:' ? '443' : '80') : parsed.port;
        // Report: "Bad webhook: webhook can be set up only on ports 80, 88, 443 or 8443"
        // (https://gist.github.com/sid-r-singh/12856d1473aef82ee85bc6b69c1ca329).
        if (!localFilesDir && !webhookPorts.includes(port)) {
          return refuse(400, 'Bad Request: bad webhook: Webhook can be set up only on ports 80, 88, 443 or 8443');
        }
        webhookUrl = url;
        return true;
      }
      case 'deleteWebhook':
        webhookUrl = null;
        return true;
      case 'sendMessage': {
        const chatId = Number(params.chat_id);
        const text = String(params.text ?? '');
        // Reports: "Bad Request: message is too long" (https://github.com/j-hc/revanced-magisk-module/issues/262).
        if (text.length > maxMessageLength) return refuse(400, 'Bad Request: message is too long');
        const refusal = sendRefusal(chatId);
        if (refusal) return refusal;
        const chat = chats.get(chatId);
        delivered.push(params as SentMessage);
        // "On success, the sent Message is returned" (docs, #sendmessage).
        return {
          message_id: nextMessageId++,
          date: Math.floor(Date.now() / 1000),
          chat:
            chatId > 0
              ? { id: chatId, type: 'private', first_name: 'Someone' }
              : { id: chatId, type: chat?.type ?? 'channel', title: chat?.title ?? 'Channel' },
          text,
        };
      }
      case 'getChat': {
        const chat = chats.get(Number(params.chat_id));
        if (!chat) return refuse(400, 'Bad Request: chat not found');
        // "Returns a ChatFullInfo object"; permissions are "for groups and supergroups" (docs, #getchat, #chatfullinfo).
        return { ...chat, accent_color_id: 0, max_reaction_count: 11 };
      }
      case 'getFile': {
        const file = files.get(String(params.file_id));
        // Report: "Bad Request: invalid file_id" (https://github.com/tdlib/telegram-bot-api/issues/490).
        if (!file) return refuse(400, 'Bad Request: invalid file_id');
        // Past the 20 MB a bot may download: "Bad Request: file is too big" (report,
        // https://github.com/tdlib/telegram-bot-api/issues/51); a local server in --local mode has
        // no limit ("Download files without a size limit", https://github.com/tdlib/telegram-bot-api#usage).
        if (!localFilesDir && file.body.length > downloadLimitBytes) return refuse(400, 'Bad Request: file is too big');
        return {
          file_id: params.file_id,
          file_unique_id: `u-${String(params.file_id)}`,
          file_size: file.body.length,
          file_path: file.path,
        };
      }
      case 'getChatMember':
        return chatMember(params);
      case 'sendPhoto':
        return sendPhoto(params, uploads);
      case 'sendMediaGroup':
        return sendMediaGroup(params, uploads);
      default:
        // An unknown method: 404 "Not Found" (report, https://github.com/tdlib/telegram-bot-api/issues/381).
        return refuse(404, 'Not Found');
    }
  }

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake.telegram');
    // "The file can then be downloaded via the link https://api.telegram.org/file/bot<token>/<file_path>" (docs, #getfile).
    const fileMatch = /^\/file\/bot([^/]+)\/(.+)$/.exec(url.pathname);
    if (fileMatch) {
      const file =
        fileMatch[1] === token && !localFilesDir
          ? [...files.values()].find((item) => item.path === fileMatch[2])
          : undefined;
      if (!file) return fail(response, { error_code: 404, description: 'Not Found' });
      const delay = [...files.entries()].find(([, item]) => item === file)?.[0];
      const waitFor = delay === undefined ? undefined : downloadDelays.get(delay);
      if (waitFor !== undefined) await new Promise((resolve) => setTimeout(resolve, waitFor));
      return response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(Buffer.from(file.body));
    }
    // "All queries to the Telegram Bot API must be served over HTTPS and need to be presented in this
    // form: https://api.telegram.org/bot<token>/METHOD_NAME" (docs, #making-requests).
    const methodMatch = /^\/bot([^/]+)\/(\w+)$/.exec(url.pathname);
    if (!methodMatch) return fail(response, { error_code: 404, description: 'Not Found' });
    // A wrong token: 401 "Unauthorized" ("The only way to receive error with code 401 is to provide
    // a wrong bot token", report, https://github.com/tdlib/telegram-bot-api/issues/80).
    if (methodMatch[1] !== token) return fail(response, { error_code: 401, description: 'Unauthorized' });
    const method = methodMatch[2]!;
    const { params, files: uploads } = await readBody(request);
    calls.push({ method, params });
    const stallIn = stalls.get(method);
    if (stallIn !== undefined) {
      if (stallIn === 0) {
        stalls.delete(method);
        return;
      }
      stalls.set(method, stallIn - 1);
    }
    const scripted = failures.get(method)?.shift();
    if (scripted) return fail(response, scripted);
    if (method === 'getUpdates') {
      // "You will not be able to receive updates using getUpdates for as long as an outgoing webhook
      // is set up" (docs, #getupdates); the answer is 409 "Conflict: can't use getUpdates method while
      // webhook is active; use deleteWebhook to delete the webhook first" (report,
      // https://github.com/m1guelpf/chatgpt-telegram/issues/40).
      if (webhookUrl !== null) {
        return fail(response, {
          error_code: 409,
          description:
            "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
        });
      }
      // One poller per bot: a second concurrent getUpdates is 409 "Conflict: terminated by other
      // getUpdates request; make sure that only one bot instance is running" (report,
      // https://github.com/eternnoir/pyTelegramBotAPI/issues/543).
      if (pollsInFlight > 0) {
        conflicts += 1;
        return fail(response, {
          error_code: 409,
          description:
            'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running',
        });
      }
      pollsInFlight += 1;
      try {
        return ok(response, await getUpdates(params, request));
      } finally {
        pollsInFlight -= 1;
      }
    }
    const result = await handle(method, params, uploads);
    if (result instanceof Refusal) return fail(response, result.failure);
    return ok(response, result);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const apiRoot = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const sentMessages = () => [...delivered];
  const pushUpdate = (update: Record<string, unknown>) => {
    const updateId = nextUpdateId++;
    updates.push({ ...update, update_id: updateId });
    wake();
    return updateId;
  };

  return {
    apiRoot,
    token,
    appEnv: { TELEGRAM_BOT_TOKEN: token, TELEGRAM_API_ROOT: apiRoot },
    bot,
    calls,
    pushUpdate,
    unconfirmed: () => updates.length,
    conflicts: () => conflicts,
    webhookUrl: () => webhookUrl,
    stallNext: (method, { skip = 0 } = {}) => stalls.set(method, skip),
    failNext: (method, ...list) => failures.set(method, [...(failures.get(method) ?? []), ...list]),
    addFile: (fileId, body, kind = 'voice') => {
      const extension = kind === 'voice' ? 'oga' : 'jpg';
      if (!localFilesDir) {
        // A relative path such as "voice/file_3.oga" or "photos/file_4.jpg" (docs, #file: "Use
        // https://api.telegram.org/file/bot<token>/<file_path>"; a folder per kind of file, as in the
        // report https://github.com/aiogram/telegram-bot-api/pull/22).
        files.set(fileId, { path: `${kind}/${fileId}.${extension}`, body });
        return;
      }
      // A local server keeps each bot's files under its working directory, in a folder of the bot's
      // own (report: "/var/lib/telegram-bot-api/<token>/videos/file_0.mp4",
      // https://github.com/aiogram/telegram-bot-api/pull/22).
      const filePath = path.join(localFilesDir, token, kind, `file_${nextFileNumber++}.${extension}`);
      mkdirSync(path.dirname(filePath), { recursive: true });
      writeFileSync(filePath, body);
      files.set(fileId, { path: filePath, body });
    },
    delayDownload: (fileId, milliseconds) => downloadDelays.set(fileId, milliseconds),
    sentPhotos: () => [...deliveredPhotos],
    setMember: (chatId, userId, status, rights = {}) => members.set(`${chatId}:${userId}`, { status, rights }),
    setChat: (chat) => chats.set(chat.id, chat),
    migrateGroup: (fromChatId, toChatId, { serviceMessages = true } = {}) => {
      const old = chats.get(fromChatId);
      migrations.set(fromChatId, toChatId);
      const title = old?.title ?? 'Group';
      chats.set(toChatId, { ...old, id: toChatId, type: 'supergroup', title });
      for (const [key, member] of members) {
        const [chatId, userId] = key.split(':');
        if (Number(chatId) === fromChatId) members.set(`${toChatId}:${userId}`, member);
      }
      if (!serviceMessages) return;
      // Two service messages: Message.migrate_to_chat_id in the old group and migrate_from_chat_id in
      // the new supergroup (docs, #message; "if a chat is migrated, there will be two updates", report,
      // https://github.com/TelegramBots/Telegram.Bot/issues/171). Every bot receives service messages
      // whatever its privacy mode (docs, https://core.telegram.org/bots/faq#what-messages-will-my-bot-get).
      const date = Math.floor(Date.now() / 1000);
      const from = { id: 1, is_bot: false, first_name: 'Owner' };
      pushUpdate({
        message: {
          message_id: nextMessageId++,
          date,
          chat: { id: fromChatId, type: 'group', title },
          from,
          migrate_to_chat_id: toChatId,
        },
      });
      pushUpdate({
        message: {
          message_id: 1,
          date,
          chat: { id: toChatId, type: 'supergroup', title },
          from,
          migrate_from_chat_id: fromChatId,
        },
      });
    },
    sentMessages,
    waitForMessage: async (chatId, match, timeoutMs = 15_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = sentMessages().find((message) => Number(message.chat_id) === chatId && match(message.text));
        if (found) return found;
        if (Date.now() > deadline) {
          const seen = sentMessages().map((message) => `${message.chat_id}: ${message.text}`);
          throw new Error(`no matching message to ${chatId}; sent so far:\n${seen.join('\n')}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: async () => {
      wake();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * Telegram out of reach in the worst way: the connection is accepted and nothing ever answers (a
 * firewall that drops replies, a hung proxy). Nothing here comes from Telegram's documentation;
 * it is how an unreachable service looks from the client.
 */
export async function startSilentTelegramApi(): Promise<{
  apiRoot: string;
  connections: () => number;
  close: () => Promise<void>;
}> {
  const sockets = new Set<Socket>();
  let accepted = 0;
  const server = createTcpServer((socket) => {
    accepted += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    socket.resume();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    apiRoot: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connections: () => accepted,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** An address where nothing listens: each connection is refused at once (ECONNREFUSED). */
export async function closedTelegramApiRoot(): Promise<string> {
  const server = createTcpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

/** The `entities` Telegram sends with a bot command that begins `text`: the command, up to the first space. */
export const commandEntities = (text: string) => [
  { type: 'bot_command', offset: 0, length: text.split(' ')[0]!.length },
];

/** A private-chat message update from a Telegram user, as Telegram sends it (docs, #update, #message). */
export function privateMessage(
  user: { id: number; first_name?: string; username?: string; language_code?: string },
  fields: Record<string, unknown>,
) {
  const from = { is_bot: false, first_name: 'Ann', ...user };
  return {
    message: {
      message_id: Math.floor(Math.random() * 1e6),
      date: Math.floor(Date.now() / 1000),
      chat: { id: user.id, type: 'private', first_name: from.first_name, username: from.username },
      from,
      ...fields,
    },
  };
}
