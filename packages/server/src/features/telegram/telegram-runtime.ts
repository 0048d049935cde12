import type { FastifyBaseLogger } from 'fastify';
import type * as GrammyModule from 'grammy';
import type { Api } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';
import path from 'node:path';
import type { Config } from '../../config.ts';

/** grammY's declarations name the abort-controller package's AbortSignal; Node's own is the same at runtime. */
export type TelegramSignal = NonNullable<Parameters<Api['getMe']>[0]>;
export const asTelegramSignal = (signal: AbortSignal) => signal as unknown as TelegramSignal;

/** Telegram's own Bot API server; any other TELEGRAM_API_ROOT is a local Bot API server (or a test double). */
export const telegramOwnApiRoot = 'https://api.telegram.org';

/**
 * "Ports currently supported for webhooks: 443, 80, 88, 8443" (https://core.telegram.org/bots/api#setwebhook);
 * Telegram refuses any other with "Bad Request: bad webhook: Webhook can be set up only on ports 80, 88,
 * 443 or 8443" (as reported, e.g. https://gist.github.com/sid-r-singh/12856d1473aef82ee85bc6b69c1ca329).
 * A local Bot API server in --local mode takes any port (https://github.com/tdlib/telegram-bot-api#usage).
 */
export const telegramWebhookPorts: readonly string[] = ['443', '80', '88', '8443'];

/**
 * "For the moment, bots can download files of up to 20MB in size" (https://core.telegram.org/bots/api#getfile);
 * past it getFile answers 400 "Bad Request: file is too big" (https://github.com/tdlib/telegram-bot-api/issues/51).
 */
export const telegramDownloadLimitBytes = 20 * 1024 * 1024;

export type TelegramRuntime = NonNullable<Awaited<ReturnType<typeof createTelegramRuntime>>>;

/**
 * Whether TELEGRAM_WEBHOOK can be honoured, and why not: Telegram calls only https URLs, and (its own
 * server) only on ports 443, 80, 88 and 8443. Otherwise the server polls, and says so at start-up.
 */
export function webhookRefusal(config: Pick<Config, 'BASE_URL' | 'TELEGRAM_API_ROOT'>): string | null {
  const url = new URL(config.BASE_URL);
  if (url.protocol !== 'https:') {
    return 'TELEGRAM_WEBHOOK=true needs an https BASE_URL (Telegram calls only https webhooks); polling instead';
  }
  const port = url.port === '' ? '443' : url.port;
  if (config.TELEGRAM_API_ROOT === telegramOwnApiRoot && !telegramWebhookPorts.includes(port)) {
    return (
      `TELEGRAM_WEBHOOK=true, but BASE_URL is on port ${port}, and Telegram calls webhooks only on ports ` +
      `${telegramWebhookPorts.join(', ')}; polling instead. Put the server behind one of those ports, or leave TELEGRAM_WEBHOOK unset.`
    );
  }
  return null;
}

/**
 * The server's one Telegram bot: grammY, loaded only when a token is set (most servers run without
 * one, and the library is not small). Every Bot API call goes through grammY's client with the
 * auto-retry plugin, which waits out a 429's `retry_after` and retries Telegram's own 5xx a few
 * times, and network failures without end: its npm page speaks of a limit (maxRetryAttempts,
 * "default: 3"), but the plugin counts only Telegram's answers, and retries a network error
 * (HttpError) with back-off up to an hour whatever the limit (https://grammy.dev/plugins/auto-retry,
 * and its source; grammY's maintainers chose "Retrying reliably and infinitely",
 * https://github.com/grammyjs/grammY/pull/76). Fine for the background (polling, the update worker),
 * never for a person waiting: calls a person waits on use `interactiveApi` with `deadline()`, and
 * end after TELEGRAM_TIMEOUT_SECONDS.
 */
