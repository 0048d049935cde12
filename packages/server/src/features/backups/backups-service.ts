import type { PGlite } from '@electric-sql/pglite';
import type { BackupFile } from '@life-updates/contract/backups';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { writeDatabaseArchive } from '../../db/backup.ts';

const backupPattern = /^life-updates-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z\.tar\.gz$/;

/** `life-updates-2026-11-27T03-00-00-000Z.tar.gz`: names sort by time, and carry no colon (Windows, URLs). */
function backupName(time: Date) {
  return `life-updates-${time.toISOString().replaceAll(':', '-').replace('.', '-')}.tar.gz`;
}

function timeOf(name: string): Date | undefined {
  const match = backupPattern.exec(name);
  return match ? new Date(`${match[1]}T${match[2]}:${match[3]}:${match[4]}.${match[5]}Z`) : undefined;
}

/** The backups in `directory`, newest first (none when it does not exist yet). */
export async function findBackups({ directory }: { directory: string }): Promise<BackupFile[]> {
  const names = await readdir(directory).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const backups: BackupFile[] = [];
  for (const name of names
    .filter((entry) => backupPattern.test(entry))
    .sort()
    .reverse()) {
    const { size } = await stat(path.join(directory, name));
    backups.push({ name, size, createdAt: timeOf(name)!.toISOString() });
  }
  return backups;
}

/** The path of the backup called `name` in `directory`, or undefined when there is none by that name. */
export async function getBackupPath({ directory, name }: { directory: string; name: string }) {
  if (!backupPattern.test(name)) return undefined;
  const file = path.join(directory, name);
  return (await stat(file).catch(() => undefined))?.isFile() ? file : undefined;
}

/**
 * Backs up the running embedded database into `directory` and keeps the newest `keep` backups.
 *
 * Consistent because it goes through the database: PGlite copies its data directory while it
 * holds its own query lock, so no statement runs during the copy, and after a CHECKPOINT. What a
 * transaction had not committed is rolled back when the copy is opened, as after a power cut; a
 * copy of the live files made from outside the process (cp, tar) could catch a page half-written.
 * The archive holds the database's folder (DATA_DIR/db) only, never the photos or the earlier
 * backups; it is what `npm run db:restore` reads (db/backup.ts).
 */
export async function createBackup({
  pglite,
  directory,
  keep,
  now = new Date(),
}: {
  pglite: PGlite;
  directory: string;
  keep: number;
  now?: Date;
}): Promise<BackupFile> {
  await mkdir(directory, { recursive: true });
  await pglite.exec('checkpoint');
  const name = backupName(now);
  const file = path.join(directory, name);
  // Written beside and renamed: a backup cut short (disk full, a crash) is never listed as one.
  const partial = `${file}.partial`;
  try {
    await writeDatabaseArchive({ pglite, file: partial });
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  await pruneBackups({ directory, keep: Math.max(keep, 1) });
  const { size } = await stat(file);
  return { name, size, createdAt: now.toISOString() };
}

/** Deletes all but the newest `keep` backups. */
export async function pruneBackups({ directory, keep }: { directory: string; keep: number }) {
  const backups = await findBackups({ directory });
  for (const old of backups.slice(keep)) await rm(path.join(directory, old.name), { force: true });
}

/** Whether the newest backup is older than `maxAgeMs` (or there is none). */
export async function isBackupDue({ directory, now, maxAgeMs }: { directory: string; now: Date; maxAgeMs: number }) {
  const [newest] = await findBackups({ directory });
  return !newest || now.getTime() - new Date(newest.createdAt).getTime() >= maxAgeMs;
}
