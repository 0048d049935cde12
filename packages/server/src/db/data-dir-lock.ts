import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite allows one process per data directory. Takes `DATA_DIR/server.lock` holding our pid;
 * a lock left by a process that is gone is taken over.
 */
export function acquireDataDirLock(dataDirectory: string): () => void {
  mkdirSync(dataDirectory, { recursive: true });
  const lockPath = path.join(dataDirectory, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isProcessAlive(holder)) {
        throw new Error(
          `The data directory ${dataDirectory} is in use by another Life Updates process (pid ${holder}). ` +
            'Stop that process, or set DATA_DIR to another directory (or DATABASE_URL to use PostgreSQL).',
        );
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock the data directory ${dataDirectory}`);
}
