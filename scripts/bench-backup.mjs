// `node scripts/bench-backup.mjs`: the backup figures of docs/benchmarks.md (Backups).
// Makes a data directory as the server keeps it: the embedded database with the app's schema, grown
// to --megabytes with rows in its own tables (users, contacts, ideas: test/grow-database.ts), and
// --photos files of 2 MiB of random bytes in DATA_DIR/media (MEDIA_DIR's default). Then, each in a
// process of its own, --runs times each:
// - the server's backup (the daily job and "Back up now": features/backups createBackup on the open
//   database), with how long a query sent 100 ms after it started waited for it;
// - `npm run db:backup` (db/backup.ts backupDatabase, the server stopped);
// - `npm run db:restore` of the server's backup into a new data dir (db/backup.ts restoreDatabase).
// For each it reports the time, the process's peak RSS during it (VmHWM in /proc/self/status, reset
// just before through /proc/self/clear_refs: proc(5)) and the RSS before it. The server's backup is
// measured once the open database has settled (see settle); the commands open PGlite themselves,
// and their figures include its start.
// --server=<packages/server of another checkout> measures that code instead (say, before a change).
// Options: --megabytes=<n> (100), --photos=<n> (0), --runs=<n> (3).
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const options = parseArgs({ strict: false }).values;
const serverDir = path.resolve(String(options.server ?? path.join(root, 'packages/server')));
const mebibyte = 1024 * 1024;

function memory(field) {
  return Number(readFileSync('/proc/self/status', 'utf8').match(new RegExp(`${field}:\\s+(\\d+)`))[1]) * 1024;
}

/** Runs `work` and answers its time and this process's peak RSS during it (VmHWM reset first). */
async function measure(work) {
  const rssBefore = memory('VmRSS');
  writeFileSync('/proc/self/clear_refs', '5');
  const startedAt = performance.now();
  const result = await work();
  return { milliseconds: performance.now() - startedAt, rssBefore, peak: memory('VmHWM'), ...result };
}

/**
 * Waits 15 s, then until this process's RSS has held still for 2 s (at most 30 s more). PGlite's
 * first seconds in a process peak at about 700 MiB, whatever it does (V8 compiling its WebAssembly
 * in the background; docs/benchmarks.md): the server's daily backup runs long after that, so it is
 * measured after it.
 */
async function settle() {
  await new Promise((resolve) => setTimeout(resolve, 15_000));
  for (let tries = 0; tries < 15; tries += 1) {
    writeFileSync('/proc/self/clear_refs', '5');
    await new Promise((resolve) => setTimeout(resolve, 2000));
    if (memory('VmHWM') - memory('VmRSS') < 8 * mebibyte) return;
  }
}

/** In the measured process: one step, its figures printed as the last line of JSON. */
async function runStep(step, dataDir) {
  const source = (file) => import(pathToFileURL(path.join(serverDir, file)).href);
  const { openDatabase } = await source('src/db/client.ts');
  const { databaseDirectory } = await source('src/db/database-directory.ts');
  const backups = path.join(dataDir, 'backups');
  if (step === 'setup') {
    const { databaseSize, growDatabase } = await import(
      pathToFileURL(path.join(root, 'packages/server/test/grow-database.ts')).href
    );
    const database = await openDatabase({ dataDir: databaseDirectory(dataDir) });
    await growDatabase(database.db, { bytes: Number(options.megabytes ?? 100) * mebibyte });
    console.log(JSON.stringify({ databaseBytes: await databaseSize(database.db) }));
    await database.close();
  } else if (step === 'backup') {
    const { createBackup } = await source('src/features/backups/backups-service.ts');
    const database = await openDatabase({ dataDir: databaseDirectory(dataDir) });
    await settle();
    let waitedMilliseconds = 0;
    const figures = await measure(async () => {
      const backingUp = createBackup({ pglite: database.pglite, directory: backups, keep: 1 });
      // A request's query arriving 100 ms after the backup started: it waits for the copy.
      await new Promise((resolve) => setTimeout(resolve, 100));
      const sentAt = performance.now();
      await database.pglite.query('select 1');
      waitedMilliseconds = performance.now() - sentAt;
      return { size: (await backingUp).size };
    });
    await database.close();
    console.log(JSON.stringify({ ...figures, waitedMilliseconds }));
  } else if (step === 'cli-backup') {
    const { backupDatabase } = await source('src/db/backup.ts');
    const file = path.join(dataDir, 'by-hand.tar.gz');
    const figures = await measure(() => backupDatabase({ dataDir, file }));
    console.log(JSON.stringify({ ...figures, size: readFileSync(file).length }));
  } else if (step === 'restore') {
    const { restoreDatabase } = await source('src/db/backup.ts');
    const { findBackups } = await source('src/features/backups/backups-service.ts');
    const [backup] = await findBackups({ directory: backups });
    const target = mkdtempSync(path.join(tmpdir(), 'life-updates-bench-restore-'));
    try {
      const figures = await measure(() => restoreDatabase({ dataDir: target, file: path.join(backups, backup.name) }));
      console.log(JSON.stringify(figures));
    } finally {
      rmSync(target, { recursive: true, force: true });
    }
  }
}

if (options.step) {
  await runStep(String(options.step), String(options.child));
  process.exit(0);
}

const photos = Number(options.photos ?? 0);
const runs = Number(options.runs ?? 3);
const dataDir = mkdtempSync(path.join(tmpdir(), 'life-updates-bench-backup-'));
const runChild = (step) => {
  const child = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      fileURLToPath(import.meta.url),
      `--step=${step}`,
      `--child=${dataDir}`,
      `--server=${serverDir}`,
      `--megabytes=${options.megabytes ?? 100}`,
    ],
    { cwd: serverDir, encoding: 'utf8' },
  );
  if (child.status !== 0) throw new Error(child.stderr || `exit ${child.status}`);
  return JSON.parse(child.stdout.trim().split('\n').at(-1));
};
const mib = (bytes) => (bytes / mebibyte).toFixed(0);
try {
  const media = path.join(dataDir, 'media', 'user-1');
  mkdirSync(media, { recursive: true });
  for (let index = 0; index < photos; index += 1) {
    writeFileSync(path.join(media, `photo-${index}.jpg`), randomBytes(2 * mebibyte));
  }
  const setupStartedAt = performance.now();
  const { databaseBytes } = runChild('setup');
  console.log(
    `database grown to ${mib(databaseBytes)} MiB in ${((performance.now() - setupStartedAt) / 1000).toFixed(0)} s`,
  );
  const summary = { server: serverDir, databaseMiB: Number(mib(databaseBytes)), photos };
  for (const step of ['backup', 'cli-backup', 'restore']) {
    const figures = [];
    for (let run = 0; run < runs; run += 1) {
      const result = runChild(step);
      figures.push(result);
      console.log(
        `${step} ${run + 1}: ${(result.milliseconds / 1000).toFixed(2)} s, peak RSS ${mib(result.peak)} MiB ` +
          `(${mib(result.rssBefore)} MiB before)` +
          (result.size ? `, file ${(result.size / mebibyte).toFixed(1)} MiB` : '') +
          (result.waitedMilliseconds === undefined
            ? ''
            : `, a query waited ${(result.waitedMilliseconds / 1000).toFixed(2)} s`),
      );
    }
    summary[step] = {
      seconds: figures.map((item) => Number((item.milliseconds / 1000).toFixed(2))),
      peakMiB: figures.map((item) => Number(mib(item.peak))),
      rssBeforeMiB: figures.map((item) => Number(mib(item.rssBefore))),
    };
  }
  console.log(JSON.stringify(summary));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
