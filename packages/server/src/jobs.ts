import { PgBoss, fromPglite } from 'pg-boss';
import type { DatabaseHandle } from './db/client.ts';

/**
 * pg-boss on the same database: the PGlite adapter embedded, a connection string on PostgreSQL.
 * LISTEN/NOTIFY wakes the workers of queues created with `notify` the moment a job is inserted, on
 * every instance, instead of at their next poll (polling stays as the floor). The supervisor looks
 * for jobs whose worker stopped answering (queue `heartbeatSeconds`) every 10 s instead of 60 (a pass
 * needs both its supervise and monitor timers).
 */
export async function startJobQueue(
  handle: DatabaseHandle,
  log: { error: (object: unknown, message: string) => void },
) {
  const options = { schema: 'pgboss', useListenNotify: true, superviseIntervalSeconds: 10, monitorIntervalSeconds: 10 };
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
