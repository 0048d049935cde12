import { sql } from 'drizzle-orm';
import { createServer as createHttpServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client.ts';
import { deliveryQueue } from '../src/features/shares/delivery/queue.ts';
import { startSmtpServer } from './doubles/smtp.ts';
import { freePort, startServerProcess, waitForHealth, type ServerProcess } from './server-process.ts';
import { openTestDatabase, strongPassword } from './test-app.ts';

/**
 * README "Two instances behind a load balancer": two real server processes on one PostgreSQL
 * database behind a round-robin proxy. Only in the PostgreSQL run (vitest.config.ts includes
 * *.pg-test.ts when TEST_DATABASE_URL is set): the embedded database allows one process.
 */
const appSecret = 'scale-out-secret-that-is-long-enough-0123456789';

type Instance = ServerProcess & { port: number };

/** A small round-robin load balancer; a request to a dead instance is retried on the next one. */
async function startProxy(upstreams: () => number[]) {
  let next = 0;
  const hits = new Map<number, number>();
  const server: Server = createHttpServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const forward = (attempt: number) => {
        const ports = upstreams();
        const port = ports[next++ % ports.length]!;
        const upstream = httpRequest(
          {
            host: '127.0.0.1',
            port,
            method: request.method,
            path: request.url,
            headers: { ...request.headers, 'x-forwarded-for': '10.77.0.1' },
          },
          (answer) => {
            hits.set(port, (hits.get(port) ?? 0) + 1);
            response.writeHead(answer.statusCode ?? 502, answer.headers);
            // An instance killed mid-answer cuts the answer short: so does the proxy.
            answer.on('error', () => response.destroy());
            answer.pipe(response);
          },
        );
        upstream.on('error', () => {
          if (attempt < ports.length) forward(attempt + 1);
          else response.writeHead(502).end();
        });
        upstream.end(body);
      };
      forward(1);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const waitForInstance = (instance: Instance) => waitForHealth(instance.port, instance.output, 90_000);

let database: DatabaseHandle;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let proxy: Awaited<ReturnType<typeof startProxy>>;
const instances: Instance[] = [];
const livePorts = () =>
  instances
    .filter((instance) => instance.child.exitCode === null && instance.child.signalCode === null)
    .map((instance) => instance.port);

async function startInstance(baseUrl: string): Promise<Instance> {
  const port = await freePort();
  const server = startServerProcess({
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATABASE_URL: database.connectionString!,
    APP_SECRET: appSecret,
    BASE_URL: baseUrl,
    TRUST_PROXY: 'true',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'updates@life.test',
    EMAIL_RETRY_DELAY_SECONDS: '1',
    RATE_LIMIT_SCALE: '100',
  });
  return { port, ...server };
}

beforeAll(async () => {
  database = await openTestDatabase();
  // Each message takes a moment to accept, like a real mail server, so a 200-recipient send lasts
  // long enough (about 2 s on both instances' five pooled connections each) to interrupt.
  smtp = await startSmtpServer({ acceptDelayMs: 100 });
  proxy = await startProxy(livePorts);
  instances.push(await startInstance(proxy.url), await startInstance(proxy.url));
  await Promise.all(instances.map(waitForInstance));
}, 180_000);

afterAll(async () => {
  for (const instance of instances) if (instance.child.exitCode === null) instance.child.kill('SIGKILL');
  await Promise.all(instances.map((instance) => instance.exited));
  await proxy?.close();
  await smtp?.close();
  await database?.close();
});

type Session = { cookie: string; headers: Record<string, string> };

async function api(base: string, session: Session | null, method: string, url: string, body?: unknown) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(session?.headers ?? {}),
      origin: proxy.url,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    text,
    json: () => JSON.parse(text) as Record<string, unknown>,
    headers: response.headers,
  };
}

async function signUpAndIn(base: string, email: string): Promise<Session> {
  const signUp = await api(base, null, 'POST', '/api/auth/sign-up/email', {
    email,
    name: 'Scale Out',
    password: strongPassword,
  });
  expect(signUp.status, signUp.text).toBe(200);
  // A real mail transport makes verification required: confirm the account as the emailed link would.
  await database.db.execute(sql`update users set email_verified = true where email = ${email}`);
  const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: proxy.url },
    body: JSON.stringify({ email, password: strongPassword }),
  });
  expect(signIn.status).toBe(200);
  const cookie = signIn.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  return { cookie, headers: { cookie } };
}

/** A share of one idea for `count` new contacts, ready to send. */
async function prepareShare(session: Session, prefix: string, count: number) {
  const rows = Array.from({ length: count }, (_, index) => ({
    name: `Friend ${index}`,
    email: `${prefix}-${index}@example.com`,
  }));
  const imported = await api(proxy.url, session, 'POST', '/api/contacts/import', { contacts: rows });
  expect(imported.json()).toMatchObject({ created: count });
  const contacts = (await api(proxy.url, session, 'GET', `/api/contacts?search=${prefix}-`)).json().contacts as Array<{
    id: string;
  }>;
  expect(contacts).toHaveLength(count);
  const idea = (await api(proxy.url, session, 'POST', '/api/ideas', { content: `News for ${prefix}` })).json();
  const preferences = {
    platform: 'newsletter',
    length: 'short',
    tone: 'casual',
    intent: 'educate',
    sentiment: 'joy',
    structure: 'letter',
  };
  const share = (
    await api(proxy.url, session, 'POST', '/api/shares/approve', {
      ideaIds: [idea.id],
      text: `Hello from ${prefix}`,
      preferences,
    })
  ).json();
  return {
    shareId: (share.share as { id: string }).id,
    contactIds: contacts.map((contact) => contact.id),
    emails: rows.map((row) => row.email),
  };
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`timed out: ${what}`);
}

