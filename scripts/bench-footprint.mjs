// `npm run bench:footprint`: the server's memory through an instance's life, for docs/benchmarks.md
// (Footprint). One built server process (as `npm start` runs it) goes through the steps one after
// another, and for each the table gives its peak RSS (VmHWM, reset before the step by writing 5 to
// /proc/<pid>/clear_refs, proc(5)) and its settled RSS (the lowest of a few readings once the step is
// over and a few seconds have passed), beside the goals of a 512 MiB server:
//   start → a signed-in session's first screens → 5,000 contacts imported from CSV → a 12 MP photo
//   processed → a share with three photos to 25 contacts through SMTP (smtp-server), then the same
//   through SendGrid (the double in packages/server/test/doubles) → a 200-recipient send → a Telegram
//   album (the Bot API double) → a backup of the database grown to 100 MiB (POST /api/admin/backups,
//   "Back up now") → a restore of it (`db:restore`, the CLI, into a new data dir: its own process,
//   whose peak is given) → idle.
// "start, nothing set" is a server of its own with no mail, Telegram or storage settings (the goal's
// case). On PostgreSQL (BENCH_DATABASE_URL names a server where a throwaway database is made and
// dropped) the same steps run but the backup and restore, which are PGlite's (pg_dump there).
// It prints the figures whatever they are, and exits 0.
// Options: --idle-minutes=<n> (10), --postgres-idle-minutes=<n> (1), --only=pglite|postgres,
// --grow-mib=<n> (100), --json (raw figures). Run through tsx (`npm run bench:footprint`): the
// doubles are TypeScript that Node's own type stripping does not take.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { simpleParser } from 'mailparser';
import { preferenceFallbacks } from '../packages/contract/src/preferences.ts';
import { startSendgridApi } from '../packages/server/test/doubles/sendgrid.ts';
import { commandEntities, privateMessage, startFakeTelegramApi } from '../packages/server/test/doubles/telegram.ts';
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
  twelveMegapixelJpeg,
} from './bench-server.mjs';
import { buildServerIfStale, serverEnvironment, serverNodeFlags } from './build-server.mjs';

const options = parseArgs({ strict: false }).values;
const idleMinutes = Number(options['idle-minutes'] ?? 10);
// PostgreSQL's idle step is shorter by default, so both runs fit in about 15 minutes on 2 cores.
const postgresIdleMinutes = Number(options['postgres-idle-minutes'] ?? Math.min(idleMinutes, 1));
const growMiB = Number(options['grow-mib'] ?? 100);
const postgresUrl = process.env.BENCH_DATABASE_URL;
const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const backupCli = path.join(root, 'packages/server/dist/backup-cli.js');
const mebibyte = 1024 * 1024;
const log = (...parts) => console.error(...parts);

/** The goals of a 512 MiB server (issue: idle ≤ 200 MiB, no workload above 400 MiB), by step. */
const goals = {
  'start, nothing set': { settled: 200 },
  start: { settled: 200 },
  '12 MP photo': { peak: 400, settled: 220 },
  '25 mails, 3 photos, SMTP': { peak: 400 },
  '25 mails, 3 photos, SendGrid': { peak: 400 },
  'backup (100 MiB database)': { peak: 400 },
  restore: { peak: 400 },
};

/** A field of /proc/<pid>/status in MiB. */
function statusMiB(pid, field) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(new RegExp(`${field}:\\s+(\\d+)`))[1]) / 1024;
}

/** Runs `work`, then reads the server's peak since the reset and its settled RSS. */
async function measure(steps, pid, name, work, { settleMs = 3000 } = {}) {
  log(`  ${name}…`);
  // proc(5): "5 … Reset the peak resident set size ("high water mark") to the process's current value."
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
  const started = performance.now();
  const note = await work();
  const milliseconds = performance.now() - started;
  const peak = statusMiB(pid, 'VmHWM');
  steps.push({ name, peak, settled: await settledMiB(pid, settleMs), seconds: milliseconds / 1000, note });
}

