import { PgBoss, fromPglite } from 'pg-boss';
import type { DatabaseHandle } from './db/client.ts';

/** pg-boss on the same database: the PGlite adapter embedded, a connection string on PostgreSQL. */
export async function startJobQueue(handle: DatabaseHandle, log: { error: (object: unknown, message: string) => void }) {
  const boss = handle.pglite
    ? new PgBoss({ db: fromPglite(handle.pglite), backend: 'pglite', schema: 'pgboss' })
    : new PgBoss({ connectionString: handle.connectionString!, schema: 'pgboss', max: 5 });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  return boss;
}

export type JobQueue = Awaited<ReturnType<typeof startJobQueue>>;
