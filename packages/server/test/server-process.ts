import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The server package, where `src/server.ts` starts from. */
export const serverDirectory = path.resolve(import.meta.dirname, '..');

/** A port nothing listens on now, on loopback. */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export type ServerProcess = { child: ChildProcess; exited: Promise<number | null>; output: () => string };

/**
 * The server as the self-hoster runs it: `src/server.ts` in a process of its own, with this
 * process's environment and `env` over it, importing `preload` first. `output` is all it has
 * written to stdout and stderr so far; `exited` resolves with its exit code.
 */
export function startServerProcess(env: Record<string, string>, { preload = [] }: { preload?: string[] } = {}) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', ...preload.flatMap((module) => ['--import', module]), 'src/server.ts'],
    {
      cwd: serverDirectory,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output } satisfies ServerProcess;
}

/** Resolves once the server on `port` answers /api/health; fails with its `output` after `timeoutMs`. */
export async function waitForHealth(port: number, output: () => string = () => '', timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not become healthy:\n${output()}`);
}

/**
 * Temporary folders and server processes that a test file's tests make, with `cleanUp` for its
 * afterEach: it kills the processes still running and removes the folders.
 */
export function scratch(prefix: string) {
  const children: ChildProcess[] = [];
  const directories: string[] = [];
  return {
    temporaryDirectory() {
      const directory = mkdtempSync(path.join(tmpdir(), prefix));
      directories.push(directory);
      return directory;
    },
    track<T extends { child: ChildProcess }>(server: T): T {
      children.push(server.child);
      return server;
    },
    cleanUp() {
      for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
      for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
    },
  };
}
