// The full-disk behaviour of the embedded database on a real full disk (docs/security.md).
// Needs root: it mounts a 200 MB tmpfs, runs the real server from source on a DATA_DIR there, and
// fills the disk with a file beside it (fallocate). Run by hand: `sudo node scripts/full-disk-probe.mjs`.
// The test suite checks the same behaviour on any machine with a stand-in for the full disk
// (src/plugins/disk-space.test.ts, test/database-failure.test.ts, test/start-up-errors.test.ts).
//
// 1. With the margin on (DISK_FREE_MARGIN_MB=64): 32 MB free → a write answers 507 DISK_FULL and
//    /api/health stays 200; space freed → writes work again.
// 2. With the margin off: with the disk full, a write whose table cannot grow meets PostgreSQL's
//    disk_full error (53100, "could not extend file…") and answers the margin's 507 DISK_FULL.
//    Then 2 MB free and a new WAL segment due → PostgreSQL PANICs on the next write
//    ("could not write to file pg_wal/xlogtemp…: No space left on device"); the server answers 503,
//    logs one FATAL line and exits with code 1, instead of hanging.
// 3. Space freed, started again: healthy, and writes work (PostgreSQL recovered from its WAL).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(fileURLToPath(new URL('../packages/server', import.meta.url)));
const port = Number(process.env.PROBE_PORT ?? 3197);
const disk = mkdtempSync(path.join(tmpdir(), 'life-updates-full-disk-'));
const dataDir = path.join(disk, 'data');
const filler = path.join(disk, 'filler');
const megabyte = 1024 * 1024;
let failures = 0;

function check(isOk, what) {
  console.log(`${isOk ? 'PASS' : 'FAIL'} ${what}`);
  if (!isOk) failures += 1;
}

function run(command, args) {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')}: ${result.stderr || result.error}`);
}

/** Fills the disk so that `freeBytes` are left (about: the file system keeps its own blocks). */
function leaveFree(freeBytes) {
  rmSync(filler, { force: true });
  const { bavail, bsize } = statfsSync(disk);
  run('fallocate', ['-l', String(Math.max(bavail * bsize - freeBytes, bsize)), filler]);
  const after = statfsSync(disk);
  console.log(`     disk: ${Math.round((after.bavail * after.bsize) / megabyte)} MB free`);
}

function startServer(environment = {}) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--import', './test/wal-switch-on-signal.ts', 'src/server.ts'],
    {
      cwd: serverDir,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        BASE_URL: `http://localhost:${port}`,
        LOG_FORMAT: 'pretty',
        RATE_LIMIT_SCALE: '100',
        ...environment,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitFor(condition, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return true;
}

async function request(method, url, body) {
  try {
    const response = await fetch(`http://127.0.0.1:${port}${url}`, {
      method,
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(15_000),
    });
    return { status: response.status, body: await response.json().catch(() => null) };
  } catch (error) {
    return { status: 0, error: error.name };
  }
}

const message = (text) => ({
  name: 'Probe',
  email: 'probe@example.com',
  subject: 'Full disk probe',
  message: `Written ${text}.`,
});
const isHealthy = async () => (await request('GET', '/api/health')).status === 200;

if (process.getuid?.() !== 0) {
  console.error('This probe mounts a tmpfs: run it as root (sudo node scripts/full-disk-probe.mjs).');
  process.exit(2);
}
run('mount', ['-t', 'tmpfs', '-o', 'size=200m', 'tmpfs', disk]);
mkdirSync(dataDir);
const servers = [];
try {
  console.log('1. margin on (64 MB)');
  const first = startServer();
  servers.push(first);
  check(await waitFor(isHealthy), 'the server starts');
  check(
    (await request('POST', '/api/contact-us', message('before the disk fills'))).status === 200,
    'a write with room: 200',
  );
  leaveFree(32 * megabyte);
  await new Promise((resolve) => setTimeout(resolve, 1100)); // the server reads the free space at most once a second
  const refused = await request('POST', '/api/contact-us', message('with 32 MB free'));
  check(refused.status === 507 && refused.body?.code === 'DISK_FULL', `32 MB free: 507 DISK_FULL (${refused.status})`);
  check(await isHealthy(), '/api/health stays 200');
  rmSync(filler);
  await new Promise((resolve) => setTimeout(resolve, 1100));
  check(
    (await request('POST', '/api/contact-us', message('after space was freed'))).status === 200,
    'space freed: 200 again',
  );
  first.child.kill('SIGTERM');
  check((await first.exited) === 0, 'stops on SIGTERM');

  console.log('2. margin off, the disk full when PostgreSQL needs a new WAL segment');
  const second = startServer({ DISK_FREE_MARGIN_MB: '0' });
  servers.push(second);
  check(await waitFor(isHealthy), 'the server starts');
  leaveFree(32 * 1024);
  // Writes fill the table's last page; the first that needs a new one meets the full disk.
  let noRoom;
  for (let count = 0; count < 200; count += 1) {
    noRoom = await request('POST', '/api/contact-us', {
      ...message(`when its table cannot grow (${count})`),
      message: `Written when its table cannot grow: ${'x'.repeat(1500)} ${count}.`,
    });
    if (noRoom.status !== 200) break;
  }
  check(
    noRoom.status === 507 && noRoom.body?.code === 'DISK_FULL',
    `a table that cannot grow (PostgreSQL's 53100 disk_full): 507 DISK_FULL (${noRoom.status})`,
  );
  check(await isHealthy(), '/api/health stays 200');
  leaveFree(2 * megabyte);
  second.child.kill('SIGUSR2');
  await waitFor(() => /wal switch/.test(second.output()), 15_000);
  const failed = await request('POST', '/api/contact-us', message('when the WAL needs a new segment'));
  check(
    failed.status === 503 || failed.status === 0,
    `the write meets the PANIC: ${failed.status === 0 ? `no answer (${failed.error})` : failed.status}`,
  );
  const exitCode = await Promise.race([
    second.exited,
    new Promise((resolve) => setTimeout(() => resolve('hung'), 20_000)),
  ]);
  check(exitCode === 1, `exits with code 1 (${exitCode})`);
  const fatal = second
    .output()
    .split('\n')
    .find((line) => line.includes('FATAL'));
  check(
    /No space left on device/.test(fatal ?? '') && /Its disk is full/.test(fatal ?? ''),
    `one FATAL line: ${fatal}`,
  );

  console.log('3. space freed, started again');
  rmSync(filler);
  const third = startServer();
  servers.push(third);
  check(await waitFor(isHealthy), 'the server starts and recovers');
  check((await request('POST', '/api/contact-us', message('after the restart'))).status === 200, 'writes work');
  third.child.kill('SIGTERM');
  await third.exited;
} finally {
  for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL');
  await new Promise((resolve) => setTimeout(resolve, 500));
  spawnSync('umount', [disk]);
  rmSync(disk, { recursive: true, force: true });
}
console.log(failures === 0 ? 'full-disk probe: all checks passed' : `full-disk probe: ${failures} checks failed`);
process.exit(failures === 0 ? 0 : 1);
