// `npm run bench:photos`: the Photos figures of docs/benchmarks.md, measured on this machine.
//   - the built server's idle RSS before any photo (sharp not loaded) and after photos (loaded);
//   - time of POST /api/ideas/:id/photos with one 12-megapixel JPEG (4000 × 3000, ~10 MB, EXIF
//     orientation 6), over loopback: reading, processing (upright, metadata dropped, 2048 px and
//     400 px JPEGs), storing; and the server's peak RSS while it runs.
// Options: --runs=<n> uploads (default 8).
import sharp from 'sharp';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildServerIfStale, serverEntry, serverEnvironment, serverNodeFlags } from './build-server.mjs';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const options = parseArgs({ strict: false }).values;
const runs = Number(options.runs ?? 8);
const password = 'Passw0rd!';
const pause = (milliseconds) => new Promise((resolve) => setTimeout(resolve, milliseconds));
const rssMiB = (pid) => Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)[1]) / 1024;

function freePort() {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Idle RSS: the lowest of a few readings a moment apart, once start-up's garbage has settled. */
async function idleRss(pid) {
  await pause(3000);
  const readings = [];
  for (let index = 0; index < 5; index += 1) {
    readings.push(rssMiB(pid));
    await pause(200);
  }
  return Math.min(...readings);
}

/** A 12-megapixel photo as a phone takes it: noisy detail (JPEG cannot squeeze it small), held sideways, with EXIF. */
async function twelveMegapixelJpeg() {
  const width = 4000;
  const height = 3000;
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 1;
  for (let index = 0; index < pixels.length; index += 1) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    pixels[index] = ((index % (width * 3)) / 12 + (seed >> 24)) & 255;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 92 })
    .toBuffer();
}

await buildServerIfStale();
const dataDir = mkdtempSync(path.join(tmpdir(), 'life-updates-bench-photos-'));
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
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const exited = new Promise((resolve) => child.on('exit', resolve));
try {
  for (;;) {
    if (child.exitCode !== null) throw new Error('the server exited');
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    await pause(50);
  }
  const headers = { origin: baseUrl, 'content-type': 'application/json' };
  const email = 'bench-photos@example.com';
  await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, name: 'Bench', password }),
  });
  const signedIn = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password }),
  });
  const cookie = signedIn.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const withoutSharp = await idleRss(child.pid);

  const photo = await twelveMegapixelJpeg();
  let peak = rssMiB(child.pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(child.pid))), 5);
  const times = [];
  let ideaId;
  for (let run = 0; run < runs; run += 1) {
    // A new idea every 10 photos (the limit per idea).
    if (run % 10 === 0) {
      const idea = await fetch(`${baseUrl}/api/ideas`, {
        method: 'POST',
        headers: { ...headers, cookie },
        body: JSON.stringify({ content: `Bench idea ${run}` }),
      });
      ideaId = (await idea.json()).id;
    }
    const form = new FormData();
    form.append('file', new Blob([photo], { type: 'image/jpeg' }), 'IMG_0001.JPG');
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/ideas/${ideaId}/photos`, {
      method: 'POST',
      headers: { origin: baseUrl, cookie },
      body: form,
    });
    await response.arrayBuffer();
    times.push(performance.now() - started);
    if (response.status !== 201) throw new Error(`upload answered ${response.status}`);
  }
  clearInterval(sampler);
  const withSharp = await idleRss(child.pid);
  const sorted = [...times].sort((a, b) => a - b);
  const cpuModel = readFileSync('/proc/cpuinfo', 'utf8').match(/model name\s*:\s*(.+)/)?.[1];
  console.log(
    JSON.stringify(
      {
        machine: { cpus: cpus().length, cpuModel, node: process.version },
        photo: { width: 4000, height: 3000, megabytes: Number((photo.length / 1024 / 1024).toFixed(1)) },
        uploadMs: {
          first: Math.round(times[0]),
          median: Math.round(sorted[Math.floor(sorted.length / 2)]),
          max: Math.round(sorted.at(-1)),
        },
        serverRssMiB: {
          idleWithoutSharp: Math.round(withoutSharp),
          peakWhileProcessing: Math.round(peak),
          idleAfterPhotos: Math.round(withSharp),
        },
      },
      null,
      2,
    ),
  );
} finally {
  child.kill('SIGTERM');
  await exited;
  rmSync(dataDir, { recursive: true, force: true });
}
