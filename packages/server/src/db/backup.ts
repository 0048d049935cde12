import { PGlite } from '@electric-sql/pglite';
import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import tar from 'tar-stream';
import { acquireDataDirLock } from './data-dir-lock.ts';

/**
 * The database to back up or restore (PostgreSQL when a connection string is given) and the backup
 * file; `leaveOut`: folders inside the data directory that are not the database (photos, backups).
 */
type BackupFiles = { dataDir: string; connectionString?: string | undefined; file: string; leaveOut?: string[] };

/**
 * Writes PGlite's archive of its data directory to `file`, gzipped, without the folders in `leaveOut`
 * that lie inside it. PGlite copies its whole directory, and by default the photos (MEDIA_DIR) and the
 * automatic backups (BACKUP_DIR) are folders in it: each backup would hold a copy of every photo, and
 * every earlier backup, so backups doubled in size each day. Those folders are not the database;
 * photos are copied on their own (README, Backup and restore).
 */
export async function writeDatabaseArchive({
  pglite,
  leaveOut,
  file,
}: {
  pglite: PGlite;
  leaveOut: readonly string[];
  file: string;
}) {
  // An in-memory database (memory://, no data directory) has no folders of other things in it.
  const dataDir = pglite.dataDir && !pglite.dataDir.includes('://') ? path.resolve(pglite.dataDir) : undefined;
  // Entry names are relative to the data directory, `/PG_VERSION`, `/base/1/…`.
  const leftOut = (dataDir === undefined ? [] : leaveOut)
    .map((folder) => path.relative(dataDir!, path.resolve(folder)).split(path.sep).join('/'))
    .filter((folder) => folder !== '' && !folder.startsWith('..') && !path.isAbsolute(folder));
  const isLeftOut = (name: string) => {
    const relative = name.replace(/^\.?\/+/, '');
    return leftOut.some((folder) => relative === folder || relative.startsWith(`${folder}/`));
  };
  const archive = Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer());
  const extract = tar.extract();
  const pack = tar.pack();
  const writing = pipeline(pack, createGzip(), createWriteStream(file));
  extract.end(archive);
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    if (isLeftOut(entry.header.name)) continue;
    await new Promise<void>((resolve, reject) =>
      pack.entry(entry.header, Buffer.concat(chunks), (error) => (error ? reject(error) : resolve())),
    );
  }
  pack.finalize();
  await writing;
}

/**
 * Backups. Embedded: a gzipped tar of the PGlite data directory without the folders in `leaveOut`
 * (the server must be stopped; the data-dir lock makes sure). PostgreSQL: pg_dump / psql in plain SQL.
 */
export async function backupDatabase({ dataDir, connectionString, file, leaveOut = [] }: BackupFiles) {
  if (connectionString) {
    await runTool(
      'pg_dump',
      ['--no-owner', '--no-privileges', '--clean', '--if-exists', `--dbname=${connectionString}`],
      { stdoutFile: file },
    );
    return;
  }
  const release = acquireDataDirLock(dataDir);
  try {
    const pglite = new PGlite(dataDir);
    await pglite.waitReady;
    await writeDatabaseArchive({ pglite, leaveOut, file });
    await pglite.close();
  } finally {
    release();
  }
}

export async function restoreDatabase({ dataDir, connectionString, file }: BackupFiles) {
  if (connectionString) {
    await runTool('psql', ['--quiet', '--set=ON_ERROR_STOP=1', `--dbname=${connectionString}`], { stdinFile: file });
    return;
  }
  const entries = existsSync(dataDir)
    ? // The secret, the lock files, the automatic backups and the photos (BACKUP_DIR's and
      // MEDIA_DIR's defaults) may stay.
      readdirSync(dataDir).filter(
        (name) => name !== 'app-secret' && name !== 'backups' && name !== 'media' && !name.startsWith('server.lock'),
      )
    : [];
  if (entries.length > 0) {
    throw new Error(`Restore needs an empty data directory; ${dataDir} already holds a database. Move it aside first.`);
  }
  const release = acquireDataDirLock(dataDir);
  try {
    const archive = new Blob([await readFile(file)]);
    const pglite = new PGlite(dataDir, { loadDataDir: archive });
    await pglite.waitReady;
    await pglite.close();
  } finally {
    release();
  }
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
