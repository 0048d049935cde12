import type { FastifyInstance } from 'fastify';
import { ensureQueue, type JobQueue } from '../../jobs.ts';
import { runDueSchedules } from './schedule-runner.ts';

export const scheduleQueue = 'sharing-schedule';

/**
 * The sharing-schedule tick: pg-boss's cron puts one job a minute in the queue
 * (one for the whole cluster), and a worker runs every user whose next run is due.
 */
export async function registerScheduleWorker(app: FastifyInstance, jobs: JobQueue) {
  const { db, config, generators, channels, media } = app.deps;
  // A tick that outlives the next one is not run twice at once; a stuck one expires.
  const options = { expireInSeconds: 15 * 60, retryLimit: 0 };
  await ensureQueue(jobs, scheduleQueue, { ...options, policy: 'singleton' });
  await jobs.schedule(scheduleQueue, '* * * * *');
  await jobs.work(scheduleQueue, { pollingIntervalSeconds: 5 }, async () => {
    const handled = await runDueSchedules({
      db,
      config,
      generators,
      jobs,
      channels,
      media,
      now: () => new Date(),
      log: app.log,
    });
    if (handled > 0) app.log.info({ handled }, 'scheduled sharing runs done');
  });
}
