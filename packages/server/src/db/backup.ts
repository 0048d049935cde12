import { PGlite, protocol } from '@electric-sql/pglite';
import { spawn } from 'node:child_process';
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import tar from 'tar-stream';
import { acquireDataDirLock } from './data-dir-lock.ts';
import {
  databaseDirectory,
  isDatabaseEntry,
  moveDatabaseIntoItsFolder,
  syncDirectoryEntries,
} from './database-directory.ts';

/** `dataDir` is DATA_DIR (the database is in its `db` folder); PostgreSQL when a connection string is given. */
type BackupFiles = { dataDir: string; connectionString?: string | undefined; file: string };

/** A backup is written as `FILE.partial` and renamed to FILE once whole. */
export const partialSuffix = '.partial';

/** The partial files this process is writing now: any other partial file was left by a backup cut short. */
const partialsInProgress = new Set<string>();

/** Whether this process is writing the partial file `file` now (so it is not a stale one to remove). */
export function isBeingWritten(file: string) {
  return partialsInProgress.has(path.resolve(file));
}

/**
 * Writes `file` whole or not at all: `write` fills `FILE.partial` (and flushes it to disk), which is
 * then renamed to FILE, and the rename flushed too. A backup cut short by an error, a full disk or a
 * killed process never leaves a file by the final name; what it leaves by the partial name is
 * removed on error here, and after a kill by the next start or backup (features/backups).
 */
export async function writeWhole(file: string, write: (partial: string) => Promise<void>) {
  const partial = path.resolve(file + partialSuffix);
  partialsInProgress.add(partial);
  try {
    await write(partial);
    await rename(partial, file);
    syncDirectoryEntries(path.dirname(partial));
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    partialsInProgress.delete(partial);
  }
}

/**
 * PostgreSQL's files that a copy leaves out: the running process's lock file and its command line
 * (the PostgreSQL manual, "Making a Base Backup Using the Low Level API", lists them as safe to omit).
 */
const leftOut = new Set(['postmaster.pid', 'postmaster.opts']);

/** A WAL segment's file: 24 hex digits (timeline, log, segment), so the names sort in WAL order. */
const walSegment = /^pg_wal\/([0-9A-F]{24})$/;

/** The WAL segments a copy needs: from the one holding the last checkpoint's redo point to the one being written. */
type WalSegments = { first: string; last: string };

/** Whether the archive holds the entry `name` (relative to the database's folder); all the WAL without `wal`. */
function isArchived(name: string, wal: WalSegments | undefined) {
  if (leftOut.has(name)) return false;
  const segment = walSegment.exec(name)?.[1];
  if (!wal || segment === undefined) return true;
  // The others are segments kept for reuse (recycled, holding stale WAL) or a timeline's past:
  // recovery reads none of them, and they can weigh more than the database (up to max_wal_size).
  return segment >= wal.first && segment <= wal.last;
}

/**
 * Streams the database folder `directory` into a gzipped tar at `file`, reading one file at a time
 * from disk: memory stays flat whatever the database weighs. Entry names are relative to the folder
 * (`PG_VERSION`, `base/5/1259`), as restore reads them. The caller makes sure nothing writes to the
 * folder meanwhile (a size that changes fails the archive: tar-stream checks each entry's length).
 */
async function writeDatabaseArchive({ directory, file, wal }: { directory: string; file: string; wal?: WalSegments }) {
  const pack = tar.pack();
  const writing = pipeline(pack, createGzip(), createWriteStream(file, { mode: 0o600, flush: true }));
  writing.catch(() => {}); // its error also fails the entries below; it is reported by the await at the end
  try {
    await addFolder(pack, directory, '', (name) => isArchived(name, wal));
    pack.finalize();
  } catch (error) {
    pack.destroy(error as Error);
  }
  await writing;
}

async function addFolder(pack: tar.Pack, root: string, folder: string, isIncluded: (name: string) => boolean) {
  const entries = await readdir(path.join(root, folder), { withFileTypes: true });
  entries.sort((a, b) => (a.name < b.name ? -1 : 1));
  for (const entry of entries) {
    const name = folder === '' ? entry.name : `${folder}/${entry.name}`;
    if (!isIncluded(name)) continue;
    const onDisk = path.join(root, name);
    const { mode, mtime, size } = await stat(onDisk);
    if (entry.isDirectory()) {
      pack.entry({ name, type: 'directory', mode: mode & 0o7777, mtime });
      await addFolder(pack, root, name, isIncluded);
    } else if (entry.isFile()) {
      await pipeline(createReadStream(onDisk), pack.entry({ name, type: 'file', mode: mode & 0o7777, mtime, size }));
    }
  }
}

