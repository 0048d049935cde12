import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { listenUrls } from '../src/lib/listen-urls.ts';

// The start-up lines a person sees: readable or JSON, every URL to open, the public address.
const serverDirectory = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.E2E_PORT ?? 3100) + 7;
let child: ChildProcess | undefined;
let dataDir: string | undefined;

afterEach(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function startUntilReady(env: Record<string, string>): Promise<string> {
  dataDir = mkdtempSync(path.join(tmpdir(), 'life-updates-log-'));
  child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDirectory,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '0.0.0.0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      BASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 90_000;
  while (!/Public address/.test(output)) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`no ready line:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return output;
}

describe('start-up log', () => {
  it('LOG_FORMAT=pretty: readable lines, the ready line lists every URL, a warning to set BASE_URL', async () => {
    const output = await startUntilReady({ LOG_FORMAT: 'pretty' });
    const ready = output.split('\n').find((line) => line.includes('Life Updates is ready'))!;
    expect(ready).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: /);
    for (const url of listenUrls('0.0.0.0', port)) expect(ready).toContain(url);
    expect(output).toMatch(/WARN: Public address \(links in emails\): not set yet.*Set BASE_URL/);
    expect(output.split('\n').filter((line) => line.startsWith('{'))).toEqual([]);
  }, 120_000);

  it('LOG_FORMAT=json (the default off a terminal): one JSON object a line; BASE_URL is the public address', async () => {
    const output = await startUntilReady({ BASE_URL: `http://updates.example.com:${port}` });
    const lines = output.trim().split('\n');
    const entries = lines.map((line) => JSON.parse(line) as { msg: string; level: number });
    expect(entries.find((entry) => entry.msg.startsWith('Life Updates is ready'))?.msg).toContain(
      `http://localhost:${port}`,
    );
    expect(entries.find((entry) => entry.msg.startsWith('Public address'))).toMatchObject({
      level: 30,
      msg: `Public address (links in emails): http://updates.example.com:${port}`,
    });
  }, 120_000);

  it('warns when LINKEDIN_API_VERSION is a year old or within 60 days of it', async () => {
    const linkedin = { LINKEDIN_CLIENT_ID: 'start-up-client', LINKEDIN_CLIENT_SECRET: 'start-up-secret' };
    // 202601 is a year old on 2027-01-01 (LinkedIn retires it on 2027-01-15): from 2026-11-02 on, it warns.
    const output = await startUntilReady({ ...linkedin, LINKEDIN_API_VERSION: '202601' });
    const entries = output
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { msg: string; level: number });
    const warning = entries.find((entry) => entry.msg.startsWith('LINKEDIN_API_VERSION'));
    expect(warning?.level).toBe(40);
    expect(warning?.msg).toMatch(
      /^LINKEDIN_API_VERSION 202601 (turns a year old on|has been a year old since) 2027-01-01: /,
    );
  }, 120_000);
});
