import { randomUUID } from 'node:crypto';
import { linkSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { makeDirectory } from '../lib/data-dir.ts';

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** `server.lock.N` is generation N; `server.lock`, written by earlier versions, counts as generation 0. */
function lockFile(dataDirectory: string, generation: number) {
  return path.join(dataDirectory, generation === 0 ? 'server.lock' : `server.lock.${generation}`);
}

function lockGenerations(dataDirectory: string): number[] {
  return readdirSync(dataDirectory).flatMap((name) => {
    if (name === 'server.lock') return [0];
    const match = /^server\.lock\.(\d+)$/.exec(name);
    return match ? [Number(match[1])] : [];
  });
}

/** The pid a lock file names, or undefined when the file is gone or was released (empty). */
function lockHolder(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
    return Number.isInteger(pid) ? pid : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * PGlite allows one process per data directory. The lock is the newest generation file
 * `DATA_DIR/server.lock.N`, holding its owner's pid; it is held while that process lives.
 *
 * Taking it never deletes or overwrites another process's file, so two processes starting at once
 * over a dead one's lock cannot both win: each links a file already holding its pid to
 * the next generation's name, and link(2) creates a name only if it does not exist, so exactly one
 * of them gets `server.lock.N+1`; the other sees a live owner and refuses. A process that made a
 * generation and then sees a newer one (it acted on an older listing) gives way. The winner removes
 * the older generations; releasing empties the file, so generation numbers only grow.
 */
export function acquireDataDirLock(dataDirectory: string): () => void {
  makeDirectory(dataDirectory);
  // Written in full before it gets a lock file's name, so no one ever reads a half-written lock.
  const draft = path.join(dataDirectory, `server.lock-draft-${process.pid}-${randomUUID()}`);
  writeFileSync(draft, `${process.pid}\n`);
  try {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const newest = Math.max(0, ...lockGenerations(dataDirectory));
      const holder = lockHolder(lockFile(dataDirectory, newest));
      // Our own pid in an old lock is a previous run's (a container's server is often pid 1 every time).
      if (holder !== undefined && holder !== process.pid && isProcessAlive(holder)) {
        throw new Error(
          `The data directory ${dataDirectory} is in use by another Life Updates process (pid ${holder}). ` +
            'Stop that process, or set DATA_DIR to another directory (or DATABASE_URL to use PostgreSQL).',
        );
      }
      const generation = newest + 1;
      const mine = lockFile(dataDirectory, generation);
      try {
        linkSync(draft, mine);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue; // another process took it first
        throw error;
      }
      const generations = lockGenerations(dataDirectory);
      if (generations.some((other) => other > generation)) {
        rmSync(mine, { force: true });
        continue;
      }
      for (const older of generations) if (older < generation) rmSync(lockFile(dataDirectory, older), { force: true });
      return () => {
        try {
          truncateSync(mine);
        } catch {
          // Gone or unwritable: a lock whose process has ended is taken over at the next start anyway.
        }
      };
    }
    throw new Error(`Could not lock the data directory ${dataDirectory}: other processes kept taking the lock.`);
  } finally {
    rmSync(draft, { force: true });
  }
}
