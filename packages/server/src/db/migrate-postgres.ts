import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';

/** The advisory-lock key migrations run under (any fixed 64-bit number of our own; Telegram polling uses another). */
export const migrationLockKey = 7_215_482_093_117_001n;

/**
 * Applies the migrations while holding a PostgreSQL advisory lock on a connection of its own, so
 * instances starting together (a rolling upgrade, two replicas) take turns: the first applies
 * them, the others wait, then find nothing left to do. Without it two could both try the same
 * migration, and one would fail on the other's half-made tables.
 */
export async function migratePostgresUnderLock(pool: pg.Pool, db: unknown, migrationsFolder: string) {
  const lockHolder = await pool.connect();
  try {
    await lockHolder.query('select pg_advisory_lock($1)', [migrationLockKey.toString()]);
    try {
      await migrate(db as never, { migrationsFolder });
    } finally {
      await lockHolder.query('select pg_advisory_unlock($1)', [migrationLockKey.toString()]);
    }
  } finally {
    lockHolder.release();
  }
}
