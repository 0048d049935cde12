// What the benchmark scripts share: the built server started as `npm start` runs it, on a new
// PGlite data dir, its RSS read from /proc, and phone-like photos to upload.
import sharp from 'sharp';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverEntry, serverEnvironment, serverNodeFlags } from './build-server.mjs';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));

export const pause = (milliseconds) => new Promise((resolve) => setTimeout(resolve, milliseconds));

export const rssMiB = (pid) => Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)[1]) / 1024;

export function describeMachine() {
  const cpuModel = readFileSync('/proc/cpuinfo', 'utf8').match(/model name\s*:\s*(.+)/)?.[1];
  const loadAverage = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' / ');
  return { cpus: cpus().length, cpuModel, node: process.version, loadAverage };
}

export function freePort() {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Idle RSS: the lowest of a few readings a moment apart, once start-up's garbage has settled. */
export async function idleRss(pid) {
  await pause(3000);
  const readings = [];
  for (let index = 0; index < 5; index += 1) {
    readings.push(rssMiB(pid));
    await pause(200);
  }
  return Math.min(...readings);
}

/** A 12-megapixel photo as a phone takes it: noisy detail (JPEG cannot squeeze it small), held sideways, with EXIF. */
export async function twelveMegapixelJpeg(firstSeed = 1) {
  const width = 4000;
  const height = 3000;
  const pixels = Buffer.alloc(width * height * 3);
  let seed = firstSeed;
  for (let index = 0; index < pixels.length; index += 1) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    pixels[index] = ((index % (width * 3)) / 12 + (seed >> 24)) & 255;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** Starts the built server on a new PGlite data dir; `stop` ends it and removes the dir. */
export async function startServer(env = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'life-updates-bench-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...serverNodeFlags, serverEntry], {
    cwd: path.join(root, 'packages/server'),
    env: {
      ...process.env,
      ...serverEnvironment,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: baseUrl,
      NODE_ENV: 'production',
      LOG_LEVEL: 'error',
      RATE_LIMIT_SCALE: '1000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  for (;;) {
    if (child.exitCode !== null) throw new Error('the server exited');
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    await pause(50);
  }
  return {
    baseUrl,
    pid: child.pid,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
