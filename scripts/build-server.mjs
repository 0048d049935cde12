// Builds the server (and the contract package it imports) to plain JavaScript in
// packages/server/dist, so production runs `node dist/server.js` with no TypeScript loader.
// `npm start`, the e2e runs and the benchmarks call buildServerIfStale(); `node scripts/build-server.mjs`
// builds unconditionally.
import { existsSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const serverDir = path.join(root, 'packages/server');
export const serverEntry = path.join(serverDir, 'dist/server.js');

/**
 * V8 settings the server runs with (`npm start`, the benchmarks), for a small footprint
 * (docs/benchmarks.md, memory): young-generation semi-spaces of 4 MiB instead of ones that grow to tens of MiB
 * and stays resident; an old generation capped at 256 MiB (about six times the live heap), which
 * makes V8 collect before garbage piles up to ~100 MiB under load (pages it then keeps); and
 * PGlite's WebAssembly compiled once by the baseline compiler (Liftoff) instead of again by the
 * optimising one, whose code would stay resident too. SERVER_NODE_FLAGS replaces them (`''` for V8's
 * defaults).
 */
export const serverNodeFlags = process.env.SERVER_NODE_FLAGS?.split(/\s+/).filter(Boolean) ?? [
  '--max-semi-space-size=4',
  '--max-old-space-size=256',
  '--liftoff-only',
];

/**
 * Settings read before any of the server's code runs, so they go in its environment at spawn:
 * - glibc's malloc keeps one arena per thread that ever allocated (up to 8 per core); two are plenty here;
 * - glibc serves a block of MALLOC_MMAP_THRESHOLD_ bytes or more with its own mmap, given back to the
 *   system when freed; left alone, the threshold grows with the blocks freed (to 32 MiB), and the
 *   decoded photos' buffers then stay in the heap after processing. Fixed at 1 MiB, the memory left
 *   after photos is about half (docs/decisions/019-photo-work-queue.md, man mallopt);
 * - libuv's worker threads (file reads, WebCrypto for the session check, zlib) start at the first use
 *   with UV_THREADPOOL_SIZE threads, 4 by default; the photo queue's job holds one for its whole run
 *   (docs/decisions/019-photo-work-queue.md), so 8 leave the rest of the server room.
 */
export const serverEnvironment = {
  MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
  MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? '1048576',
  UV_THREADPOOL_SIZE: process.env.UV_THREADPOOL_SIZE ?? '8',
};

function newestModification(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    newest = Math.max(newest, newestModification(path.join(target, entry.name)));
  }
  return newest;
}

/** Whether dist/server.js is missing or older than any source it is built from. */
export function serverBuildIsStale() {
  if (!existsSync(serverEntry)) return true;
  const sources = [
    path.join(serverDir, 'src'),
    path.join(serverDir, 'package.json'),
    path.join(root, 'package-lock.json'),
    path.join(root, 'packages/contract/src'),
    path.join(root, 'packages/contract/package.json'),
    fileURLToPath(import.meta.url),
  ];
  return Math.max(...sources.map(newestModification)) > statSync(serverEntry).mtimeMs;
}

/**
 * npm packages that stay in node_modules, loaded from there at run time: the ones that read their
 * own files next to their code (PGlite's WebAssembly and data, Swagger UI's static files, pino's
 * worker files) and optional native ones. Everything else is bundled, which makes start-up several
 * times faster than resolving and reading thousands of small files (docs/benchmarks.md).
 */
export const keptInNodeModules = [
  '@electric-sql/pglite',
  '@fastify/static',
  '@fastify/swagger-ui',
  'pino',
  'pino-pretty',
  'thread-stream',
  'pg-native',
  // grammY re-exports its CommonJS modules in a way a bundle cannot see through (`grammy.Api` would
  // be undefined); Node loads it natively, and only when a bot token is set.
  'grammy',
  '@grammyjs/auto-retry',
  // Native (libvips, in its @img/sharp-<platform> package); loaded on the first photo.
  'sharp',
];

export async function buildServer() {
  const { build } = await import('esbuild');
  rmSync(path.join(serverDir, 'dist'), { recursive: true, force: true });
  await build({
    entryPoints: {
      server: path.join(serverDir, 'src/server.ts'),
      // `npm run db:backup` / `db:restore` where there are no sources and no tsx (the container image).
      'backup-cli': path.join(serverDir, 'src/db/backup-cli.ts'),
    },
    outdir: path.join(serverDir, 'dist'),
    bundle: true,
    // Modules the server imports only when needed (provider SDKs) stay in their own files.
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    sourcemap: true,
    external: keptInNodeModules.flatMap((name) => [name, `${name}/*`]),
    // Bundled CommonJS packages call require() (for node: built-ins and the packages above).
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
  // An empty PostgreSQL cluster for new PGlite data dirs (db/client.ts), made by PGlite itself.
  const { PGlite } = await import('@electric-sql/pglite');
  const cluster = new PGlite();
  await cluster.waitReady;
  const tarball = await cluster.dumpDataDir('gzip');
  await cluster.close();
  writeFileSync(path.join(serverDir, 'dist/pglite-cluster.tar.gz'), Buffer.from(await tarball.arrayBuffer()));
}

/** Builds the server when its build is missing or stale; returns whether it built. */
export async function buildServerIfStale() {
  if (!serverBuildIsStale()) return false;
  console.log('Building the server...');
  await buildServer();
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await buildServer();
  console.log(`Built ${path.relative(root, serverEntry)}`);
}
