import { statfs } from 'node:fs/promises';
import { fileSystemErrorCode } from './data-dir.ts';

type FreeSpaceReader = (directory: string) => Promise<{ bavail: number; bsize: number }>;

/**
 * Watches the free space of the disk holding `directory`. One statfs call is a few microseconds;
 * a reading is reused for `maxAgeMs`, and callers arriving while one is under way share it.
 * `onChange` hears when the space drops under the margin and when it comes back.
 */
export function createDiskSpace(options: {
  directory: string;
  marginBytes: number;
  maxAgeMs?: number;
  readFreeSpace?: FreeSpaceReader;
  onChange?: (change: { isLow: boolean; freeBytes: number }) => void;
}) {
  const { directory, marginBytes, maxAgeMs = 1000, readFreeSpace = statfs, onChange } = options;
  let isLow = false;
  let readAt = -Infinity;
  let reading: Promise<boolean> | undefined;

  async function read(): Promise<boolean> {
    try {
      const { bavail, bsize } = await readFreeSpace(directory);
      const freeBytes = bavail * bsize;
      const wasLow = isLow;
      isLow = freeBytes < marginBytes;
      if (isLow !== wasLow) onChange?.({ isLow, freeBytes });
    } catch {
      // Unknown (the folder vanished?): writes go ahead, and the database reports what it meets.
      isLow = false;
    }
    readAt = Date.now();
    return isLow;
  }

  return {
    /** Whether the disk has less free space than the margin; asks the file system at most once a second. */
    isLow: async (): Promise<boolean> => {
      if (marginBytes <= 0) return false;
      if (Date.now() - readAt < maxAgeMs) return isLow;
      reading ??= read().finally(() => (reading = undefined));
      return reading;
    },
  };
}

export type DiskSpace = ReturnType<typeof createDiskSpace>;

/**
 * Whether an error says the disk has no room: ENOSPC or EDQUOT from the file system (a photo
 * written to MEDIA_DIR), PGlite's own file system error for them, or PostgreSQL's SQLSTATE 53100
 * `disk_full` (PostgreSQL's errcode_for_file_access gives it for ENOSPC when a table, index or
 * temporary file cannot grow), also when the query builder or the auth library wrapped it (`cause`).
 */
export function isDiskFullError(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Object && depth < 5; depth += 1) {
    const code = fileSystemErrorCode(current);
    if (code === 'ENOSPC' || code === 'EDQUOT') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
