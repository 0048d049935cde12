import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Update } from 'grammy/types';
import type { DatabaseHandle } from '../../db/client.ts';
import { asTelegramSignal, type TelegramRuntime } from './telegram-runtime.ts';

/** The advisory-lock key the polling instance holds (any fixed 64-bit number of our own). */
const pollingLockKey = 7_361_902_114_205_301n;
const longPollSeconds = 25;
const lockRetryMs = 15_000;
const failurePauseMs = 5_000;

export const allowedUpdates = ['message', 'channel_post'] as const;

/**
 * Telegram allows one getUpdates caller per bot. On PostgreSQL, several instances may share the
 * database: the one holding a session-level advisory lock, on a connection of its own, polls; the
 * others try again every 15 s and take over when it stops (its connection, and so its lock, ends).
 * The embedded database has one process, so it always polls.
 */
async function createPollingLock(database: DatabaseHandle, log: FastifyBaseLogger) {
  if (!database.connectionString) return { acquire: async () => true, release: async () => {} };
  let client: pg.Client | null = null;
  const drop = () => {
    const current = client;
    client = null;
    void current?.end().catch(() => {});
  };
  return {
    acquire: async () => {
      if (client) return true;
      const candidate = new pg.Client({ connectionString: database.connectionString });
      candidate.on('error', (error) => {
        log.warn({ err: error }, 'Telegram polling lock connection lost');
        if (client === candidate) drop();
      });
      try {
        await candidate.connect();
        const { rows } = await candidate.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
          pollingLockKey.toString(),
        ]);
        if (rows[0]?.locked) {
          client = candidate;
          return true;
        }
      } catch (error) {
        log.warn({ err: error }, 'Telegram polling lock unavailable');
      }
      await candidate.end().catch(() => {});
      return false;
    },
    release: async () => drop(),
  };
}

/** Waits, or less when the signal aborts (stopping). */
export const pause = (milliseconds: number, signal: AbortSignal) =>
  sleep(milliseconds, undefined, { signal }).catch(() => undefined);

/**
 * Long polling that loses nothing: an update is confirmed to Telegram (by the next call's offset)
 * only once it is safely in the job queue; when the queue cannot take it (database down) the same
 * updates are fetched again after a pause. grammY's own `bot.start()` moves past an update whose
 * handling failed, so the loop is ours, on grammY's API client.
 */
export async function startTelegramPolling({
  runtime,
  database,
  enqueue,
  log,
}: {
  runtime: TelegramRuntime;
  database: DatabaseHandle;
  enqueue: (update: Update) => Promise<void>;
  log: FastifyBaseLogger;
}): Promise<{ stop: () => Promise<void> }> {
  const stopping = new AbortController();
  const signal = asTelegramSignal(stopping.signal);
  const lock = await createPollingLock(database, log);
  let offset: number | undefined;
  let webhookCleared = false;

  async function loop() {
    while (!stopping.signal.aborted) {
      if (!(await lock.acquire())) {
        await pause(lockRetryMs, stopping.signal);
        continue;
      }
      let updates: Update[];
      try {
        if (!webhookCleared) {
          // getUpdates is refused while a webhook is set (from an earlier TELEGRAM_WEBHOOK run).
          await runtime.api.deleteWebhook({ drop_pending_updates: false }, signal);
          webhookCleared = true;
        }
        updates = await runtime.api.getUpdates(
          { offset, timeout: longPollSeconds, allowed_updates: [...allowedUpdates] },
          signal,
        );
      } catch (error) {
        if (stopping.signal.aborted) break;
        log.warn({ err: error }, 'Telegram getUpdates failed; trying again');
        await pause(failurePauseMs, stopping.signal);
        continue;
      }
      for (const update of updates) {
        try {
          await enqueue(update);
        } catch (error) {
          log.error({ err: error }, 'could not queue a Telegram update; fetching it again');
          await pause(failurePauseMs, stopping.signal);
          break;
        }
        offset = update.update_id + 1;
      }
    }
  }

  const running = loop().catch((error: unknown) => log.error({ err: error }, 'Telegram polling stopped'));
  return {
    stop: async () => {
      stopping.abort();
      await running;
      await lock.release();
    },
  };
}
