import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = fileURLToPath(new URL('../packages/server', import.meta.url));

export type SpawnedAppServer = { baseURL: string; pid: number; stop: () => Promise<void> };

/**
 * A separate app server on a fresh data directory, for specs that need a fresh instance (the
 * first account is admin) or other server settings than the shared e2e server.
 */
export async function spawnAppServer({
  port,
  env = {},
}: {
  port: number;
  /** Extra environment; `BASE_URL: ''` runs without a BASE_URL. */
  env?: Record<string, string>;
}): Promise<SpawnedAppServer> {
  const baseURL = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'life-updates-e2e-own-'));
  // The compiled server, as `npm start` runs it (scripts/test.mjs builds it before the e2e run).
  const child: ChildProcess = spawn(process.execPath, ['dist/server.js'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      BASE_URL: baseURL,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SCALE: '50',
      NODE_ENV: 'production',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`app server exited early: ${stderr}`);
    try {
      const response = await fetch(`${baseURL}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`app server did not start on ${baseURL}: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseURL,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
