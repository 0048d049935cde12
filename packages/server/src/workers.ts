import type { FastifyInstance } from 'fastify';
import { registerEmailDeliveryWorker } from './features/shares/delivery/worker.ts';
import { registerLinkedinWorkers } from './features/linkedin/linkedin-worker.ts';
import { registerScheduleWorker } from './features/schedule/schedule-worker.ts';
import { registerTelegramWorker } from './features/telegram/telegram-worker.ts';
import type { JobQueue } from './jobs.ts';

/** Registers every background worker on the job queue. Features add theirs here. */
export async function registerWorkers(app: FastifyInstance, jobs: JobQueue) {
  await registerEmailDeliveryWorker(app, jobs);
  await registerScheduleWorker(app, jobs);
  await registerLinkedinWorkers(app, jobs);
  await registerTelegramWorker(app, jobs);
}
