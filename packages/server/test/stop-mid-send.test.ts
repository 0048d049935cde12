import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer } from './doubles/smtp.ts';
import { freePort, startServerProcess, type ServerProcess } from './server-process.ts';
import { strongPassword } from './test-app.ts';

/**
 * A stop that loses nothing, on the embedded database (the self-hoster's `docker stop` or
 * `systemctl restart`): SIGTERM in the middle of a 200-recipient send to a real SMTP server on
 * loopback, then the server started again on the same data dir finishes the send, and every
 * recipient gets exactly one mail. (Two instances on PostgreSQL: scale-out.pg-test.ts.)
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'life-updates-stop-'));
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let port: number;
let base: string;
let server: ServerProcess | undefined;

async function startServer() {
  const started = startServerProcess({
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    APP_SECRET: 'stop-mid-send-secret-that-is-long-enough-0123',
    BASE_URL: base,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'updates@life.test',
    EMAIL_RETRY_DELAY_SECONDS: '1',
    RATE_LIMIT_SCALE: '100',
  });
  server = started;
  await waitUntil(
    async () => (await fetch(`${base}/api/ready`).catch(() => undefined))?.ok === true,
    120_000,
    () => `the server to be ready:\n${started.output()}`,
  );
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number, what: () => string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`timed out waiting for ${what()}`);
}

let cookie = '';
async function api(method: string, url: string, body?: unknown) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { cookie, origin: base, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, text, json: () => JSON.parse(text) as Record<string, unknown> };
}

beforeAll(async () => {
  // Each message takes a moment to accept, like a distant server, so the send lasts long enough to interrupt.
  smtp = await startSmtpServer({ acceptDelayMs: 100 });
  port = await freePort();
  base = `http://127.0.0.1:${port}`;
  await startServer();
}, 180_000);

afterAll(async () => {
  if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
  await smtp?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('SIGTERM in the middle of a send, on the embedded database', () => {
  it('loses nothing: after a restart every one of 200 recipients has exactly one mail', async () => {
    const email = 'owner@example.com';
    expect(
      (await api('POST', '/api/auth/sign-up/email', { email, name: 'Owner', password: strongPassword })).status,
    ).toBe(200);
    // With a real mail transport new accounts confirm their email; the verification link is in the mail.
    await waitUntil(
      async () => smtp.to(email).length > 0,
      30_000,
      () => 'the verification mail',
    );
    const link = /https?:\/\/\S+verify-email\S+/.exec(smtp.to(email)[0]!.mail.text ?? '')?.[0];
    expect(link).toBeTruthy();
    await fetch(link!.replace(/^https?:\/\/[^/]+/, base), { redirect: 'manual' });
    const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email, password: strongPassword }),
    });
    expect(signIn.status, await signIn.clone().text()).toBe(200);
    cookie = signIn.headers
      .getSetCookie()
      .map((value) => value.split(';')[0])
      .join('; ');

    const rows = Array.from({ length: 200 }, (_, index) => ({
      name: `Friend ${index}`,
      email: `stop-${index}@example.com`,
    }));
    expect((await api('POST', '/api/contacts/import', { contacts: rows })).json()).toMatchObject({ created: 200 });
    const contacts = (await api('GET', '/api/contacts?search=stop-')).json().contacts as Array<{ id: string }>;
    expect(contacts).toHaveLength(200);
    const idea = (await api('POST', '/api/ideas', { content: 'News before the restart' })).json();
    const approved = await api('POST', '/api/shares/approve', {
      ideaIds: [idea.id],
      text: 'Hello from before the restart',
      preferences: {
        platform: 'newsletter',
        length: 'short',
        tone: 'casual',
        intent: 'educate',
        sentiment: 'joy',
        structure: 'letter',
      },
    });
    expect(approved.status, approved.text).toBe(200);
    const shareId = (approved.json().share as { id: string }).id;
    const send = await api('POST', `/api/shares/${shareId}/send`, {
      destinations: { contactIds: contacts.map((contact) => contact.id) },
      subject: 'Despite the restart',
    });
    expect(send.json(), send.text).toMatchObject({ queued: 200 });

    const arrived = () => smtp.received.filter((item) => item.mail.subject === 'Despite the restart').length;
    await waitUntil(
      async () => arrived() >= 20,
      60_000,
      () => 'the send to start',
    );
    server!.child.kill('SIGTERM');
    expect(await server!.exited).toBe(0);
    expect(arrived()).toBeLessThan(200);

    await startServer();
    const deliveries = async () =>
      (await api('GET', `/api/shares/${shareId}/deliveries`)).json().counts as Record<string, number>;
    await waitUntil(
      async () => (await deliveries()).sent === 200,
      120_000,
      () => `all 200 sent:\n${server!.output()}`,
    );
    // Give a duplicate, if any, the time to arrive before counting.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    for (const row of rows) expect(smtp.to(row.email), row.email).toHaveLength(1);
    expect(arrived()).toBe(200);
    expect(await deliveries()).toMatchObject({ total: 200, sent: 200, failed: 0, queued: 0, sending: 0 });
  }, 300_000);
});
