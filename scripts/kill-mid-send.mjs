// `node scripts/kill-mid-send.mjs`: what a kill -9 in the middle of a send costs, for
// docs/reliability.md. Each run starts the built server on a new data dir (the embedded database)
// with a real SMTP server (smtp-server) that takes `--accept-delay` ms to accept each message, as a
// distant server does; sends one share to `--recipients` contacts; SIGKILLs the server once a third
// of them have arrived; starts it again on the same data dir; and waits until everyone has the mail.
// It prints, per run: the mails sent twice (counted per Message-ID), and for each such copy whether
// the first one was accepted after the sender had gone (the server's 250 to DATA never reached it:
// no sender can know) or while it was still connected (it had the answer and died before recording
// it); and the time from the restart to the first mail sent again and to the last.
// Options: --runs=<n> (default 5), --recipients=<n> (default 150), --accept-delay=<ms> (default 100).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SMTPServer } from 'smtp-server';
import { buildServerIfStale } from './build-server.mjs';
import { call, freePort, machine, pause, signIn, signUp, startBuiltServer } from './bench-server.mjs';

const options = parseArgs({ strict: false }).values;
const runs = Number(options.runs ?? 5);
const recipientCount = Number(options.recipients ?? 150);
const acceptDelayMs = Number(options['accept-delay'] ?? 100);

/**
 * An SMTP server that keeps every message it accepted, even when its sender has gone by the time it
 * answers (as a real server does: the message is in its queue), with the message's Message-ID and
 * whether the sender's connection was still open when the 250 was written.
 */
