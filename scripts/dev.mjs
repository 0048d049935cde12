// `npm run dev`: the server in watch mode and the Vite dev server (which proxies /api to it).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const children = [
  spawn('npx', ['tsx', 'watch', 'src/server.ts'], {
    cwd: path.join(root, 'packages/server'),
    stdio: 'inherit',
    env: {
      ...process.env,
      DATA_DIR: path.resolve(root, process.env.DATA_DIR ?? 'data'),
      BASE_URL: process.env.BASE_URL ?? 'http://localhost:5173',
    },
  }),
  spawn('npx', ['vite'], { cwd: path.join(root, 'packages/web'), stdio: 'inherit' }),
];
const stop = (signal) => children.forEach((child) => child.kill(signal));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children)
  child.on('exit', (code) => {
    stop('SIGTERM');
    process.exitCode = code ?? 0;
  });