/** The folder on disk of a PGlite opened on one (`/path` or `file:///path`); in-memory ones have none. */
function folderOf(pglite: PGlite) {
  const { dataDir } = pglite;
  if (!dataDir || (dataDir.includes('://') && !dataDir.startsWith('file://'))) {
    throw new Error('This database is not on disk: there are no files to back up.');
  }
  return path.resolve(dataDir.replace(/^file:\/\//, ''));
}

/**
 * Runs `query` through the wire protocol, which PGlite's exclusive section does not block (its own
 * query methods wait for the section to end), and answers its rows, as text.
 */
async function queryInExclusiveSection(pglite: PGlite, query: string) {
  const { messages } = await pglite.execProtocol(protocol.serialize.query(query));
  return messages.flatMap((message) => (message instanceof protocol.messages.DataRowMessage ? [message.fields] : []));
}

/**
 * Writes a backup of the open embedded database to `file`: a gzipped tar of its folder,
 * DATA_DIR/db, which holds nothing else (db/database-directory.ts).
 *
 * Consistent while the app is in use, because nothing writes while the files are read: PGlite runs
 * PostgreSQL in this process alone (single-user mode: no background writer, checkpointer or
 * autovacuum), and inside its exclusive section no statement runs; the app's queries wait for the
 * copy (seconds, once a day). PGlite's file system on Node (NodeFS) is the folder itself, so what
 * PostgreSQL wrote is what is read. The CHECKPOINT first writes what was still in PostgreSQL's
 * buffers: the copy is as of the last commit, and opening it replays only the WAL written since
 * the checkpoint; a transaction still open at the time is rolled back then, as after a power cut.
 */
export async function writeRunningDatabaseArchive({ pglite, file }: { pglite: PGlite; file: string }) {
  const directory = folderOf(pglite);
  await pglite.runExclusive(async () => {
    await queryInExclusiveSection(pglite, 'CHECKPOINT');
    const [[first, last] = []] = await queryInExclusiveSection(
      pglite,
      'SELECT pg_walfile_name(redo_lsn), pg_walfile_name(pg_current_wal_insert_lsn()) FROM pg_control_checkpoint()',
    );
    if (!first || !last) throw new Error('PostgreSQL did not say where its WAL is.');
    await writeDatabaseArchive({ directory, file, wal: { first, last } });
  });
}

/**
 * Backups by hand (`npm run db:backup`). Embedded: a gzipped tar of the database's folder,
 * `DATA_DIR/db`, streamed from disk as the server's backups are. The server must be stopped (the
 * data-dir lock makes sure), so nothing writes to it, and PGlite is not opened: its first seconds
 * in a process cost hundreds of MiB (docs/benchmarks.md). Without PostgreSQL to say which WAL
 * recovery needs, all of it is copied: a database the server left after a crash is recovered when
 * the backup is restored. PostgreSQL: pg_dump in plain SQL. Either is written whole or not at all.
 */
export async function backupDatabase({ dataDir, connectionString, file }: BackupFiles): Promise<{
  /** The entries an older install's database had directly in DATA_DIR, moved into `db` first (db/database-directory.ts). */
  movedEntries: string[];
}> {
  if (connectionString) {
    await writeWhole(file, (partial) =>
      runTool('pg_dump', ['--no-owner', '--no-privileges', '--clean', '--if-exists', `--dbname=${connectionString}`], {
        stdoutFile: partial,
      }),
    );
    return { movedEntries: [] };
  }
  const release = acquireDataDirLock(dataDir);
  try {
    const movedEntries = moveDatabaseIntoItsFolder(dataDir);
    const directory = databaseDirectory(dataDir);
    if (!existsSync(path.join(directory, 'PG_VERSION'))) throw new Error(`There is no database in ${directory}.`);
    await writeWhole(file, (partial) => writeDatabaseArchive({ directory, file: partial }));
    return { movedEntries };
  } finally {
    release();
  }
}

/** What a restore did with the `app-secret` that backups made before the database had its own folder hold. */
export type RestoredSecret = 'none in the backup' | 'restored' | 'kept' | 'kept, the backup holds another';

/**
 * Restores a backup into `DATA_DIR/db`, which must not hold a database yet. Reads the archive as a
 * stream and writes only the database's entries: a backup made when the database lived directly in
 * DATA_DIR has the secret, the lock files and, from the oldest versions, photos and earlier backups
 * at its root. Its `app-secret` is put back when DATA_DIR has none (the restored database's saved
 * keys were encrypted with it); an existing one is kept.
 */
export async function restoreDatabase({ dataDir, connectionString, file }: BackupFiles): Promise<{
  movedEntries: string[];
  secret: RestoredSecret;
}> {
  if (connectionString) {
    await runTool('psql', ['--quiet', '--set=ON_ERROR_STOP=1', `--dbname=${connectionString}`], { stdinFile: file });
    return { movedEntries: [], secret: 'none in the backup' };
  }
  const release = acquireDataDirLock(dataDir);
  try {
    const movedEntries = moveDatabaseIntoItsFolder(dataDir);
    const target = databaseDirectory(dataDir);
    if (existsSync(target) && readdirSync(target).length > 0) {
      throw new Error(`Restore needs a data directory without a database; ${target} holds one. Move it aside first.`);
    }
    // Unpacked beside and renamed: a restore cut short (a truncated file, a full disk, a kill)
    // never leaves half a database in `db`; the next restore starts its folder afresh.
    const unpacking = `${target}.restoring`;
    rmSync(unpacking, { recursive: true, force: true });
    let secret: Buffer | undefined;
    try {
      secret = await extractDatabaseEntries(file, unpacking);
      if (!existsSync(path.join(unpacking, 'PG_VERSION'))) {
        throw new Error(`${file} is not a backup of the embedded database (it has no PG_VERSION).`);
      }
      // Opened once: PostgreSQL checks the files and finishes its recovery before the server ever sees them.
      const pglite = new PGlite(unpacking);
      await pglite.waitReady;
      await pglite.close();
    } catch (error) {
      rmSync(unpacking, { recursive: true, force: true });
      throw error;
    }
    if (existsSync(target)) rmdirSync(target); // empty, checked above (rmdir refuses anything else)
    renameSync(unpacking, target);
    syncDirectoryEntries(dataDir);
    return { movedEntries, secret: putBackSecret(dataDir, secret) };
  } finally {
    release();
  }
}

function putBackSecret(dataDir: string, secret: Buffer | undefined): RestoredSecret {
  if (!secret) return 'none in the backup';
  const secretPath = path.join(dataDir, 'app-secret');
  if (!existsSync(secretPath)) {
    writeFileSync(secretPath, secret, { mode: 0o600 });
    return 'restored';
  }
  return readFileSync(secretPath).equals(secret) ? 'kept' : 'kept, the backup holds another';
}

/** Whether `file` starts with gzip's magic bytes (backups are gzipped; PGlite also reads plain tars). */
async function isGzipped(file: string) {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(2), 0, 2, 0);
    return bytesRead === 2 && buffer[0] === 0x1f && buffer[1] === 0x8b;
  } finally {
    await handle.close();
  }
}

