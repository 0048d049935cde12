// `npm start`: builds the web app and the server (to plain JavaScript) when their builds are missing
// or older than their sources, then serves everything (migrations run at server start-up) on PORT,
// default 3000, with plain node: no TypeScript loader in production.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServerIfStale, serverEntry, serverEnvironment, serverNodeFlags } from './build-server.mjs';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const web = path.join(root, 'packages/web');
const contract = path.join(root, 'packages/contract/src');
const builtIndex = path.join(web, 'dist/index.html');

function newestModification(directory) {
  let newest = 0;
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(directory, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestModification(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const sources = [path.join(web, 'src'), path.join(web, 'public'), contract];
const sourceTime = Math.max(
  ...sources.map(newestModification),
  statSync(path.join(web, 'index.html')).mtimeMs,
  statSync(path.join(web, 'vite.config.ts')).mtimeMs,
);
if (!existsSync(builtIndex) || statSync(builtIndex).mtimeMs < sourceTime) {
  console.log('Building the web app...');
  const build = spawnSync('npx', ['vite', 'build'], { cwd: web, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

await buildServerIfStale();

const server = spawn(process.execPath, [...serverNodeFlags, serverEntry], {
  cwd: path.join(root, 'packages/server'),
  stdio: 'inherit',
  env: {
    ...process.env,
    ...serverEnvironment,
    NODE_ENV: process.env.NODE_ENV ?? 'production',
    DATA_DIR: path.resolve(root, process.env.DATA_DIR ?? 'data'),
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
