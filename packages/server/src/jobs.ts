import { PgBoss, fromPglite } from 'pg-boss';
import type { DatabaseHandle } from './db/client.ts';

/**
 * How often the job queue looks after itself. The supervisor looks for jobs whose worker stopped
 * answering (queue `heartbeatSeconds`) every 10 s instead of 60 (a pass needs both its supervise and
 * monitor timers). Each instance also caches the queues' rows, among them the keys of the singleton
 * jobs that were active at the last pass, and its fetches skip those keys: with pg-boss's default
 * 60 s cache, the deliveries a killed instance was sending waited up to a minute after its restart
 * (docs/reliability.md). Read every 5 s, a key no longer active is skipped for at most one pass and
 * 5 s (a query of one small table). Tests pass shorter ones.
 */
export const jobQueueTimings = {
  superviseIntervalSeconds: 10,
  monitorIntervalSeconds: 10,
  queueCacheIntervalSeconds: 5,
};
export type JobQueueTimings = typeof jobQueueTimings;

/**
 * pg-boss on the same database: the PGlite adapter embedded, a connection string on PostgreSQL.
 * LISTEN/NOTIFY wakes the workers of queues created with `notify` the moment a job is inserted, on
 * every instance, instead of at their next poll (polling stays as the floor).
 */
export async function startJobQueue(
  handle: DatabaseHandle,
  log: { error: (object: unknown, message: string) => void },
  timings: JobQueueTimings = jobQueueTimings,
) {
  const options = { schema: 'pgboss', useListenNotify: true, ...timings };
  const boss = handle.pglite
    ? new PgBoss({ ...options, db: fromPglite(handle.pglite), backend: 'pglite' })
    : new PgBoss({ ...options, connectionString: handle.connectionString!, max: 5 });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  return boss;
}

export type JobQueue = Awaited<ReturnType<typeof startJobQueue>>;

type QueueOptions = NonNullable<Parameters<JobQueue['createQueue']>[1]>;

/** Creates a queue the first time; afterwards brings its options up to date (its policy stays as created). */
export async function ensureQueue(jobs: JobQueue, name: string, { policy, ...options }: QueueOptions) {
  if (await jobs.getQueue(name)) await jobs.updateQueue(name, options);
  else await jobs.createQueue(name, { ...options, ...(policy ? { policy } : {}) });
}