/** Settled RSS: the lowest of five readings 200 ms apart, after `settleMs`. */
async function settledMiB(pid, settleMs) {
  await pause(settleMs);
  const readings = [];
  for (let index = 0; index < 5; index += 1) {
    readings.push(rssMiB(pid));
    await pause(200);
  }
  return Math.min(...readings);
}

/** The size of a folder's files, in MiB. */
function folderMiB(folder) {
  let bytes = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) bytes += statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return bytes / mebibyte;
}

/** The time until `condition` holds (polled), or a throw after `timeoutMs`. */
async function until(condition, what, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await pause(50);
  }
}

/** An idea with the three 12 MP photos attached, as the web app uploads them. */
async function ideaWithPhotos(session, content, photos) {
  const idea = await session.send('POST', '/api/ideas', { content });
  const form = new FormData();
  for (const [index, photo] of photos.entries()) {
    form.append('file', new Blob([photo], { type: 'image/jpeg' }), `IMG_000${index + 1}.JPG`);
  }
  const uploaded = await fetch(`${session.baseUrl}/api/ideas/${idea.id}/photos`, {
    method: 'POST',
    headers: { origin: session.baseUrl, cookie: session.cookie },
    body: form,
  });
  if (uploaded.status !== 201) throw new Error(`upload answered ${uploaded.status} ${await uploaded.text()}`);
  return idea.id;
}

/** Contacts as the web app sends a parsed CSV file: 1,000 rows a request (the import's limit). */
async function importContacts(session, rows) {
  for (let start = 0; start < rows.length; start += 1000) {
    await session.send('POST', '/api/contacts/import', { contacts: rows.slice(start, start + 1000) });
  }
}

