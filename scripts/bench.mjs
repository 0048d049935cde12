// `npm run bench`: the figures of docs/benchmarks.md, measured on this machine (about a minute and a half).
//   (a) API throughput and p50 / p99 latency (autocannon, loopback, 50 connections): the ideas list
//       (50 ideas) and creating an idea, the health check without and with a session (the floor of a
//       signed-in request), on PGlite and on PostgreSQL, beside a bare node:http server
//       answering the same JSON from memory;
//   (b) a 1,000-recipient share through the real worker to a local SMTP server;
//   (c) time to first token through our server against directly from a local streaming server;
//   (d) cold start and RSS on PGlite (new and existing data dir) and on PostgreSQL;
//   (e) web bundle sizes (entry and per route, gzip) of packages/web/dist.
// PostgreSQL: BENCH_DATABASE_URL (or DATABASE_URL) names a server where a throwaway database is
// created and dropped; without it the PostgreSQL rows are left out. Options: --duration=<s> (8),
// --connections=<n> (50), --only=pglite|postgres, --parts=api,fanout,streaming, --json=<file> to keep
// the raw figures (a bare --json prints them as JSON at the end).
import { PGlite } from '@electric-sql/pglite';
import autocannon from 'autocannon';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import {
  call,
  createThrowawayDatabase,
  machine,
  pause,
  rssMiB,
  signIn,
  signUp,
  startBuiltServer,
  startSmtpServer,
} from './bench-server.mjs';
import { buildServerIfStale } from './build-server.mjs';
import { bundleSizes } from './bundle-size.mjs';

// --flag=value (a value may hold '='); a bare --flag is `true`.
const options = parseArgs({ strict: false }).values;
const duration = Number(options.duration ?? 8);
// --parts=api,fanout,streaming picks what runs against each database (cold start and memory always do).
const parts = new Set(String(options.parts ?? 'api,fanout,streaming').split(','));
const connections = Number(options.connections ?? 50);
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
const preferences = {
  platform: 'linkedin',
  length: 'short',
  tone: 'casual',
  intent: 'educate',
  sentiment: 'awe',
  structure: 'storytelling',
};
const results = { machine: machine(), api: [], fanOut: [], streaming: null, startup: [], bundle: null };

const log = (...parts) => console.log(...parts);
// --port=<n>: the app servers take n, n+1, … instead of free ports the system picks.
let nextPort = options.port === undefined ? undefined : Number(options.port);
const startServer = (env) => startBuiltServer(env, { port: nextPort === undefined ? undefined : nextPort++ });