async function startMailServer() {
  const accepted = [];
  const closedSessions = new Set();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onClose(session) {
      closedSessions.add(session.id);
    },
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', async () => {
        await pause(acceptDelayMs);
        const raw = Buffer.concat(chunks).toString('utf8');
        accepted.push({
          at: performance.now(),
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          messageId: /^message-id:\s*(<[^>]+>)/im.exec(raw)?.[1] ?? null,
          subject: /^subject:\s*(.*)$/im.exec(raw)?.[1]?.trim() ?? '',
          raw,
          senderWasGone: closedSessions.has(session.id),
        });
        callback();
      });
    },
  });
  server.on('error', () => undefined);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${server.server.address().port}`,
    accepted,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** The text of a quoted-printable MIME part, near enough to find a link in it. */
const unquote = (text) => text.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');

async function waitFor(check, timeoutMs, what) {
  const deadline = performance.now() + timeoutMs;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await pause(50);
  }
}

function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function oneRun(smtp, runIndex) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'life-updates-kill-'));
  const port = await freePort();
  const env = {
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'updates@life.test',
    // A retry after a refused attempt comes soon; a crash is not one.
    EMAIL_RETRY_DELAY_SECONDS: '1',
  };
  let server = await startBuiltServer(env, { port });
  try {
    const { baseUrl } = server;
    const email = `owner-${runIndex}@example.com`;
    await signUp(baseUrl, email, 'Owner');
    await waitFor(async () => smtp.accepted.some((mail) => mail.to.includes(email)), 30_000, 'the verification mail');
    const verification = unquote(smtp.accepted.find((mail) => mail.to.includes(email)).raw);
    const link = /https?:\/\/[^\s"<>]*verify-email[^\s"<>]*/.exec(verification)?.[0];
    if (!link) throw new Error('no verification link in the verification mail');
    await fetch(link.replace(/^https?:\/\/[^/]+/, baseUrl), { redirect: 'manual' });
    const cookie = await signIn(baseUrl, email);
    const send = async (method, url, body) => (await call(baseUrl, cookie, method, url, body)).json;
    const addresses = Array.from({ length: recipientCount }, (_, index) => `run${runIndex}-reader${index}@example.com`);
    await send('POST', '/api/contacts/import', {
      contacts: addresses.map((address, index) => ({ name: `Reader ${index}`, email: address })),
    });
    const { contacts } = await send('GET', `/api/contacts?search=run${runIndex}-reader`);
    if (contacts.length !== recipientCount) throw new Error(`imported ${contacts.length} contacts`);
    const subject = `Through the kill, run ${runIndex + 1}`;
    const idea = await send('POST', '/api/ideas', { content: 'News before the crash' });
    const { preferenceFallbacks } = await import('../packages/contract/src/preferences.ts');
    const approved = await send('POST', '/api/shares/approve', {
      ideaIds: [idea.id],
      text: 'Hello from before the crash',
      preferences: preferenceFallbacks,
    });
    const ofRun = () => smtp.accepted.filter((mail) => mail.subject === subject);
    await send('POST', `/api/shares/${approved.share.id}/send`, {
      destinations: { contactIds: contacts.map((contact) => contact.id) },
      subject,
    });
    await waitFor(async () => ofRun().length >= recipientCount / 3, 120_000, 'a third of the mails');
    process.kill(server.pid, 'SIGKILL');
    const killedAt = performance.now();
    await waitFor(async () => !isRunning(server.pid), 10_000, 'the server to die');
    const beforeKill = ofRun().length;

    const restarting = performance.now();
    server = await startBuiltServer(env, { port });
    const readyAt = performance.now();
    const missing = () => addresses.filter((address) => !ofRun().some((mail) => mail.to.includes(address)));
    await waitFor(async () => missing().length === 0, 180_000, `every reader's mail (${missing().length} missing)`);
    // A duplicate, if any, has the time to arrive before counting.
    await pause(3000);
    const resent = ofRun().filter((mail) => mail.at > readyAt);
    const byMessageId = Map.groupBy(ofRun(), (mail) => mail.messageId);
    const copies = [...byMessageId.values()].filter((list) => list.length > 1);
    const byRecipient = Map.groupBy(ofRun(), (mail) => mail.to[0]);
    return {
      mails: recipientCount,
      acceptedBeforeKill: beforeKill,
      sentTwice: copies.length,
      // Sent twice under two Message-IDs: a receiving system could not tell the copy.
      sentTwiceUnderTwoIds: [...byRecipient.values()].filter((list) => new Set(list.map((m) => m.messageId)).size > 1)
        .length,
      firstCopyAcceptedAfterSenderWasGone: copies.filter((list) => list[0].senderWasGone).length,
      firstCopyAnsweredWhileConnected: copies.filter((list) => !list[0].senderWasGone).length,
      restartToReadyMs: Math.round(readyAt - restarting),
      killToFirstResentMs: resent.length > 0 ? Math.round(resent[0].at - killedAt) : null,
      readyToFirstResentMs: resent.length > 0 ? Math.round(resent[0].at - readyAt) : null,
      readyToAllMs: Math.round(Math.max(...ofRun().map((mail) => mail.at)) - readyAt),
    };
  } finally {
    if (isRunning(server.pid)) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await buildServerIfStale();
const smtp = await startMailServer();
const results = [];
try {
  for (let run = 0; run < runs; run += 1) {
    const result = await oneRun(smtp, run);
    console.error(`run ${run + 1}: ${JSON.stringify(result)}`);
    results.push(result);
  }
} finally {
  await smtp.close();
}
const total = (key) => results.reduce((sum, result) => sum + result[key], 0);
console.log(
  JSON.stringify(
    {
      machine: machine(),
      acceptDelayMs,
      runs: results,
      mails: total('mails'),
      sentTwice: total('sentTwice'),
      sentTwiceUnderTwoIds: total('sentTwiceUnderTwoIds'),
      firstCopyAcceptedAfterSenderWasGone: total('firstCopyAcceptedAfterSenderWasGone'),
      firstCopyAnsweredWhileConnected: total('firstCopyAnsweredWhileConnected'),
    },
    null,
    2,
  ),
);
