import type { PGlite } from '@electric-sql/pglite';
import type { BackupFile } from '@life-updates/contract/backups';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { isBeingWritten, partialSuffix, writeRunningDatabaseArchive, writeWhole } from '../../db/backup.ts';

const backupPattern = /^life-updates-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z\.tar\.gz$/;

/** `life-updates-2026-11-27T03-00-00-000Z.tar.gz`: names sort by time, and carry no colon (Windows, URLs). */
function backupName(time: Date) {
  return `life-updates-${time.toISOString().replaceAll(':', '-').replace('.', '-')}.tar.gz`;
}

function timeOf(name: string): Date | undefined {
  const match = backupPattern.exec(name);
  return match ? new Date(`${match[1]}T${match[2]}:${match[3]}:${match[4]}.${match[5]}Z`) : undefined;
}

/** The names in `directory`, none when it does not exist yet. */
function namesIn(directory: string) {
  return readdir(directory).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
}

/** The backups in `directory`, newest first (none when it does not exist yet). */
export async function findBackups({ directory }: { directory: string }): Promise<BackupFile[]> {
  const names = await namesIn(directory);
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
 * Consistent while the app is in use, and written whole or not at all (db/backup.ts). The archive
 * holds the database's folder (DATA_DIR/db) only, never the photos or the earlier backups; it is
 * what `npm run db:restore` reads.
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
  const name = backupName(now);
  const file = path.join(directory, name);
  await writeWhole(file, (partial) => writeRunningDatabaseArchive({ pglite, file: partial }));
  await pruneBackups({ directory, keep: Math.max(keep, 1) });
  const { size } = await stat(file);
  return { name, size, createdAt: now.toISOString() };
}

/** Deletes all but the newest `keep` backups, and the partial files of backups cut short. */
export async function pruneBackups({ directory, keep }: { directory: string; keep: number }) {
  await removeStalePartialBackups({ directory });
  const backups = await findBackups({ directory });
  for (const old of backups.slice(keep)) await rm(path.join(directory, old.name), { force: true });
}

/**
 * Deletes what backups killed half-way left in `directory` (`life-updates-….tar.gz.partial`, as
 * large as the database), except the one this process is writing now. At start and when pruning.
 */
export async function removeStalePartialBackups({ directory }: { directory: string }) {
  const names = await namesIn(directory);
  for (const name of names) {
    const file = path.join(directory, name);
    if (!name.endsWith(partialSuffix) || !backupPattern.test(name.slice(0, -partialSuffix.length))) continue;
    if (!isBeingWritten(file)) await rm(file, { force: true });
  }
}

/** Whether the newest backup is older than `maxAgeMs` (or there is none). */
export async function isBackupDue({ directory, now, maxAgeMs }: { directory: string; now: Date; maxAgeMs: number }) {
  const [newest] = await findBackups({ directory });
  return !newest || now.getTime() - new Date(newest.createdAt).getTime() >= maxAgeMs;
}
