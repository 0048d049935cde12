import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readdirSync, renameSync } from 'node:fs';
import path from 'node:path';

/**
 * The embedded database's own folder, `DATA_DIR/db`. A backup copies the whole folder and a restore
 * replaces it (db/backup.ts), so nothing else lives in it: the secret, the lock, the photos and the
 * backups stay in DATA_DIR beside it (docs/decisions/017-database-folder.md).
 */
export function databaseDirectory(dataDirectory: string) {
  return path.join(dataDirectory, 'db');
}

/** Where a move of an older install's database into `DATA_DIR/db` gathers its entries before its last rename. */
function movingDirectory(dataDirectory: string) {
  return path.join(dataDirectory, 'db.moving');
}

const databaseFiles = new Set(['PG_VERSION', 'base', 'global', 'backup_label', 'tablespace_map', 'current_logfiles']);

/**
 * Whether a top-level name of a data directory is PostgreSQL's: `PG_VERSION`, `base/`, `global/`,
 * `pg_*` (pg_wal/, pg_xact/, pg_hba.conf…), `postgresql.*.conf`, `postmaster.*`. PostgreSQL's own
 * layout (https://www.postgresql.org/docs/current/storage-file-layout.html), as PGlite writes it.
 */
export function isDatabaseEntry(name: string) {
  return (
    databaseFiles.has(name) ||
    name.startsWith('pg_') ||
    name.startsWith('postgresql.') ||
    name.startsWith('postmaster.')
  );
}

/**
 * Installs made before the database had its own folder kept it directly in DATA_DIR. This moves
 * exactly its entries into `DATA_DIR/db`, leaving `app-secret`, `media/`, `backups/` and anything
 * else where they are. The caller holds the data-dir lock, so no database is running on them.
 *
 * Renames only (one file system, nothing copied). The entries go into `DATA_DIR/db.moving` one by
 * one, and that folder becomes `db` by a last rename: a move cut short by a crash is finished at the
 * next start, and a database in `db` is never moved again. Returns the entries of `db` after a
 * move, none when there was nothing to move.
 */
export function moveDatabaseIntoItsFolder(dataDirectory: string): string[] {
  const target = databaseDirectory(dataDirectory);
  const moving = movingDirectory(dataDirectory);
  const names = existsSync(dataDirectory) ? readdirSync(dataDirectory) : [];
  const isHalfDone = names.includes(path.basename(moving));
  if (!isHalfDone && !names.includes('PG_VERSION')) return [];
  if (existsSync(target)) {
    throw new Error(
      `${dataDirectory} holds two databases: one in ${target} and an older one directly in it (PG_VERSION). ` +
        'Move one of them aside.',
    );
  }
  mkdirSync(moving, { recursive: true, mode: 0o700 });
  for (const name of names.filter(isDatabaseEntry)) renameSync(path.join(dataDirectory, name), path.join(moving, name));
  renameSync(moving, target);
  // The renames are in DATA_DIR's own entries: written to disk before the database opens in `db`.
  syncDirectoryEntries(dataDirectory);
  return readdirSync(target).sort();
}

/** Flushes a folder's entries (names made, renamed, removed) to disk, as fsync(2) on the folder does. */
export function syncDirectoryEntries(directory: string) {
  const descriptor = openSync(directory, 'r');
  try {
    fsyncSync(descriptor);
  } finally {
    closeSync(descriptor);
  }
}

/** The one line that says what a move did, for the server's log and the backup command's output. */
export function describeMove(dataDirectory: string, entries: readonly string[]) {
  return (
    `Moved the embedded database from ${dataDirectory} into its own folder ${databaseDirectory(dataDirectory)} ` +
    `(${entries.join(', ')}); app-secret, photos and backups stay where they were.`
  );
}
