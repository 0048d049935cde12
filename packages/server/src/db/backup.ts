import { PGlite } from '@electric-sql/pglite';
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
import { open } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import tar from 'tar-stream';
import { acquireDataDirLock } from './data-dir-lock.ts';
import { databaseDirectory, isDatabaseEntry, moveDatabaseIntoItsFolder } from './database-directory.ts';

/** `dataDir` is DATA_DIR (the database is in its `db` folder); PostgreSQL when a connection string is given. */
type BackupFiles = { dataDir: string; connectionString?: string | undefined; file: string };

/**
 * Writes PGlite's archive of its data directory to `file`, gzipped: the database's files only, since
 * its folder holds nothing else (db/database-directory.ts). PGlite builds the archive in memory, so
 * its size is the database's, whatever the photos and backups beside it weigh.
 */
export async function writeDatabaseArchive({ pglite, file }: { pglite: PGlite; file: string }) {
  const archive = await pglite.dumpDataDir('none');
  await pipeline(archive.stream(), createGzip(), createWriteStream(file));
}

/**
 * Backups. Embedded: a gzipped tar of the PGlite data directory, `DATA_DIR/db` (the server must be
 * stopped; the data-dir lock makes sure). PostgreSQL: pg_dump / psql in plain SQL.
 */
export async function backupDatabase({ dataDir, connectionString, file }: BackupFiles): Promise<{
  /** The entries an older install's database had directly in DATA_DIR, moved into `db` first (db/database-directory.ts). */
  movedEntries: string[];
}> {
  if (connectionString) {
    await runTool(
      'pg_dump',
      ['--no-owner', '--no-privileges', '--clean', '--if-exists', `--dbname=${connectionString}`],
      { stdoutFile: file },
    );
    return { movedEntries: [] };
  }
  const release = acquireDataDirLock(dataDir);
  try {
    const movedEntries = moveDatabaseIntoItsFolder(dataDir);
    const directory = databaseDirectory(dataDir);
    if (!existsSync(path.join(directory, 'PG_VERSION'))) throw new Error(`There is no database in ${directory}.`);
    const pglite = new PGlite(directory);
    await pglite.waitReady;
    await writeDatabaseArchive({ pglite, file });
    await pglite.close();
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
    // Unpacked beside and renamed: a restore cut short never leaves half a database in `db`.
    const unpacking = `${target}.restoring`;
    rmSync(unpacking, { recursive: true, force: true });
    const secret = await extractDatabaseEntries(file, unpacking);
    if (!existsSync(path.join(unpacking, 'PG_VERSION'))) {
      rmSync(unpacking, { recursive: true, force: true });
      throw new Error(`${file} is not a backup of the embedded database (it has no PG_VERSION).`);
    }
    // Opened once: PostgreSQL checks the files and finishes its recovery before the server ever sees them.
    const pglite = new PGlite(unpacking);
    await pglite.waitReady;
    await pglite.close();
    if (existsSync(target)) rmdirSync(target); // empty, checked above (rmdir refuses anything else)
    renameSync(unpacking, target);
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
 * Unpacks the database's entries of a PGlite archive (names relative to its data directory, as
 * `/PG_VERSION`, `/base/1/…`) into `target`; returns the archive's `app-secret`, if any. Names that
 * would leave `target` are skipped.
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
    if (io.stdoutFile) pending.push(pipeline(child.stdout, createWriteStream(io.stdoutFile)));
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
