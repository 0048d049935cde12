import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { z } from 'zod';
import { migrationsFolder, type DatabaseHandle } from '../../db/client.ts';
import type { JobQueue } from '../../jobs.ts';

export const readinessSchema = z.object({
  status: z.enum(['ready', 'not-ready']),
  database: z.enum(['ok', 'failed']),
  /** Whether every migration this build ships is applied (`pending`: the database is older than the code). */
  migrations: z.enum(['ok', 'pending', 'failed']),
  /** The pg-boss job queue: started, its schema reachable through its own connection. */
  jobs: z.enum(['ok', 'not-started', 'stopped', 'failed']),
});

/** A check that takes longer than this counts as failed: a load balancer's probe must not hang. */
const checkTimeoutMs = 3000;

function withinTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('readiness check timed out')), checkTimeoutMs);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

let newestShippedMigration: number | undefined;
/** drizzle records each applied migration's journal time (`when`) as `created_at`. */
function newestMigrationTime() {
  newestShippedMigration ??= Math.max(...readMigrationFiles({ migrationsFolder }).map((file) => file.folderMillis));
  return newestShippedMigration;
}

/**
 * Whether this instance can serve: the database answers, its schema is this build's, and the job
 * queue (email, schedules) runs. `/api/ready` answers 503 otherwise, so a load balancer or an
 * orchestrator sends no traffic to it.
 */
export function createReadinessCheck({ database, jobs }: { database: DatabaseHandle; jobs: JobQueue | undefined }) {
  let isQueueStopped = false;
  jobs?.on('stopped', () => {
    isQueueStopped = true;
  });

  return async function checkReadiness(): Promise<z.infer<typeof readinessSchema>> {
    const [databaseCheck, migrationsCheck, jobsCheck] = await Promise.all([
      withinTimeout(database.db.execute(sql`select 1`)).then(
        () => 'ok' as const,
        () => 'failed' as const,
      ),
      withinTimeout(database.db.execute(sql`select max(created_at) as newest from drizzle.__drizzle_migrations`)).then(
        // node-postgres and PGlite both answer { rows }; the bigint comes as a string or a number.
        (result) => {
          const [row] = (result as { rows: Array<{ newest: string | number | null }> }).rows;
          return Number(row?.newest ?? 0) >= newestMigrationTime() ? ('ok' as const) : ('pending' as const);
        },
        () => 'failed' as const,
      ),
      !jobs
        ? Promise.resolve('not-started' as const)
        : isQueueStopped
          ? Promise.resolve('stopped' as const)
          : withinTimeout(jobs.schemaVersion()).then(
              (version) => (version === null ? ('failed' as const) : ('ok' as const)),
              () => 'failed' as const,
            ),
    ]);
    const isReady = databaseCheck === 'ok' && migrationsCheck === 'ok' && jobsCheck === 'ok';
    return {
      status: isReady ? 'ready' : 'not-ready',
      database: databaseCheck,
      migrations: migrationsCheck,
      jobs: jobsCheck,
    };
  };
}
