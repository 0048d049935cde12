import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';

/**
 * `mkdir -p` that reports the real cause. Node's recursive mkdir answers ENOENT ("no such file or
 * directory") when a parent is on a read-only file system; creating one level at a time gets
 * EROFS, EACCES or ENOTDIR for the level that fails.
 */
export function makeDirectory(directory: string) {
  if (existsSync(directory)) return;
  const parent = path.dirname(directory);
  if (parent !== directory) makeDirectory(parent);
  try {
    mkdirSync(directory);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

/** PGlite's file system errors carry the WebAssembly C library's errno numbers, not Node's codes. */
const emscriptenErrnoCodes: Record<number, string> = {
  2: 'EACCES',
  19: 'EDQUOT',
  29: 'EIO',
  51: 'ENOSPC',
  54: 'ENOTDIR',
  63: 'EPERM',
  69: 'EROFS',
};

/** The existing file that stands where a folder should, for ENOTDIR: the nearest part of the path that exists. */
function fileInTheWay(target: string): string {
  let current = target;
  while (!existsSync(current) && path.dirname(current) !== current) current = path.dirname(current);
  return current;
}

const reasons: Record<string, { reason: (target: string) => string; advice: string }> = {
  EROFS: { reason: () => 'the file system is read-only', advice: 'Point DATA_DIR at a writable folder.' },
  EACCES: {
    reason: () => 'permission denied',
    advice: 'Give the user running the server write access to it, or point DATA_DIR at a writable folder.',
  },
  EPERM: {
    reason: () => 'operation not permitted',
    advice: 'Give the user running the server write access to it, or point DATA_DIR at a writable folder.',
  },
  ENOSPC: {
    reason: () => 'the disk is full',
    advice: 'Free some space on that disk, or point DATA_DIR at a disk with more room.',
  },
  EDQUOT: {
    reason: () => 'the disk quota is used up',
    advice: 'Free some space or raise the quota, or point DATA_DIR at another disk.',
  },
  ENOTDIR: {
    reason: (target) => `${fileInTheWay(target)} is a file, not a folder`,
    advice: 'Point DATA_DIR at a folder.',
  },
  EIO: {
    reason: () => 'the disk reported an input/output error',
    advice: 'Check the disk, or point DATA_DIR at another one.',
  },
};

/** The file system error code of a Node error, a PGlite file system error, or a database "disk full" error. */
export function fileSystemErrorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, errno, name } = error as { code?: unknown; errno?: unknown; name?: unknown };
  if (name === 'ErrnoError' && typeof errno === 'number') return emscriptenErrnoCodes[errno];
  if (code === '53100') return 'ENOSPC'; // PostgreSQL's disk_full
  return typeof code === 'string' && code in reasons ? code : undefined;
}

/**
 * One line saying what is wrong with which path and what to do, for a file system error met while
 * starting on DATA_DIR; undefined for any other error (a bug keeps its stack trace).
 */
export function describeDataDirError(error: unknown, dataDirectory: string): string | undefined {
  const code = fileSystemErrorCode(error);
  const known = code ? reasons[code] : undefined;
  if (!known) return undefined;
  const errorPath = (error as { path?: unknown }).path;
  const target = typeof errorPath === 'string' ? errorPath : dataDirectory;
  const where = target === dataDirectory ? '' : ` (${target})`;
  return `Cannot write DATA_DIR ${dataDirectory}: ${known.reason(target)}${where}. ${known.advice}`;
}
