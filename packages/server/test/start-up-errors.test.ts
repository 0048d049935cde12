import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// Starting on a DATA_DIR that cannot be written: one line saying what is wrong with which path and
// what to do, no stack trace, exit code 1. Each case uses the real thing when this
// machine lets the test mount a file system (root, as in CI) and otherwise makes the server's file
// system calls fail with the same error (test/failing-file-system.ts).
const serverDirectory = path.resolve(import.meta.dirname, '..');
const directories: string[] = [];
const mounts: string[] = [];

function temporaryDirectory() {
  const directory = mkdtempSync(path.join(tmpdir(), 'life-updates-start-'));
  directories.push(directory);
  return directory;
}

/** Mounts a tmpfs with these options; false when this machine does not let us. */
function mountTmpfs(target: string, options: string): boolean {
  if (process.getuid?.() !== 0) return false;
  const result = spawnSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', target]);
  if (result.status !== 0) return false;
  mounts.push(target);
  return true;
}

/** Writes fail under `directory` with `code`, by the preloaded stand-in for that file system. */
function failingWrites(directory: string, code: 'EROFS' | 'ENOSPC') {
  return {
    preload: ['--import', './test/failing-file-system.ts'],
    env: { FAIL_WRITES_UNDER: directory, FAIL_WRITES_WITH: code },
  };
}

async function startServer(dataDir: string, options: { preload?: string[]; env?: Record<string, string> } = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', ...(options.preload ?? []), 'src/server.ts'], {
    cwd: serverDirectory,
    // Vitest sets BASE_URL to '/' (Vite's base path); the server would refuse it as a URL.
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      LOG_LEVEL: 'info',
      APP_SECRET: '',
      BASE_URL: '',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  clearTimeout(timer);
  return { code, lines: output.split('\n').filter((line) => line.trim() !== '') };
}

afterEach(() => {
  for (const target of mounts.splice(0)) spawnSync('umount', [target]);
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

describe('start-up on a DATA_DIR that cannot be written', () => {
  it('a DATA_DIR inside a regular file names the file', { timeout: 120_000 }, async () => {
    const file = path.join(temporaryDirectory(), 'not-a-folder');
    writeFileSync(file, 'a file');
    const dataDir = path.join(file, 'data');

    const { code, lines } = await startServer(dataDir);
    expect(code).toBe(1);
    expect(lines).toEqual([
      `Cannot write DATA_DIR ${dataDir}: ${file} is a file, not a folder. Point DATA_DIR at a folder.`,
    ]);
  });

  it('a read-only file system: for a new DATA_DIR in it (not "ENOENT"), and for an existing one', async () => {
    const readOnly = temporaryDirectory();
    const isMounted = mountTmpfs(readOnly, 'ro,size=1m');
    const fake = isMounted ? {} : failingWrites(readOnly, 'EROFS');

    const newDir = path.join(readOnly, 'data');
    const first = await startServer(newDir, fake);
    expect(first.code).toBe(1);
    expect(first.lines).toEqual([
      `Cannot write DATA_DIR ${newDir}: the file system is read-only. Point DATA_DIR at a writable folder.`,
    ]);

    const existing = await startServer(readOnly, fake);
    expect(existing.code).toBe(1);
    expect(existing.lines).toEqual([
      `Cannot write DATA_DIR ${readOnly}: the file system is read-only (${path.join(readOnly, 'app-secret')}). ` +
        'Point DATA_DIR at a writable folder.',
    ]);
  }, 120_000);

  it('a full disk: the embedded database cannot create its files', async () => {
    const disk = temporaryDirectory();
    // 8 MB holds the secret and the lock but not PostgreSQL's cluster (about 40 MB).
    const isMounted = mountTmpfs(disk, 'size=8m');
    const dataDir = path.join(disk, 'data');
    mkdirSync(dataDir);

    const { code, lines } = await startServer(dataDir, isMounted ? {} : failingWrites(dataDir, 'ENOSPC'));
    expect(code).toBe(1);
    expect(lines).toEqual([
      `Cannot write DATA_DIR ${dataDir}: the disk is full. Free some space on that disk, or point DATA_DIR at a disk with more room.`,
    ]);
  }, 120_000);
});
