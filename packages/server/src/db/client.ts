import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { unpackFreshCluster } from './fresh-cluster.ts';
import { migratePostgresUnderLock } from './migrate-postgres.ts';
import { stopAfterFatalError } from './pglite-fatal-errors.ts';
import { schema } from './schema.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** An open transaction, as `db.transaction` hands it to its callback. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** A database handle or an open transaction on it. */
export type Executor = Database | Transaction;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** The PGlite instance, present on the embedded database (pg-boss and backups use it). */
  pglite?: PGlite;
  connectionString?: string;
  /** The folder of the embedded database (absent in memory and on PostgreSQL): its disk's free space is watched. */
  dataDir?: string;
  /**
   * Set when the embedded database has stopped after a fatal error (db/pglite-fatal-errors.ts):
   * every query fails from then on, /api/health answers 503 and the server exits to be restarted.
   */
  fatalError?: Error;
  close: () => Promise<void>;
};

// packages/server/drizzle, from src/db/client.ts when run from source and from dist/ in the built server.
export const migrationsFolder =
  ['../../drizzle', '../drizzle']
    .map((relative) => fileURLToPath(new URL(relative, import.meta.url)))
    .find((folder) => existsSync(path.join(folder, 'meta/_journal.json'))) ??
  fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * PostgreSQL's memory settings inside PGlite. Its WebAssembly memory never shrinks, and PostgreSQL
 * zero-fills shared_buffers at start, so the default 128 MB is resident from the first second. One
 * person's data fits a small cache; the files it reads still come through the OS's page cache.
 * 8 MB instead of 16 MB took 8 MiB off the idle server (docs/benchmarks.md, Footprint).
 */
const pgliteSettings = ['shared_buffers=8MB', 'temp_buffers=2MB', 'maintenance_work_mem=16MB', 'wal_buffers=1MB'];

/**
 * Opens the database: PostgreSQL when a connection string is given, else PGlite in `dataDir`
 * (or in memory for `memory://`). Applies the committed migrations before returning.
 */
export async function openDatabase(options: {
  connectionString?: string | undefined;
  dataDir: string;
  onIdleError?: (error: Error) => void;
  /** Told once when the embedded database stops after a fatal error; the process should then exit. */
  onFatalError?: (error: Error) => void;
}): Promise<DatabaseHandle> {
  if (options.connectionString) {
    const pool = new pg.Pool({ connectionString: options.connectionString, max: 10 });
    // An idle connection dropped by the server must not crash the process; the pool replaces it.
    pool.on('error', (error) => options.onIdleError?.(error));
    const db = drizzlePostgres(pool, { schema }) as unknown as Database;
    await migratePostgresUnderLock(pool, db, migrationsFolder);
    return { db, kind: 'postgres', connectionString: options.connectionString, close: () => pool.end() };
  }
  const isInMemory = options.dataDir === 'memory://';
  if (!isInMemory) await unpackFreshCluster(options.dataDir);
  const pglite = isInMemory
    ? new PGlite({ postgresqlconf: pgliteSettings })
    : new PGlite(options.dataDir, { postgresqlconf: pgliteSettings });
  const db = drizzlePglite(pglite, { schema }) as unknown as Database;
  const handle: DatabaseHandle = {
    db,
    kind: 'pglite',
    pglite,
    ...(isInMemory ? {} : { dataDir: options.dataDir }),
    // After a fatal error PGlite's own close would run PostgreSQL again; the process is exiting anyway.
    close: async () => {
      if (!handle.fatalError) await pglite.close();
    },
  };
  stopAfterFatalError(pglite, (error) => {
    handle.fatalError = error;
    options.onFatalError?.(error);
  });
  await pglite.waitReady;
  await migratePglite(db as never, { migrationsFolder });
  return handle;
}
