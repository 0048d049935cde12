// What `npm run bench` and `npm run bench:photos` share: the built server started as `npm start`
// runs it, accounts on it, a local SMTP server to send to, and readings of the machine and processes.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, freemem, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import sharp from 'sharp';
import { SMTPServer } from 'smtp-server';
import { serverEntry, serverEnvironment, serverNodeFlags } from './build-server.mjs';

const serverDirectory = path.resolve(fileURLToPath(new URL('../packages/server', import.meta.url)));

/** The password of every account a benchmark makes. */
export const benchPassword = 'Passw0rd!';

export const pause = (milliseconds) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/** The machine the figures come from. */
export function machine() {
  const cpuModel = readFileSync('/proc/cpuinfo', 'utf8').match(/model name\s*:\s*(.+)/)?.[1] ?? cpus()[0]?.model;
  return {
    cpus: cpus().length,
    cpuModel,
    memory: `${(totalmem() / 2 ** 30).toFixed(1)} GiB total, ${(freemem() / 2 ** 30).toFixed(1)} GiB free`,
    node: process.version,
    load: readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '),
  };
}

/** A process's resident memory now, in MiB. */
export function rssMiB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(/VmRSS:\s+(\d+)/)[1]) / 1024;
}

/** A port no one listens on, as the system picks it. */
export function freePort() {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the built server as `npm start` runs it (compiled, same V8 flags) with `env` added, on
 * `port` or a free one; resolves once /api/health answers, with the time that took. `env` names the
 * database (DATA_DIR, DATABASE_URL); the server's errors are shown if it exits.
 */
export async function startBuiltServer(env = {}, { port } = {}) {
  const serverPort = port ?? (await freePort());
  const baseUrl = `http://localhost:${serverPort}`;
  const started = performance.now();
  const child = spawn(process.execPath, [...serverNodeFlags, serverEntry], {
    cwd: serverDirectory,
    env: {
      ...process.env,
      ...serverEnvironment,
      DATABASE_URL: '',
      PORT: String(serverPort),
      HOST: '127.0.0.1',
      BASE_URL: baseUrl,
      NODE_ENV: 'production',
      LOG_LEVEL: 'error',
      RATE_LIMIT_SCALE: '1000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk) => (errors += chunk));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${errors}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    await pause(20);
  }
  const coldStartMs = performance.now() - started;
  return {
    baseUrl,
    coldStartMs,
    pid: child.pid,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A JSON request to the server, as the user of `cookie` (or none); a refusal throws. */
export async function call(baseUrl, cookie, method, url, body) {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: {
      origin: baseUrl,
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return { json: text ? JSON.parse(text) : null, headers: response.headers };
}

/** Registers an account with the bench password. */
export function signUp(baseUrl, email, name = 'Bench User') {
  return call(baseUrl, null, 'POST', '/api/auth/sign-up/email', { email, name, password: benchPassword });
}

/** Signs the account in; its session cookie. */
export async function signIn(baseUrl, email) {
  const { headers } = await call(baseUrl, null, 'POST', '/api/auth/sign-in/email', { email, password: benchPassword });
  return headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/**
 * A local SMTP server that takes every message: `arrivals` holds each one's recipients and the time
 * it arrived, and with `keepMessages` its raw bytes as they came after DATA (the MIME message).
 */
export async function startSmtpServer({ keepMessages = false } = {}) {
  const arrivals = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 100 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks = [];
      if (keepMessages) stream.on('data', (chunk) => chunks.push(chunk));
      else stream.resume();
      stream.on('end', () => {
        arrivals.push({
          at: performance.now(),
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          ...(keepMessages ? { raw: Buffer.concat(chunks) } : {}),
        });
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${server.server.address().port}`,
    arrivals,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
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
  const server = await startBuiltServer({ DATA_DIR: dataDir, ...env });
  return {
    ...server,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A new database on the PostgreSQL server `serverUrl` names (BENCH_DATABASE_URL): its URL, and
 * `drop`, which removes it whatever still connects to it.
 */
export async function createThrowawayDatabase(serverUrl) {
  const name = `lu_bench_${randomUUID().replaceAll('-', '')}`;
  const run = async (statement) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await run(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}