/** CPU time (user + system) a process has used so far, in ms (/proc/<pid>/stat, clock ticks of 10 ms). */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function summarise(result) {
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/**
 * A load run. With the server's `pid`, also the server process's own CPU time per request: the
 * figure least moved by whatever else the machine runs (latency and req/s depend on free cores).
 */
async function load({ url, method = 'GET', headers = {}, body, pid, cookies }) {
  const cpuBefore = pid === undefined ? 0 : cpuMs(pid);
  // With `cookies`, the requests take them in turn: as many users as cookies, each with a request in flight.
  let turn = 0;
  const requests = cookies && [
    {
      setupRequest: (request) => ({
        ...request,
        headers: { ...request.headers, cookie: cookies[turn++ % cookies.length] },
      }),
    },
  ];
  const result = await autocannon({ url, method, headers, body, connections, duration, pipelining: 1, requests });
  const figures = summarise(result);
  if (pid !== undefined) figures.serverCpuMsPerRequest = +((cpuMs(pid) - cpuBefore) / result.requests.total).toFixed(3);
  return figures;
}

/** A bare node:http server answering one JSON document from memory: the floor to compare with. */
async function startBareServer(json, status = 200) {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () =>
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(json),
    );
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** An OpenAI-compatible streaming server: 40 tokens, 10 ms apart, the first at once. */
async function startStreamingServer() {
  const chunk = (delta, finish = null) =>
    `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'bench', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
  const server = createServer(async (request, response) => {
    for await (const _ of request);
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    response.write(chunk({ role: 'assistant', content: '' }));
    for (let index = 0; index < 40; index += 1) {
      response.write(chunk({ content: `token${index} ` }));
      await pause(10);
    }
    response.end(`${chunk({}, 'stop')}data: [DONE]\n\n`);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/v1`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** Milliseconds until the first byte of body text that is not SSE framing / empty. */
async function timeToFirstToken(url, init) {
  const started = performance.now();
  const response = await fetch(url, init);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let seen = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`no token from ${url}: ${seen.slice(0, 200)}`);
    seen += decoder.decode(value, { stream: true });
    if (/token0/.test(seen)) {
      const elapsed = performance.now() - started;
      await reader.cancel();
      return elapsed;
    }
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Raises the open-ideas and monthly-share limits of every account (an administrator's job). */
async function raiseLimits(kind, target) {
  const statement = `insert into user_settings (user_id, max_ideas, monthly_share_limit)
    select id, 1000000, 1000 from users
    on conflict (user_id) do update set max_ideas = 1000000, monthly_share_limit = 1000`;
  if (kind === 'pglite') {
    const database = new PGlite(target);
    await database.exec(statement);
    await database.close();
  } else {
    const client = new pg.Client({ connectionString: target });
    await client.connect();
    await client.query(statement);
    await client.end();
  }
}

/** (b) A 1,000-recipient share through the real worker, clocked until the last message reaches the SMTP server. */
async function fanOut({ label, baseUrl, cookie, smtp, pid }) {
  log(`${label}: 1,000-recipient share…`);
  const rows = Array.from({ length: 1000 }, (_, index) => ({
    name: `Friend ${index}`,
    email: `friend-${index}@example.com`,
  }));
  await call(baseUrl, cookie, 'POST', '/api/contacts/import', { contacts: rows });
  const contacts = (await call(baseUrl, cookie, 'GET', '/api/contacts?search=friend-')).json.contacts;
  const event = (await call(baseUrl, cookie, 'POST', '/api/ideas', { content: 'Big news for everyone' })).json;
  const share = (
    await call(baseUrl, cookie, 'POST', '/api/shares/approve', {
      ideaIds: [event.id],
      text: 'Hello from the benchmark',
      preferences,
    })
  ).json.share;
  const sendStarted = performance.now();
  const send = await call(baseUrl, cookie, 'POST', `/api/shares/${share.id}/send`, {
    contactIds: contacts.map((contact) => contact.id),
    subject: 'Bench',
  });
  const acceptedMs = performance.now() - sendStarted;
  const deadline = Date.now() + 90_000;
  while (smtp.arrivals.length < 1000 && Date.now() < deadline) await pause(50);
  const deliveredMs = (smtp.arrivals.at(-1)?.at ?? performance.now()) - sendStarted;
  const { counts } = (await call(baseUrl, cookie, 'GET', `/api/shares/${share.id}/deliveries`)).json;
  results.fanOut.push({
    database: label,
    queued: send.json.queued,
    received: smtp.arrivals.length,
    sendRequestMs: Math.round(acceptedMs),
    allDeliveredMs: smtp.arrivals.length === 1000 ? Math.round(deliveredMs) : `not all in ${Math.round(deliveredMs)}`,
    firstMs: Math.round((smtp.arrivals[0]?.at ?? Number.NaN) - sendStarted),
    deliveryRows: `${counts.sent} sent, ${counts.failed} failed, ${counts.queued} queued, ${counts.sending} sending`,
    peakRssMiB: Math.round(rssMiB(pid)),
  });
}

/** Idle RSS on an existing data dir, RSS after the load, cold start on a new data dir, each beside its target. */
function footprint() {
  const targets = {
    PGlite: { idle: 250, afterLoad: 320, coldStart: 2.5 },
    PostgreSQL: { idle: 120, afterLoad: 160, coldStart: 1.0 },
  };
  return Object.entries(targets)
    .filter(([database]) => results.startup.some((row) => row.database === database))
    .map(([database, target]) => {
      const row = (dataDir) => results.startup.find((item) => item.database === database && item.dataDir === dataDir);
      const idle = row('existing')?.idleRssMiB;
      const afterLoad = row('after load')?.idleRssMiB;
      const coldStart = row('new')?.coldStartMs;
      return {
        database,
        'idle RSS': `${idle} (≤ ${target.idle})`,
        'RSS after load': `${afterLoad} (≤ ${target.afterLoad})`,
        'cold start, new data dir': `${coldStart === undefined ? '?' : (coldStart / 1000).toFixed(2)} (≤ ${target.coldStart})`,
      };
    });
}

async function benchDatabase(kind) {
  let databaseEnv;
  let target;
  let dropDatabase = async () => {};
  const dataDir = mkdtempSync(path.join(tmpdir(), 'life-updates-bench-'));
  if (kind === 'pglite') {
    databaseEnv = { DATA_DIR: dataDir };
    target = path.join(dataDir, 'db'); // the embedded database's own folder in DATA_DIR
  } else {
    const database = await createThrowawayDatabase(postgresUrl);
    target = database.url;
    databaseEnv = { DATABASE_URL: target, DATA_DIR: dataDir };
    dropDatabase = database.drop;
  }
  const label = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
  try {
    // First start on an empty database: migrations run. The outbox verifies accounts at sign-up.
    const fresh = await startServer(databaseEnv);
    results.startup.push({
      database: label,
      dataDir: 'new',
      coldStartMs: Math.round(fresh.coldStartMs),
      idleRssMiB: Math.round(rssMiB(fresh.pid)),
    });
    const email = `bench-${randomUUID().slice(0, 6)}@example.com`;
    await signUp(fresh.baseUrl, email);
    // The users of the many-users create run: one for each connection.
    const crowd = Array.from({ length: connections }, () => `bench-${randomUUID().slice(0, 8)}@example.com`);
    for (const member of crowd) {
      await signUp(fresh.baseUrl, member, 'Bench Friend');
    }
    await fresh.stop();
    await raiseLimits(kind, target);

    const smtp = await startSmtpServer();
    const streaming = await startStreamingServer();
    const server = await startServer({
      ...databaseEnv,
      SMTP_URL: smtp.url,
      OPENAI_BASE_URL: streaming.url,
      OPENAI_API_KEY: 'bench-key',
    });
    const idleRss = rssMiB(server.pid);
    results.startup.push({
      database: label,
      dataDir: 'existing',
      coldStartMs: Math.round(server.coldStartMs),
      idleRssMiB: Math.round(idleRss),
    });
    const { baseUrl } = server;
    const cookie = await signIn(baseUrl, email);
    for (let index = 0; index < 50; index += 1) {
      // Creating the 50 ideas that the list returns (the streaming part also needs one).
      await call(baseUrl, cookie, 'POST', '/api/ideas', {
        content: `Idea number ${index}: something happened today that is worth telling people about.`,
        tags: ['bench'],
      });
    }
    const list = await call(baseUrl, cookie, 'GET', '/api/ideas');
    if (list.json.ideas.length !== 50) throw new Error('expected 50 ideas');
    const body = JSON.stringify({ content: 'A new idea from the benchmark', tags: ['bench'] });
    let listRss = rssMiB(server.pid);
    if (parts.has('api')) {
      log(`${label}: load on GET /api/ideas (50 ideas)…`);
      const headers = { cookie, origin: baseUrl };
      const listFigures = await load({ url: `${baseUrl}/api/ideas`, headers, pid: server.pid });
      listRss = rssMiB(server.pid);
      log(`${label}: load on POST /api/ideas…`);
      const createFigures = await load({
        url: `${baseUrl}/api/ideas`,
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body,
        pid: server.pid,
      });
      log(`${label}: load on POST /api/ideas, ${connections} users…`);
      const crowdCookies = [];
      for (const member of crowd) crowdCookies.push(await signIn(baseUrl, member));
      const crowdFigures = await load({
        url: `${baseUrl}/api/ideas`,
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body,
        pid: server.pid,
        cookies: crowdCookies,
      });
      // The floor under every signed-in request: the same health check, once without a session and
      // once with the cookie, which the sessions hook resolves through better-auth first.
      log(`${label}: load on GET /api/health, without and with a session…`);
      const healthFigures = await load({ url: `${baseUrl}/api/health`, pid: server.pid });
      const sessionFigures = await load({ url: `${baseUrl}/api/health`, headers, pid: server.pid });
      results.api.push({ database: label, endpoint: 'GET /api/health (no session)', ...healthFigures });
      results.api.push({ database: label, endpoint: 'GET /api/health (session resolved)', ...sessionFigures });
      results.api.push({ database: label, endpoint: 'GET /api/ideas (50 ideas)', ...listFigures });
      results.api.push({ database: label, endpoint: 'POST /api/ideas (one user)', ...createFigures });
      results.api.push({ database: label, endpoint: `POST /api/ideas (${connections} users)`, ...crowdFigures });
    }

    if (parts.has('fanout')) await fanOut({ label, baseUrl, cookie, smtp, pid: server.pid });
    results.startup.push({
      database: label,
      dataDir: 'after load',
      coldStartMs: null,
      idleRssMiB: Math.round(Math.max(listRss, rssMiB(server.pid))),
    });

    // (c) Streaming overhead, on the first database only.
    const event = list.json.ideas[0];
    if (parts.has('streaming') && !results.streaming) {
      log(`${label}: time to first token…`);
      const direct = [];
      const through = [];
      for (let index = 0; index < 15; index += 1) {
        direct.push(
          await timeToFirstToken(`${streaming.url}/chat/completions`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ model: 'bench', stream: true, messages: [{ role: 'user', content: 'hi' }] }),
          }),
        );
        through.push(
          await timeToFirstToken(`${baseUrl}/api/generate/stream`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie, origin: baseUrl },
            body: JSON.stringify({ ideaIds: [event.id], preferences }),
          }),
        );
      }
      results.streaming = {
        runs: 15,
        directMedianMs: +median(direct).toFixed(1),
        throughServerMedianMs: +median(through).toFixed(1),
      };
    }
    await server.stop();
    await smtp.close();
    await streaming.close();

    // The same JSON from memory, for the ratio.
    if (parts.has('api') && !results.api.some((row) => row.database === 'bare node:http')) {
      log('bare node:http…');
      const bareList = await startBareServer(JSON.stringify(list.json));
      results.api.push({
        database: 'bare node:http',
        endpoint: 'GET (same 50-idea JSON)',
        ...(await load({ url: bareList.url })),
      });
      await bareList.close();
      const bareCreate = await startBareServer(JSON.stringify(list.json.ideas[0]), 201);
      results.api.push({
        database: 'bare node:http',
        endpoint: 'POST (same idea JSON)',
        ...(await load({ url: bareCreate.url, method: 'POST', body })),
      });
      await bareCreate.close();
    }
  } finally {
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const benchStarted = performance.now();
await buildServerIfStale();
log(`Machine: ${JSON.stringify(results.machine)}`);
if (options.only !== 'postgres') await benchDatabase('pglite');
if (postgresUrl && options.only !== 'pglite') await benchDatabase('postgres');
else log('PostgreSQL rows skipped: set BENCH_DATABASE_URL=postgres://user@host:port/db');
results.bundle = bundleSizes();

log('\n(a) API, autocannon, %d connections, %d s each', connections, duration);
console.table(results.api);
log('(b) 1,000-recipient share to a local SMTP server');
console.table(results.fanOut);
log('(c) time to first token (median)');
console.table([results.streaming]);
log('(d) cold start (process spawn → /api/health answers) and RSS');
console.table(results.startup);
log('(d2) footprint against its targets (MiB, s)');
console.table(footprint());
log('(e) web bundle (gzip -9)');
if (results.bundle) {
  console.table(results.bundle.entry);
  log(
    `entry JS ${results.bundle.entryJsGzipKiB} KiB, entry CSS ${results.bundle.entryCssGzipKiB} KiB, all JS ${results.bundle.allJsGzipKiB} KiB`,
  );
  console.table(results.bundle.routes);
} else {
  log('no build: run `npm run build` first');
}
log(`total ${(performance.now() - benchStarted) / 1000} s`);
if (options.json === true) console.log(JSON.stringify(results, null, 2));
else if (typeof options.json === 'string') writeFileSync(options.json, JSON.stringify(results, null, 2));
process.exit(0);
