import { translate } from '@life-updates/contract/i18n';
import type { FastifyInstance } from 'fastify';
import type { Update } from 'grammy/types';
import { createHash } from 'node:crypto';
import { ensureQueue, type JobQueue } from '../../jobs.ts';
import { allowedUpdates, pause, startTelegramPolling } from './telegram-polling.ts';
import type { TelegramRuntime } from './telegram-runtime.ts';
import { createUpdateHandler, updateSender } from './telegram-updates.ts';

export const telegramUpdateQueue = 'telegram-updates';

type TelegramUpdateJob = { update: Update };

/** The same job id for the same update, so an update fetched or delivered twice is queued once. */
function jobIdFor(botId: number, updateId: number): string {
  const hex = createHash('sha256').update(`telegram-update:${botId}:${updateId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Puts an update in the queue; a failure (database down) is thrown so the update is not confirmed. */
export function createUpdateEnqueuer({ jobs, botId }: { jobs: JobQueue; botId: number }) {
  return async (update: Update) => {
    await jobs.send(telegramUpdateQueue, { update } satisfies TelegramUpdateJob, {
      id: jobIdFor(botId, update.update_id),
    });
  };
}

/**
 * The Telegram bot's background side: each update is a job, retried with back-off when its handling
 * fails (database or transcription down); after the last try the sender is told it was not saved.
 * Updates arrive by long polling (one instance at a time) or, with TELEGRAM_WEBHOOK, by webhook.
 */
export async function registerTelegramWorker(app: FastifyInstance, jobs: JobQueue) {
  const { db, database, config, telegram, media } = app.deps;
  if (!telegram) return;
  const runtime: TelegramRuntime = telegram;
  const log = app.log.child({ feature: 'telegram' });

  const options = {
    retryLimit: config.TELEGRAM_RETRY_LIMIT,
    retryDelay: config.TELEGRAM_RETRY_DELAY_SECONDS,
    retryBackoff: true,
    retryDelayMax: Math.max(600, config.TELEGRAM_RETRY_DELAY_SECONDS),
    expireInSeconds: 600,
    notify: true,
  };
  await ensureQueue(jobs, telegramUpdateQueue, options);

  let handler: ReturnType<typeof createUpdateHandler> | null = null;
  const getHandler = async () => {
    if (handler) return handler;
    const botInfo = await runtime.getBotInfo();
    if (!botInfo) throw new Error('Telegram cannot be reached (getMe)');
    handler = createUpdateHandler(
      {
        db,
        publicAddress: app.publicAddress,
        runtime,
        transcription: app.deps.transcription,
        media,
        log,
      },
      botInfo,
    );
    return handler;
  };

  // NOTIFY wakes the worker when an update is queued; polling finds the retries that come due.
  const workOptions = {
    includeMetadata: true,
    batchSize: 1,
    pollingIntervalSeconds: 2,
    notifyPollingIntervalSeconds: 2,
  } as const;
  await jobs.work<TelegramUpdateJob, unknown, typeof workOptions>(
    telegramUpdateQueue,
    // One at a time, in order: "/start <code>" is handled before the message that follows it.
    workOptions,
    async ([job]) => {
      if (!job) return;
      const { update } = job.data;
      try {
        await (await getHandler()).handleUpdate(update);
      } catch (error) {
        const isFinalAttempt = job.retryCount >= job.retryLimit;
        log.warn(
          { err: error, updateId: update.update_id, attempt: job.retryCount + 1, isFinalAttempt },
          'Telegram update failed',
        );
        if (!isFinalAttempt) throw error;
        const sender = updateSender(update);
        if (sender) {
          await runtime.api
            .sendMessage(sender.telegramChatId, translate('telegram.bot.failed', sender.locale))
            .catch((notifyError: unknown) => log.warn({ err: notifyError }, 'could not tell the sender'));
        }
      }
    },
  );

  const closing = new AbortController();
  const pauseUnlessClosing = (milliseconds: number) => pause(milliseconds, closing.signal);

  let polling: Awaited<ReturnType<typeof startTelegramPolling>> | null = null;
  // The bot's id is part of each job's id; without Telegram at start-up, keep asking in the background.
  const startPolling = async () => {
    while (!closing.signal.aborted) {
      const botInfo = await runtime.getBotInfo();
      if (closing.signal.aborted) return;
      if (botInfo) {
        polling = await startTelegramPolling({
          runtime,
          database,
          enqueue: createUpdateEnqueuer({ jobs, botId: botInfo.id }),
          log,
        });
        // Closed while it was starting: the close hook may already have looked for it.
        if (closing.signal.aborted) await polling.stop();
        return;
      }
      await pauseUnlessClosing(15_000);
    }
  };
  const startPollingInBackground = () =>
    void startPolling().catch((error: unknown) => log.error({ err: error }, 'Telegram polling did not start'));
  // Not waiting for a getMe still in flight (it may take its full timeout when Telegram is down).
  app.addHook('onClose', async () => {
    closing.abort();
    await polling?.stop();
  });

  if (!runtime.isWebhook) {
    startPollingInBackground();
    return;
  }

  // Every instance may set it: the same URL and secret. Telegram then sends updates to whichever
  // instance the load balancer picks, and the job queue hands each to one worker.
  const { GrammyError } = runtime.grammy;
  const setWebhook = async (): Promise<'set' | 'refused' | 'unreachable'> => {
    try {
      await runtime.interactiveApi.setWebhook(
        runtime.webhookUrl,
        { secret_token: runtime.webhookSecret, allowed_updates: [...allowedUpdates] },
        runtime.deadline(),
      );
      return 'set';
    } catch (error) {
      // Telegram's own refusal (a port or host it will not call) is the same on every try: say it
      // once and poll, rather than asking again, and failing, every minute.
      if (
        error instanceof GrammyError &&
        error.error_code >= 400 &&
        error.error_code < 500 &&
        error.error_code !== 429
      ) {
        log.error(`Telegram refused the webhook ${runtime.webhookUrl}: ${error.description}; polling instead`);
        return 'refused';
      }
      log.warn({ err: error }, 'could not set the Telegram webhook; trying again later');
      return 'unreachable';
    }
  };
  // Start-up waits for one bounded try; without Telegram, the next ones come in the background,
  // further apart each time (1, 2, 4 ... up to 15 minutes).
  const outcome = await setWebhook();
  if (outcome === 'refused') startPollingInBackground();
  if (outcome !== 'unreachable') return;
  void (async () => {
    for (let delay = 60_000; !closing.signal.aborted; delay = Math.min(delay * 2, 15 * 60_000)) {
      await pauseUnlessClosing(delay);
      if (closing.signal.aborted) return;
      const next = await setWebhook();
      if (next === 'refused') startPollingInBackground();
      if (next !== 'unreachable') return;
    }
  })();
}