const deliveriesOf = async (session: Session, shareId: string) =>
  (await api(proxy.url, session, 'GET', `/api/shares/${shareId}/deliveries`)).json() as {
    counts: Record<string, number>;
    isDone: boolean;
  };

describe('two instances on one PostgreSQL database', () => {
  let session: Session;

  it('a session made on one instance works on the other, and through the proxy', async () => {
    const [first, second] = instances.map((instance) => `http://127.0.0.1:${instance.port}`);
    session = await signUpAndIn(first!, 'scale@example.com');
    const onSecond = await api(second!, session, 'GET', '/api/me');
    expect(onSecond.status, onSecond.text).toBe(200);
    expect(onSecond.json()).toMatchObject({ email: 'scale@example.com' });
    for (let index = 0; index < 6; index += 1)
      expect((await api(proxy.url, session, 'GET', '/api/me')).status).toBe(200);
    expect([...proxy.hits.keys()].sort()).toEqual(instances.map((instance) => instance.port).sort());
    // Signing out on one instance ends the session on both.
    const other = await signUpAndIn(second!, 'scale-out-2@example.com');
    expect((await api(first!, other, 'POST', '/api/auth/sign-out', {})).status).toBe(200);
    expect((await api(second!, other, 'GET', '/api/me')).status).toBe(401);
  });

  it('a 200-recipient share is delivered exactly once, by both instances’ workers together', async () => {
    const { shareId, contactIds, emails } = await prepareShare(session, 'once', 200);
    const send = await api(proxy.url, session, 'POST', `/api/shares/${shareId}/send`, {
      destinations: { contactIds },
      subject: 'Exactly once',
    });
    expect(send.status, send.text).toBe(200);
    expect(send.json()).toMatchObject({ queued: 200 });
    await waitUntil(async () => (await deliveriesOf(session, shareId)).counts.sent === 200, 90_000, 'all 200 sent');
    // Give a duplicate, if any, the time to arrive before counting.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    for (const email of emails) expect(smtp.to(email), email).toHaveLength(1);
    expect(smtp.received.filter((item) => item.mail.subject === 'Exactly once')).toHaveLength(200);
  }, 150_000);

  it('stopping one instance in the middle of a 200-recipient send loses nothing', async () => {
    const { shareId, contactIds, emails } = await prepareShare(session, 'stop', 200);
    const send = await api(proxy.url, session, 'POST', `/api/shares/${shareId}/send`, {
      destinations: { contactIds },
      subject: 'Despite the stop',
    });
    expect(send.json()).toMatchObject({ queued: 200 });
    const arrived = () => smtp.received.filter((item) => item.mail.subject === 'Despite the stop').length;
    await waitUntil(async () => arrived() >= 20, 60_000, 'the send to start');
    // A rolling deploy or a scale-down: the instance is told to stop while it is sending.
    const stopped = instances[0]!;
    stopped.child.kill('SIGTERM');
    await stopped.exited;
    expect(arrived()).toBeLessThan(200);
    await waitUntil(
      async () => (await deliveriesOf(session, shareId)).counts.sent === 200,
      90_000,
      'the rest sent by the other instance',
    );
    await new Promise((resolve) => setTimeout(resolve, 2000));
    for (const email of emails) expect(smtp.to(email), email).toHaveLength(1);
    const counts = (await deliveriesOf(session, shareId)).counts;
    expect(counts).toMatchObject({ total: 200, sent: 200, failed: 0, queued: 0, sending: 0 });
    const open = (await database.db.execute(
      sql`select count(*)::int as open from pgboss.job where name = ${deliveryQueue} and state in ('created', 'retry', 'active')`,
    )) as unknown as { rows: Array<{ open: number }> };
    expect(open.rows[0]!.open).toBe(0);
  }, 150_000);

  it('killing one instance in the middle of a 200-recipient send loses nothing', async () => {
    // A fresh second instance: the previous test stopped one.
    const extra = await startInstance(proxy.url);
    instances.push(extra);
    await waitForInstance(extra);
    const { shareId, contactIds, emails } = await prepareShare(session, 'kill', 200);
    const send = await api(proxy.url, session, 'POST', `/api/shares/${shareId}/send`, {
      destinations: { contactIds },
      subject: 'Despite the crash',
    });
    expect(send.json()).toMatchObject({ queued: 200 });
    const arrived = () => smtp.received.filter((item) => item.mail.subject === 'Despite the crash').length;
    await waitUntil(async () => arrived() >= 20, 60_000, 'the send to start');
    // A crash: no shutdown, the jobs it holds stay claimed until their heartbeat goes stale.
    extra.child.kill('SIGKILL');
    await extra.exited;
    expect(arrived()).toBeLessThan(200);
    await waitUntil(
      async () => (await deliveriesOf(session, shareId)).counts.sent === 200,
      120_000,
      'the rest sent by the surviving instance',
    );
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const counts = (await deliveriesOf(session, shareId)).counts;
    expect(counts).toMatchObject({ total: 200, sent: 200, failed: 0, queued: 0, sending: 0 });
    // Everyone got it. Only a message the mail server took in the instant the process died, before it
    // could record it as sent, may go out twice: at most one per pooled SMTP connection (5).
    const perRecipient = emails.map((email) => smtp.to(email).length);
    expect(perRecipient.every((received) => received >= 1)).toBe(true);
    expect(perRecipient.reduce((sum, received) => sum + received, 0) - 200).toBeLessThanOrEqual(5);
  }, 180_000);
});