export async function createTelegramRuntime({ config, log }: { config: Config; log: FastifyBaseLogger }) {
  const token = config.TELEGRAM_BOT_TOKEN;
  if (!token) return null;
  const grammy: typeof GrammyModule = await import('grammy');
  const { autoRetry } = await import('@grammyjs/auto-retry');
  const { createHmac } = await import('node:crypto');
  const { readFile, stat } = await import('node:fs/promises');
  const apiRoot = config.TELEGRAM_API_ROOT;
  const timeoutSeconds = config.TELEGRAM_TIMEOUT_SECONDS;
  const deadline = () => asTelegramSignal(AbortSignal.timeout(timeoutSeconds * 1000));
  // Long enough for a 25-second long poll; a hung call still ends.
  const client = { apiRoot, timeoutSeconds: 60 };
  const retry = () => autoRetry({ maxRetryAttempts: 3, maxDelaySeconds: 60 });
  const api = new grammy.Api(token, client);
  api.config.use(retry());
  const interactiveApi = new grammy.Api(token, client);
  interactiveApi.config.use(autoRetry({ maxRetryAttempts: 3, maxDelaySeconds: timeoutSeconds - 1 }));

  let botInfo: UserFromGetMe | null = null;
  let pending: Promise<UserFromGetMe | null> | null = null;
  const getBotInfo = () => {
    if (botInfo) return Promise.resolve(botInfo);
    // Bounded: while Telegram cannot be reached, each caller learns so and asks again later.
    pending ??= interactiveApi
      .getMe(deadline())
      .then((me) => (botInfo = me))
      .catch((error: unknown) => {
        log.warn({ err: error }, 'Telegram getMe failed; will ask again');
        return null;
      })
      .finally(() => (pending = null));
    return pending;
  };

  async function readLocalFile(filePath: string, maxBytes: number) {
    // The path comes from the Bot API server the administrator configured (which holds the bot's
    // token): trusted as far as that goes, but only a plain, normalised path to a regular file.
    if (path.normalize(filePath) !== filePath) throw new Error('the local Bot API server gave an unusual file path');
    const info = await stat(filePath);
    if (!info.isFile()) throw new Error('the local Bot API server gave a path that is not a file');
    if (info.size > maxBytes) throw new Error(`the file is larger than ${maxBytes} bytes`);
    return new Uint8Array(await readFile(filePath));
  }

  async function download(filePath: string, maxBytes: number) {
    // The URL holds the bot token: it is never logged.
    const response = await fetch(`${apiRoot}/file/bot${token}/${filePath}`, { signal: AbortSignal.timeout(60_000) });
    if (!response.ok) throw new Error(`file download failed with HTTP ${response.status}`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes.length > maxBytes) throw new Error(`the file is larger than ${maxBytes} bytes`);
    return bytes;
  }

  const isOwnApiServer = apiRoot === telegramOwnApiRoot;
  const refusal = config.TELEGRAM_WEBHOOK ? webhookRefusal(config) : null;
  if (refusal) log.warn(refusal);
  return {
    grammy,
    /** For background work: retries until Telegram answers. */
    api,
    /**
     * For calls a person waits on, always with `deadline()`: a 429 whose `retry_after` is longer than
     * the wait allowed fails at once (as Telegram's refusal), and the signal ends network retries.
     */
    interactiveApi,
    /** Aborts after TELEGRAM_TIMEOUT_SECONDS: pass it to every call a person waits on. */
    deadline,
    timeoutMilliseconds: timeoutSeconds * 1000,
    /** The bot's own account (getMe), asked once and kept; null while Telegram cannot be reached. */
    getBotInfo,
    /** A grammY Bot on the same token and API root, for handling updates. */
    createBot: (info?: UserFromGetMe) => {
      const bot = new grammy.Bot(token, info ? { botInfo: info, client } : { client });
      bot.api.config.use(retry());
      return bot;
    },
    /**
     * The bytes of a file from getFile: downloaded from `<apiRoot>/file/bot<token>/<file_path>`, or,
     * from a local Bot API server in --local mode, read from the absolute path it gave: that server
     * answers getFile with "the absolute local path as a value of the file_path field without the need
     * to download the file" (https://core.telegram.org/bots/api#using-a-local-bot-api-server);
     * Telegram's own gives a relative one.
     */
    readFile: (filePath: string, maxBytes: number) =>
      !isOwnApiServer && path.isAbsolute(filePath) ? readLocalFile(filePath, maxBytes) : download(filePath, maxBytes),
    /** Whether updates arrive by webhook (TELEGRAM_WEBHOOK=true with an https BASE_URL on a port Telegram calls). */
    isWebhook: config.TELEGRAM_WEBHOOK && refusal === null,
    /**
     * The secret Telegram sends with each webhook call (X-Telegram-Bot-Api-Secret-Token). Derived from
     * the app secret: the same on every instance, and never the bot token itself.
     */
    webhookSecret: createHmac('sha256', config.APP_SECRET).update('telegram-webhook').digest('base64url'),
    webhookUrl: `${config.BASE_URL.replace(/\/+$/, '')}/api/telegram/webhook`,
  };
}