/** The restore CLI (`npm run db:restore`) into a new data dir, its own process; its peak RSS. */
async function restoreWithCli(backupFile) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'life-updates-footprint-restore-'));
  const started = performance.now();
  const child = spawn(process.execPath, [...serverNodeFlags, backupCli, 'restore', backupFile], {
    cwd: path.join(root, 'packages/server'),
    env: { ...process.env, ...serverEnvironment, DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  let peak = 0;
  // VmHWM of the living process, read until it exits (the last few milliseconds may be missed).
  const sampler = setInterval(() => {
    try {
      peak = Math.max(peak, statusMiB(child.pid, 'VmHWM'));
    } catch {
      // gone
    }
  }, 10);
  const code = await exited;
  clearInterval(sampler);
  const seconds = (performance.now() - started) / 1000;
  const restoredMiB = folderMiB(dataDir);
  rmSync(dataDir, { recursive: true, force: true });
  if (code !== 0) throw new Error(`db:restore exited ${code}: ${output}`);
  return { peak, seconds, restoredMiB };
}

/** A PGlite data dir, or a throwaway database on BENCH_DATABASE_URL's server. */
async function database(kind) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'life-updates-footprint-'));
  if (kind === 'pglite') {
    return { env: { DATA_DIR: dataDir }, dataDir, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const database = await createThrowawayDatabase(postgresUrl);
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: database.url },
    dataDir,
    drop: async () => {
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** "start, nothing set": a server with no mail, Telegram or storage settings, its idle RSS. */
async function plainStart(kind, steps) {
  const target = await database(kind);
  const server = await startBuiltServer(target.env);
  try {
    steps.push({
      name: 'start, nothing set',
      peak: statusMiB(server.pid, 'VmHWM'),
      settled: await settledMiB(server.pid, 3000),
      seconds: server.coldStartMs / 1000,
      note: `new database, health after ${Math.round(server.coldStartMs)} ms`,
    });
  } finally {
    await server.stop();
    await target.drop();
  }
}

/** Every step on one server process. */
async function benchDatabase(kind) {
  const label = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
  log(`${label}:`);
  const steps = [];
  await plainStart(kind, steps);

  const smtp = await startSmtpServer({ keepMessages: true });
  const sendgrid = await startSendgridApi();
  const telegram = await startFakeTelegramApi();
  const target = await database(kind);
  const env = {
    ...target.env,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'bench@life.test',
    SENDGRID_BASE_URL: sendgrid.url,
    ...telegram.appEnv,
  };
  let server;
  try {
    // The start's peak is VmHWM since the process began: no reset.
    server = await startBuiltServer(env);
    steps.push({
      name: 'start',
      peak: statusMiB(server.pid, 'VmHWM'),
      settled: await settledMiB(server.pid, 3000),
      seconds: server.coldStartMs / 1000,
      note: 'new database; SMTP, SendGrid base URL and a Telegram bot set',
    });
    const { baseUrl, pid } = server;

    // The first account is the instance's admin; a server that sends mail asks it to confirm its address.
    const email = 'bench-footprint@example.com';
    await signUp(baseUrl, email, 'Bench');
    await until(() => smtp.arrivals.length > 0, 'the verification mail');
    const verification = await simpleParser(smtp.arrivals[0].raw);
    const link = /https?:\/\/[^\s"<>]*verify[^\s"<>]*/.exec(verification.text ?? '')?.[0];
    if (!link) throw new Error('no verification link in the first mail');
    await fetch(link, { redirect: 'manual' });
    const cookie = await signIn(baseUrl, email);
    const session = {
      baseUrl,
      cookie,
      send: async (method, url, body) => (await call(baseUrl, cookie, method, url, body)).json,
    };

    await measure(steps, pid, 'first screens', async () => {
      // What the web app asks for on its first load of My Stories and the screens beside it.
      const screens = [
        '/api/auth/get-session',
        '/api/me',
        '/api/ideas',
        '/api/usage',
        '/api/shares',
        '/api/contacts',
        '/api/templates',
        '/api/schedule',
        '/api/telegram',
        '/api/linkedin/connection',
        '/api/email-settings',
        '/api/email/transport',
        '/api/ai-settings',
        '/api/outbox',
      ];
      const refused = [];
      for (const url of screens) {
        const response = await fetch(`${baseUrl}${url}`, { headers: { cookie } });
        await response.arrayBuffer();
        if (!response.ok) refused.push(`${url} ${response.status}`);
      }
      return `${screens.length - refused.length} of ${screens.length} calls answered${refused.length ? ` (${refused.join(', ')})` : ''}`;
    });

    await measure(steps, pid, '5,000 contacts from CSV', async () => {
      const rows = Array.from({ length: 5000 }, (_, index) => ({
        name: `Friend ${index}`,
        email: `friend-${String(index).padStart(4, '0')}@example.com`,
        relationship: 'friend',
      }));
      await importContacts(session, rows);
      return '5 requests of 1,000 rows';
    });

    const photo = await twelveMegapixelJpeg();
    await measure(steps, pid, '12 MP photo', async () => {
      const ideaId = (await session.send('POST', '/api/ideas', { content: 'One photo' })).id;
      const form = new FormData();
      form.append('file', new Blob([photo], { type: 'image/jpeg' }), 'IMG_0001.JPG');
      const response = await fetch(`${baseUrl}/api/ideas/${ideaId}/photos`, {
        method: 'POST',
        headers: { origin: baseUrl, cookie },
        body: form,
      });
      await response.arrayBuffer();
      if (response.status !== 201) throw new Error(`upload answered ${response.status}`);
      return `4000 × 3000 JPEG, ${(photo.length / mebibyte).toFixed(1)} MiB`;
    });

    const photos = [];
    for (const seed of [11, 12, 13]) photos.push(await twelveMegapixelJpeg(seed));
    const readers = [];
    for (let index = 1; index <= 25; index += 1) {
      readers.push(
        (await session.send('POST', '/api/contacts', { name: `Reader ${index}`, email: `reader${index}@example.com` }))
          .id,
      );
    }
    const shareText = 'Dear Reader,\n\nThree photos from the coast this week.\n\n[Your Name]';
    const sendShare = (ideaId, destinations, preferences = preferenceFallbacks) =>
      session.send('POST', '/api/shares/send', { ideaIds: [ideaId], text: shareText, preferences, destinations });

    const smtpIdea = await ideaWithPhotos(session, 'Three photos from the coast', photos);
    await measure(steps, pid, '25 mails, 3 photos, SMTP', async () => {
      const expected = smtp.arrivals.length + 25;
      await sendShare(smtpIdea, { contactIds: readers });
      await until(() => smtp.arrivals.length >= expected, '25 mails through SMTP');
      return `MIME message ${(smtp.arrivals.at(-1).raw.length / mebibyte).toFixed(1)} MiB`;
    });
    for (const arrival of smtp.arrivals) delete arrival.raw; // the bench's own memory

    // The user's own SendGrid account (Settings → Email), sent to the double at SENDGRID_BASE_URL.
    await session.send('PUT', '/api/email-settings', {
      senderName: 'Bench',
      provider: 'sendgrid',
      apiKey: `SG.${randomBytes(24).toString('base64url')}`,
    });
    const sendgridIdea = await ideaWithPhotos(session, 'Three more photos from the coast', photos);
    await measure(steps, pid, '25 mails, 3 photos, SendGrid', async () => {
      const expected = sendgrid.accepted().length + 25;
      await sendShare(sendgridIdea, { contactIds: readers });
      await until(() => sendgrid.accepted().length >= expected, '25 mails through SendGrid');
      return `JSON body ${(sendgrid.accepted().at(-1).rawBody.length / mebibyte).toFixed(1)} MiB`;
    });
    sendgrid.requests.length = 0; // the bench's own memory
    await session.send('DELETE', '/api/email-settings/api-key');

    await measure(steps, pid, '200-recipient send', async () => {
      const ids = [];
      for (const search of ['friend-00', 'friend-01']) {
        ids.push(
          ...(await session.send('GET', `/api/contacts?search=${search}`)).contacts.map((contact) => contact.id),
        );
      }
      const ideaId = (await session.send('POST', '/api/ideas', { content: 'News for two hundred friends' })).id;
      const expected = smtp.arrivals.length + ids.length;
      await sendShare(ideaId, { contactIds: ids });
      await until(() => smtp.arrivals.length >= expected, '200 mails through SMTP');
      return `${ids.length} mails, text only, SMTP`;
    });

    // A channel connected as a user does it: the bot linked by /start <code>, then a post of the
    // channel forwarded by its creator while the bot may post there.
    const person = { id: 7001, first_name: 'Bench', username: 'bench_person', language_code: 'en' };
    const channel = { id: -1007777777777, type: 'channel', title: 'Bench pictures', username: 'bench_pictures' };
    const { code } = await session.send('POST', '/api/telegram/link-code');
    telegram.pushUpdate(
      privateMessage(person, { text: `/start ${code}`, entities: commandEntities(`/start ${code}`) }),
    );
    await telegram.waitForMessage(person.id, (reply) => reply.startsWith('Done!'), 60_000);
    telegram.setChat(channel);
    telegram.setMember(channel.id, telegram.bot.id, 'administrator', { can_post_messages: true });
    telegram.setMember(channel.id, person.id, 'creator');
    telegram.pushUpdate(
      privateMessage(person, {
        forward_origin: { type: 'channel', chat: channel, message_id: 1, date: 1 },
        text: 'A post of the channel',
      }),
    );
    await telegram.waitForMessage(person.id, (reply) => reply.includes('is connected'), 60_000);
    const chat = (await session.send('GET', '/api/telegram')).chats.find((item) => item.title === channel.title);
    const telegramIdea = await ideaWithPhotos(session, 'Three photos for the channel', photos);
    await measure(steps, pid, 'Telegram album', async () => {
      const expected = telegram.sentPhotos().length + 3;
      await sendShare(telegramIdea, { telegramChatIds: [chat.id] }, { ...preferenceFallbacks, platform: 'telegram' });
      await until(() => telegram.sentPhotos().length >= expected, 'the album at Telegram');
      return 'three photos, sendMediaGroup';
    });

    if (kind === 'pglite') {
      // The database grown to --grow-mib: contacts with long descriptions (random, so they do not
      // compress), imported as above; not a step of its own.
      const databaseDir = path.join(target.dataDir, 'db');
      log(`  growing the database to ${growMiB} MiB…`);
      let batch = 0;
      while (folderMiB(databaseDir) < growMiB) {
        const rows = Array.from({ length: 1000 }, (_, index) => ({
          name: `Filler ${batch}-${index}`,
          email: `filler-${batch}-${index}@example.com`,
          description: randomBytes(1500).toString('base64').slice(0, 2000),
        }));
        await importContacts(session, rows);
        batch += 1;
      }
      const grownMiB = folderMiB(databaseDir);
      let backupFile;
      await measure(steps, pid, `backup (${growMiB} MiB database)`, async () => {
        const backup = await session.send('POST', '/api/admin/backups', {});
        backupFile = path.join(target.dataDir, 'backups', backup.name);
        return `database folder ${grownMiB.toFixed(0)} MiB, backup ${(statSync(backupFile).size / mebibyte).toFixed(0)} MiB, POST /api/admin/backups`;
      });
      const restored = await restoreWithCli(backupFile);
      steps.push({
        name: 'restore',
        peak: restored.peak,
        settled: null,
        seconds: restored.seconds,
        note: `db:restore CLI into a new data dir, its own process (${restored.restoredMiB.toFixed(0)} MiB restored)`,
      });
    }

    const minutes = kind === 'pglite' ? idleMinutes : postgresIdleMinutes;
    await measure(
      steps,
      pid,
      `idle ${minutes} min`,
      async () => {
        const readings = [];
        const started = Date.now();
        while (Date.now() - started < minutes * 60_000) {
          readings.push(rssMiB(pid));
          await pause(Math.min(10_000, minutes * 60_000));
        }
        return `RSS at its start ${readings[0].toFixed(0)} MiB, lowest ${Math.min(...readings).toFixed(0)}`;
      },
      { settleMs: 0 },
    );
  } finally {
    await server?.stop();
    await Promise.all([smtp.close(), sendgrid.close(), telegram.close()]);
    await target.drop();
  }
  return { database: label, steps };
}

const round = (value) => (value === null || value === undefined ? '' : Math.round(value));
const started = performance.now();
await buildServerIfStale();
const results = { machine: machine(), runs: [] };
log(`Machine: ${JSON.stringify(results.machine)}`);
for (const kind of ['pglite', 'postgres']) {
  if (options.only && options.only !== kind) continue;
  if (kind === 'postgres' && !postgresUrl) {
    log('PostgreSQL skipped: set BENCH_DATABASE_URL=postgres://user@host:port/db');
    continue;
  }
  try {
    results.runs.push(await benchDatabase(kind));
  } catch (error) {
    // The figures so far still print; the failure is named.
    log(`${kind}: ${error.stack ?? error}`);
    results.runs.push({ database: kind, error: String(error.message ?? error), steps: [] });
  }
}
results.minutes = (performance.now() - started) / 60_000;

for (const run of results.runs) {
  console.log(`\n${run.database}${run.error ? ` (stopped: ${run.error})` : ''}: RSS of the server process, MiB`);
  console.log('| step | peak | settled | goal | seconds | what |');
  console.log('|---|---:|---:|---|---:|---|');
  for (const step of run.steps) {
    const goal = goals[step.name] ?? (step.name.startsWith('backup') ? goals['backup (100 MiB database)'] : {});
    const goalText = [goal.peak && `peak ≤ ${goal.peak}`, goal.settled && `settled ≤ ${goal.settled}`]
      .filter(Boolean)
      .join(', ');
    const met =
      goalText === ''
        ? ''
        : (goal.peak === undefined || step.peak <= goal.peak) &&
            (goal.settled === undefined || step.settled <= goal.settled)
          ? ' ✓'
          : ' ✗';
    console.log(
      `| ${step.name} | ${round(step.peak)} | ${round(step.settled)} | ${goalText}${met} | ${step.seconds.toFixed(1)} | ${step.note ?? ''} |`,
    );
  }
}
const { cpus, cpuModel, memory, node, load } = results.machine;
console.log(
  `\nMachine: ${cpuModel}, ${cpus} cores, ${memory}, Node ${node}, load ${load}; ${results.minutes.toFixed(1)} min in all.`,
);
if (options.json) console.log(JSON.stringify(results, null, 2));
process.exit(0);
