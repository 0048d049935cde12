import { PGlite } from '@electric-sql/pglite';
import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync, readdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { acquireDataDirLock } from './data-dir-lock.ts';

/** The database to back up or restore (PostgreSQL when a connection string is given) and the backup file. */
type BackupFiles = { dataDir: string; connectionString?: string | undefined; file: string };

/**
 * Backups. Embedded: a gzipped tar of the PGlite data directory (the server must be stopped;
 * the data-dir lock makes sure). PostgreSQL: pg_dump / psql in plain SQL.
 */
export async function backupDatabase({ dataDir, connectionString, file }: BackupFiles) {
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
    const dump = await pglite.dumpDataDir('gzip');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
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
    ? // The secret, the lock files and the automatic backups (BACKUP_DIR's default) may stay.
      readdirSync(dataDir).filter(
        (name) => name !== 'app-secret' && name !== 'backups' && !name.startsWith('server.lock'),
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
