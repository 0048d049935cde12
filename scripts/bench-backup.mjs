// `node scripts/bench-backup.mjs`: the backup figures of docs/benchmarks.md (Photos, backups).
// Makes a data directory as the server keeps it (the embedded database with the app's schema and a
// few rows, and --photos files of --megabytes of random bytes, which do not compress, like JPEGs,
// in DATA_DIR/media, MEDIA_DIR's default), then takes --runs backups the way the daily job and
// "Back up now" do (features/backups createBackup on the open database), each in a process of its
// own, and reports each backup's time, the process's peak RSS during it and the archive's size.
// --server=<packages/server of another checkout> measures that code instead (say, before a change):
// its database sits where that checkout puts it.
// Options: --photos=<n> (200), --megabytes=<n> (2), --runs=<n> (3).
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const options = parseArgs({ strict: false }).values;
const serverDir = path.resolve(String(options.server ?? path.join(root, 'packages/server')));
const mebibyte = 1024 * 1024;

/** In the measured process: open the database as the server does, take one backup, print the figures. */
async function measureOneBackup(dataDir, { isSetup }) {
  const source = (file) => pathToFileURL(path.join(serverDir, 'src', file)).href;
  const { openDatabase } = await import(source('db/client.ts'));
  const { createBackup } = await import(source('features/backups/backups-service.ts'));
  // Where that checkout's server opens the database: DATA_DIR/db, or DATA_DIR itself before.
  const hasOwnFolder = existsSync(path.join(serverDir, 'src/db/database-directory.ts'));
  const database = await openDatabase({ dataDir: hasOwnFolder ? path.join(dataDir, 'db') : dataDir });
  if (isSetup) {
    await database.close();
    return;
  }
  // The size of the tar PGlite builds in memory, whatever the backup keeps of it.
  let archiveInMemory = 0;
  const dumpDataDir = database.pglite.dumpDataDir.bind(database.pglite);
  database.pglite.dumpDataDir = async (...parameters) => {
    const archive = await dumpDataDir(...parameters);
    archiveInMemory = archive.size;
    return archive;
  };
  const rssBefore = memory('VmRSS');
  // Resets the peak (VmHWM) to the current RSS (proc(5), /proc/pid/clear_refs), so it is the backup's.
  writeFileSync('/proc/self/clear_refs', '5');
  const startedAt = performance.now();
  const backup = await createBackup({
    pglite: database.pglite,
    directory: path.join(dataDir, 'backups'),
    mediaDirectory: path.join(dataDir, 'media'), // read by the code before the database had its own folder
    keep: 1,
  });
  const milliseconds = performance.now() - startedAt;
  const peak = memory('VmHWM');
  await database.close();
  console.log(JSON.stringify({ milliseconds, rssBefore, peak, archiveInMemory, size: backup.size }));
}

function memory(field) {
  return Number(readFileSync('/proc/self/status', 'utf8').match(new RegExp(`${field}:\\s+(\\d+)`))[1]) * 1024;
}

if (options.child) {
  await measureOneBackup(String(options.child), { isSetup: Boolean(options.setup) });
  process.exit(0);
}

const photos = Number(options.photos ?? 200);
const megabytes = Number(options.megabytes ?? 2);
const runs = Number(options.runs ?? 3);
const dataDir = mkdtempSync(path.join(tmpdir(), 'life-updates-bench-backup-'));
try {
  const media = path.join(dataDir, 'media', 'user-1');
  mkdirSync(media, { recursive: true });
  for (let index = 0; index < photos; index += 1) {
    writeFileSync(path.join(media, `photo-${index}.jpg`), randomBytes(megabytes * mebibyte));
  }
  const runChild = (...flags) => {
    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(import.meta.url), `--child=${dataDir}`, `--server=${serverDir}`, ...flags],
      { cwd: serverDir, encoding: 'utf8' },
    );
    if (child.status !== 0) throw new Error(child.stderr || `exit ${child.status}`);
    return child.stdout;
  };
  runChild('--setup');
  const figures = [];
  for (let run = 0; run < runs; run += 1) {
    const result = JSON.parse(runChild().trim().split('\n').at(-1));
    figures.push(result);
    console.log(
      `run ${run + 1}: ${(result.milliseconds / 1000).toFixed(2)} s, peak RSS ${(result.peak / mebibyte).toFixed(0)} MiB ` +
        `(${(result.rssBefore / mebibyte).toFixed(0)} MiB before), PGlite's tar ${(result.archiveInMemory / mebibyte).toFixed(0)} MiB, ` +
        `backup file ${(result.size / mebibyte).toFixed(2)} MiB`,
    );
  }
  const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
  console.log(
    JSON.stringify({
      server: serverDir,
      photos,
      megabytes,
      medianSeconds: Number((median(figures.map((item) => item.milliseconds)) / 1000).toFixed(2)),
      maxPeakMiB: Math.round(Math.max(...figures.map((item) => item.peak)) / mebibyte),
      medianRssBeforeMiB: Math.round(median(figures.map((item) => item.rssBefore)) / mebibyte),
      archiveInMemoryMiB: Math.round(figures.at(-1).archiveInMemory / mebibyte),
      archiveMiB: Number((figures.at(-1).size / mebibyte).toFixed(2)),
    }),
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
