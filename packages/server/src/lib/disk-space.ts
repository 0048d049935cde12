import { statfs } from 'node:fs/promises';

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
