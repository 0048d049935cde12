import type { FastifyBaseLogger } from 'fastify';
import type * as GrammyModule from 'grammy';
import type { Api, Bot } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';
import type { Config } from '../../config.ts';

type Grammy = typeof GrammyModule;

/**
 * The server's one Telegram bot: grammY, loaded only when a token is set (most servers run without
 * one, and the library is not small). Every Bot API call goes through grammY's client with the
 * auto-retry plugin, which waits out a 429's `retry_after` (up to a minute) and retries Telegram's
 * own 5xx and network failures a few times.
 */
export type TelegramRuntime = {
  grammy: Grammy;
  api: Api;
  /** The bot's own account (getMe), asked once and kept; null while Telegram cannot be reached. */
  getBotInfo: () => Promise<UserFromGetMe | null>;
  /** A grammY Bot on the same token and API root, for handling updates. */
  createBot: (botInfo?: UserFromGetMe) => Bot;
  /** Where a file from getFile is downloaded: `<apiRoot>/file/bot<token>/<file_path>`. */
  fileUrl: (filePath: string) => string;
  /** Whether updates arrive by webhook (TELEGRAM_WEBHOOK=true with an https BASE_URL) rather than polling. */
  isWebhook: boolean;
  /** The secret Telegram sends with each webhook call (X-Telegram-Bot-Api-Secret-Token). */
  webhookSecret: string;
  webhookUrl: string;
};

export async function createTelegramRuntime({
  config,
  log,
}: {
  config: Config;
  log: FastifyBaseLogger;
}): Promise<TelegramRuntime | null> {
  const token = config.TELEGRAM_BOT_TOKEN;
  if (!token) return null;
  const grammy = await import('grammy');
  const { autoRetry } = await import('@grammyjs/auto-retry');
  const { createHmac } = await import('node:crypto');
  const apiRoot = config.TELEGRAM_API_ROOT;
  // Long enough for a 25-second long poll; a hung call still ends.
  const client = { apiRoot, timeoutSeconds: 60 };
  const retry = () => autoRetry({ maxRetryAttempts: 3, maxDelaySeconds: 60 });
  const api = new grammy.Api(token, client);
  api.config.use(retry());

  let botInfo: UserFromGetMe | null = null;
  let pending: Promise<UserFromGetMe | null> | null = null;
  const getBotInfo = () => {
    if (botInfo) return Promise.resolve(botInfo);
    pending ??= api
      .getMe()
      .then((me) => (botInfo = me))
      .catch((error: unknown) => {
        log.warn({ err: error }, 'Telegram getMe failed; will ask again');
        return null;
      })
      .finally(() => (pending = null));
    return pending;
  };

  const isHttps = config.BASE_URL.startsWith('https://');
  if (config.TELEGRAM_WEBHOOK && !isHttps) {
    log.warn('TELEGRAM_WEBHOOK=true needs an https BASE_URL (Telegram calls only https webhooks); polling instead');
  }
  return {
    grammy,
    api,
    getBotInfo,
    createBot: (info) => {
      const bot = new grammy.Bot(token, info ? { botInfo: info, client } : { client });
      bot.api.config.use(retry());
      return bot;
    },
    fileUrl: (filePath) => `${apiRoot}/file/bot${token}/${filePath}`,
    isWebhook: config.TELEGRAM_WEBHOOK && isHttps,
    // Derived from the app secret: the same on every instance, and never the bot token itself.
    webhookSecret: createHmac('sha256', config.APP_SECRET).update('telegram-webhook').digest('base64url'),
    webhookUrl: `${config.BASE_URL.replace(/\/+$/, '')}/api/telegram/webhook`,
  };
}