/**
 * Unpacks the database's entries of a backup into `target`, one entry at a time as the archive is
 * read; returns the archive's `app-secret`, if any. Names are relative to the database's folder:
 * `PG_VERSION`, `base/1/…` as writeDatabaseArchive writes them, `/PG_VERSION` as PGlite's own
 * dumpDataDir wrote the backups of earlier versions (a tar, gzipped). Names that would leave
 * `target` are skipped.
 */
export async function extractDatabaseEntries(file: string, target: string): Promise<Buffer | undefined> {
  mkdirSync(target, { recursive: true, mode: 0o700 });
  const extract = tar.extract();
  const reading = (await isGzipped(file))
    ? pipeline(createReadStream(file), createGunzip(), extract)
    : pipeline(createReadStream(file), extract);
  reading.catch(() => {}); // its error also ends the loop below, which reports it
  let secret: Buffer | undefined;
  for await (const entry of extract) {
    const name = path.posix.normalize(entry.header.name.replace(/^(\.?\/)+/, ''));
    const [first = ''] = name.split('/');
    if (name === 'app-secret' && entry.header.type === 'file') {
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      secret = Buffer.concat(chunks);
      continue;
    }
    if (!isDatabaseEntry(first) || name.startsWith('..')) {
      entry.resume();
      continue;
    }
    const destination = path.join(target, ...name.split('/'));
    if (entry.header.type === 'directory') {
      mkdirSync(destination, { recursive: true, mode: 0o700 });
      entry.resume();
    } else if (entry.header.type === 'file') {
      mkdirSync(path.dirname(destination), { recursive: true, mode: 0o700 });
      await pipeline(entry, createWriteStream(destination, { mode: 0o600 }));
    } else {
      entry.resume();
    }
  }
  await reading;
  return secret;
}

function runTool(command: string, args: string[], io: { stdoutFile?: string; stdinFile?: string }) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });
    const pending: Promise<void>[] = [];
    if (io.stdoutFile)
      pending.push(pipeline(child.stdout, createWriteStream(io.stdoutFile, { mode: 0o600, flush: true })));
    else child.stdout.resume();
    if (io.stdinFile) pending.push(pipeline(createReadStream(io.stdinFile), child.stdin));
    else child.stdin.end();
    child.on('error', reject);
    child.on('close', (code) => {
      Promise.all(pending)
        .then(() => (code === 0 ? resolve() : reject(new Error(`${command} exited with code ${code}`))))
        .catch(reject);
    });
  });
}
