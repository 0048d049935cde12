// one-off: memory breakdown of the compiled server at idle and after load, through the inspector.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { serverEntry, serverNodeFlags } from './build-server.mjs';

const kind = process.argv[2] ?? 'postgres';
const port = 3205;
const base = `http://localhost:${port}`;
let databaseUrl = '';
if (kind === 'postgres') {
  const name = `lu_mem_${Date.now()}`;
  const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:55440/postgres' });
  await admin.connect(); await admin.query(`create database ${name}`); await admin.end();
  databaseUrl = `postgres://postgres@127.0.0.1:55440/${name}`;
}
const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', BASE_URL: base, NODE_ENV: 'production', LOG_LEVEL: 'error', RATE_LIMIT_SCALE: '1000', DATABASE_URL: databaseUrl, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'i19-mem-')), MALLOC_ARENA_MAX: '2' };
async function start() {
  const child = spawn(process.execPath, [...serverNodeFlags, '--inspect=127.0.0.1:3209', serverEntry], { cwd: path.dirname(path.dirname(serverEntry)), env, stdio: ['ignore', 'ignore', 'ignore'] });
  for (;;) { try { if ((await fetch(`${base}/api/health`)).ok) break; } catch {} await new Promise((r) => setTimeout(r, 50)); }
  return child;
}
let child = await start();
const post = (url, body, cookie) => fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base, ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });
await post('/api/auth/sign-up/email', { email: 'mem@example.com', name: 'Mem', password: 'Passw0rd!' });
child.kill('SIGTERM'); await new Promise((r) => child.on('exit', r));
child = await start();
const [{ webSocketDebuggerUrl }] = await (await fetch('http://127.0.0.1:3209/json')).json();
const ws = new WebSocket(webSocketDebuggerUrl);
await new Promise((r) => ws.addEventListener('open', r));
let id = 0; const pending = new Map();
ws.addEventListener('message', (m) => { const d = JSON.parse(m.data); pending.get(d.id)?.(d); });
const send = (method, params = {}) => new Promise((r) => { const i = ++id; pending.set(i, r); ws.send(JSON.stringify({ id: i, method, params })); });
const expr = `(() => { const v8 = process.getBuiltinModule('node:v8'); const u = process.memoryUsage(); const M = (x) => +(x / 2 ** 20).toFixed(1); return JSON.stringify({ rss: M(u.rss), heapTotal: M(u.heapTotal), heapUsed: M(u.heapUsed), external: M(u.external), arrayBuffers: M(u.arrayBuffers), spaces: Object.fromEntries(v8.getHeapSpaceStatistics().filter((s) => s.physical_space_size > 2 ** 19).map((s) => [s.space_name, [M(s.space_used_size), M(s.physical_space_size)]])) }); })()`;
const status = () => Object.fromEntries(readFileSync(`/proc/${child.pid}/status`, 'utf8').match(/^(VmRSS|RssAnon|RssFile|Threads):.*$/gm).map((l) => l.split(/:\s+/)));
const report = async (label) => { const r = await send('Runtime.evaluate', { expression: expr }); console.log(label, r.result.result.value, JSON.stringify(status())); };
await report('idle');
await send('HeapProfiler.collectGarbage'); await report('idle after full GC');
const signIn = await post('/api/auth/sign-in/email', { email: 'mem@example.com', password: 'Passw0rd!' });
const cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
for (let i = 0; i < 50; i += 1) await post('/api/events', { content: `Idea ${i} something happened`, tags: ['m'] }, cookie);
await autocannon({ url: `${base}/api/events`, headers: { cookie, origin: base }, connections: 50, duration: 8 });
await autocannon({ url: `${base}/api/events`, method: 'POST', headers: { cookie, origin: base, 'content-type': 'application/json' }, body: JSON.stringify({ content: 'x idea', tags: ['m'] }), connections: 50, duration: 8 });
await report('after load');
for (const wait of [5, 10, 20]) { await new Promise((r) => setTimeout(r, 5000 * (wait === 5 ? 1 : wait === 10 ? 1 : 2))); await report(`after load + ${wait} s idle`); }
await send('HeapProfiler.collectGarbage'); await report('after load + full GC');
ws.close(); child.kill('SIGTERM'); await new Promise((r) => child.on('exit', r));
process.exit(0);
