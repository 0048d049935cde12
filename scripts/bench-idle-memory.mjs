// `node scripts/bench-idle-memory.mjs`: where the built server's idle memory goes, for
// docs/benchmarks.md (Footprint). Two parts:
//   1. The server (nothing configured) started on a new PGlite data dir, then again on that same
//      data dir, each left idle: its RSS split into file-backed and anonymous memory, PGlite's
//      WebAssembly memory (the mapping of several GiB a WebAssembly.Memory reserves, from
//      /proc/<pid>/smaps), and `process.memoryUsage()` (V8 heap, external, array buffers) read inside
//      the process by a preloaded probe, before and after a full collection.
//   2. What each import adds: in a plain node process with the server's V8 flags, the RSS and live
//      heap (after a full collection) before and after importing one package, for the packages the
//      server loads at start and the suspects that serve few requests. A package bundled into
//      dist/server.js costs about as much there (the same code, parsed once).
// Options: --settle=<s> seconds of idle before reading (10); --imports-only; --server-only.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { freePort, machine, pause } from './bench-server.mjs';
import { buildServerIfStale, serverEntry, serverEnvironment, serverNodeFlags } from './build-server.mjs';

const options = parseArgs({ strict: false }).values;
const settleSeconds = Number(options.settle ?? 10);
const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const serverDir = path.join(root, 'packages/server');
const mebibyte = 1024 * 1024;
const mib = (bytes) => Math.round(bytes / mebibyte);

/**
 * Preloaded into the server: it keeps each WebAssembly.Memory made (PGlite's), and on SIGUSR2
 * writes their sizes and process.memoryUsage() before and after a full collection.
 */
const probeSource = `
import { writeFileSync } from 'node:fs';
const memories = [];
const Memory = WebAssembly.Memory;
WebAssembly.Memory = class extends Memory {
  constructor(descriptor) {
    super(descriptor);
    memories.push(this);
  }
};
process.on('SIGUSR2', () => {
  const before = process.memoryUsage();
  globalThis.gc();
  const after = process.memoryUsage();
  const wasmMemories = memories.map((memory) => memory.buffer.byteLength);
  writeFileSync(process.env.MEMORY_PROBE_FILE, JSON.stringify({ before, after, wasmMemories }));
});
`;

/** The mappings of /proc/<pid>/smaps: size, resident, name. */
function mappings(pid) {
  const list = [];
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) list.push({ name: head[1], size: 0, rss: 0 });
    const size = /^Size:\s+(\d+) kB/.exec(line);
    if (size) list.at(-1).size = Number(size[1]) * 1024;
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) list.at(-1).rss = Number(rss[1]) * 1024;
  }
  return list;
}

/**
 * RSS parts: file-backed, anonymous; of the anonymous, glibc's main malloc heap ([heap]) and the
 * WebAssembly memories (the anonymous mappings of exactly their size).
 */
function processParts(pid, wasmSizes) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name) => Number(status.match(new RegExp(`${name}:\\s+(\\d+)`))[1]) * 1024;
  const all = mappings(pid);
  const sum = (list) => list.reduce((total, item) => total + item.rss, 0);
  return {
    rss: field('VmRSS'),
    file: field('RssFile'),
    anonymous: field('RssAnon'),
    mallocHeap: sum(all.filter((item) => item.name === '[heap]')),
    wasmMemory: sum(all.filter((item) => item.name === '' && wasmSizes.includes(item.size))),
  };
}

async function idleServer(dataDir, label, probeFile) {
  const port = await freePort();
  const resultFile = path.join(dataDir, '..', `probe-${label.replaceAll(' ', '-')}.json`);
  const child = spawn(process.execPath, [...serverNodeFlags, '--expose-gc', '--import', probeFile, serverEntry], {
    cwd: serverDir,
    env: {
      ...process.env,
      ...serverEnvironment,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: `http://localhost:${port}`,
      NODE_ENV: 'production',
      LOG_LEVEL: 'error',
      MEMORY_PROBE_FILE: resultFile,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    await pause(50);
  }
  await pause(settleSeconds * 1000);
  const idle = processParts(child.pid, []);
  child.kill('SIGUSR2');
  await pause(1500);
  const inside = JSON.parse(readFileSync(resultFile, 'utf8'));
  const afterGc = processParts(child.pid, inside.wasmMemories);
  child.kill('SIGTERM');
  await exited;
  return {
    start: label,
    rss: mib(idle.rss),
    file: mib(idle.file),
    anonymous: mib(idle.anonymous),
    mallocHeap: mib(idle.mallocHeap),
    wasmMemory: `${mib(afterGc.wasmMemory)} of ${inside.wasmMemories.map(mib).join(' + ')}`,
    heapUsed: mib(inside.before.heapUsed),
    heapTotal: mib(inside.before.heapTotal),
    external: mib(inside.before.external),
    arrayBuffers: mib(inside.before.arrayBuffers),
    heapUsedAfterGc: mib(inside.after.heapUsed),
    rssAfterGc: mib(afterGc.rss),
  };
}

/** Each import in a process of its own: RSS and live heap before and after it. */
function importCost(specifier) {
  const source = `
    const read = () => { globalThis.gc(); return { rss: process.memoryUsage().rss, heap: process.memoryUsage().heapUsed }; };
    const before = read();
    const started = performance.now();
    await import(${JSON.stringify(specifier)});
    const ms = performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 300));
    const after = read();
    console.log(JSON.stringify({ before, after, ms }));
  `;
  const child = spawnSync(process.execPath, [...serverNodeFlags, '--expose-gc', '--input-type=module', '-e', source], {
    cwd: serverDir,
    encoding: 'utf8',
    env: { ...process.env, ...serverEnvironment },
  });
  if (child.status !== 0) return { import: specifier, error: child.stderr.split('\n').find(Boolean) };
  const { before, after, ms } = JSON.parse(child.stdout.trim().split('\n').at(-1));
  return {
    import: specifier,
    rssAddedMiB: Number(((after.rss - before.rss) / mebibyte).toFixed(1)),
    heapAddedMiB: Number(((after.heap - before.heap) / mebibyte).toFixed(1)),
    importMs: Math.round(ms),
  };
}

const imports = [
  'fastify',
  'better-auth',
  'better-auth/plugins/admin',
  '@better-auth/passkey',
  '@simplewebauthn/server',
  'drizzle-orm',
  'pg-boss',
  'pg',
  '@electric-sql/pglite',
  'zod',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  'openid-client',
  'grammy',
  '@aws-sdk/client-s3',
  'sharp',
  'nodemailer',
  '@sendgrid/mail',
  '@sendgrid/eventwebhook',
  'resend',
  'svix',
  'ai',
  'luxon',
  'ical.js',
  'rrule-temporal',
  'yaml',
  'file-type',
  'papaparse',
];

await buildServerIfStale();
const results = { machine: machine() };
if (!options['imports-only']) {
  const folder = mkdtempSync(path.join(tmpdir(), 'life-updates-idle-memory-'));
  const probeFile = path.join(folder, 'probe.mjs');
  writeFileSync(probeFile, probeSource);
  const dataDir = path.join(folder, 'data');
  try {
    results.server = [
      await idleServer(dataDir, 'new data dir', probeFile),
      await idleServer(dataDir, 'existing data dir', probeFile),
    ];
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  console.log(`Idle server, ${settleSeconds} s after /api/health answered (MiB):`);
  console.table(results.server);
}
if (!options['server-only']) {
  results.imports = imports.map(importCost);
  console.log('What each import adds, alone in a node process with the server flags:');
  console.table(results.imports);
}
console.log(JSON.stringify(results.machine));
