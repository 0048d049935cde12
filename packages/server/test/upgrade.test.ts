import { PGlite } from '@electric-sql/pglite';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * README "Upgrading": the current server started on the database of an earlier release
 * (fixtures/release-e75c72a.sql: the schema of that commit's migrations with rows in every table,
 * made by fixtures/make-release-fixture.sh) applies the newer migrations, keeps every row, and
 * works: the old account signs in and finds its ideas, contacts and settings, and can add an idea.
 * Tables and columns renamed since (migration 0009) keep their rows under the new names.
 * On PGlite, or on PostgreSQL when TEST_DATABASE_URL is set.
 */
const serverDirectory = path.resolve(import.meta.dirname, '..');
const fixture = readFileSync(path.join(import.meta.dirname, 'fixtures/release-e75c72a.sql'), 'utf8');
const appSecret = 'upgrade-fixture-secret-that-is-long-enough-0123';
const serverUrl = process.env.TEST_DATABASE_URL;
const cleanups: Array<() => Promise<void> | void> = [];
let child: ChildProcess | undefined;

afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A query runner on the upgraded database, whichever kind it is. */
type Query = (text: string) => Promise<Array<Record<string, unknown>>>;

/** Loads the old release's database; returns the server's environment for it and a way to query it afterwards. */
async function loadOldRelease(): Promise<{
  env: Record<string, string>;
  withDatabase: <T>(work: (query: Query) => Promise<T>) => Promise<T>;
}> {
  if (serverUrl) {
    const name = `lu_upgrade_${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    cleanups.push(async () => {
      const drop = new pg.Client({ connectionString: serverUrl });
      await drop.connect();
      await drop.query(`drop database if exists ${name} with (force)`);
      await drop.end();
    });
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const withDatabase = async <T>(work: (query: Query) => Promise<T>) => {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        return await work(async (text) => (await client.query(text)).rows as Array<Record<string, unknown>>);
      } finally {
        await client.end();
      }
    };
    await withDatabase((query) => query(fixture));
    return { env: { DATABASE_URL: url.toString(), DATA_DIR: temporaryDirectory() }, withDatabase };
  }
  // An earlier release kept its database directly in DATA_DIR; the server moves it into DATA_DIR/db.
  const dataDir = temporaryDirectory();
  const withDatabase = async <T>(work: (query: Query) => Promise<T>) => {
    const pglite = new PGlite(existsSync(path.join(dataDir, 'db')) ? path.join(dataDir, 'db') : dataDir);
    try {
      return await work(async (text) => {
        const results = await pglite.exec(text);
        return (results.at(-1)?.rows ?? []) as Array<Record<string, unknown>>;
      });
    } finally {
      await pglite.close();
    }
  };
  await withDatabase((query) => query(fixture));
  return { env: { DATA_DIR: dataDir }, withDatabase };
}

function temporaryDirectory() {
  const directory = mkdtempSync(path.join(tmpdir(), 'life-updates-upgrade-'));
  cleanups.push(() => rmSync(directory, { recursive: true, force: true }));
  return directory;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const rowCounts = `select string_agg(format('%s=%s', t.table_name,
  (xpath('/row/c/text()', query_to_xml(format('select count(*) as c from public.%I', t.table_name), false, true, '')))[1]::text), ' ' order by t.table_name) as counts
  from information_schema.tables t where t.table_schema = 'public' and t.table_type = 'BASE TABLE'`;

/** The tables migrations 0009 and 0010 renamed: old name → new name. */
const renamedTables: Record<string, string> = {
  events: 'ideas',
  pending_shares: 'shares',
  summary_templates: 'templates',
  telegram_channels: 'telegram_chats',
  email_deliveries: 'deliveries',
};

function parseCounts(rows: Array<Record<string, unknown>>) {
  return Object.fromEntries(
    String(rows[0]?.counts ?? '')
      .split(' ')
      .filter(Boolean)
      .map((pair) => {
        const [table, count] = pair.split('=');
        return [table!, Number(count)];
      }),
  );
}

describe('upgrading from an earlier release', () => {
  it('the current server starts on its database, keeps every row and works', async () => {
    const { env, withDatabase } = await loadOldRelease();
    // A share with one text for everyone, stored under the old key "summary".
    await withDatabase((query) =>
      query(`insert into pending_shares (id, user_id, status, events_ids, summaries)
        values ('50000000-0000-4000-8000-000000000002', 'owner-0001', 'saved_for_later',
          '["e0000000-0000-4000-8000-000000000002"]', '{"summary": "One text for everyone."}')`),
    );
    const before = parseCounts(await withDatabase((query) => query(rowCounts)));
    // A Telegram post whose share was deleted gets a share of its own.
    const orphanPosts = await withDatabase((query) =>
      query('select count(*)::int as count from telegram_posts where share_id is null'),
    );
    const telegramPostsWithoutShare = Number(orphanPosts[0]?.count);
    expect(Object.keys(before).length).toBe(24);
    expect(Object.entries(before).filter(([, count]) => count === 0)).toEqual([]);

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: serverDirectory,
      env: { ...process.env, ...env, PORT: String(port), APP_SECRET: appSecret, BASE_URL: base, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child!.on('exit', resolve));

    let ready: Response | undefined;
    for (let attempt = 0; attempt < 300 && child.exitCode === null; attempt += 1) {
      ready = await fetch(`${base}/api/ready`).catch(() => undefined);
      if (ready?.ok) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(ready?.status, output).toBe(200);

    const json = { 'content-type': 'application/json', origin: base };
    const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: 'owner@example.com', password: 'Passw0rd!' }),
    });
    expect(signIn.status, await signIn.clone().text()).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((value) => value.split(';')[0])
      .join('; ');
    const get = async (url: string) => {
      const response = await fetch(`${base}${url}`, { headers: { cookie, origin: base } });
      expect(response.status, `${url}: ${await response.clone().text()}`).toBe(200);
      return response.json() as Promise<Record<string, unknown>>;
    };

    const ideas = (await get('/api/ideas')) as {
      ideas: Array<{ content: string; status: string; linkedinPostUrl: string | null }>;
      maxIdeas: number;
    };
    expect(ideas.maxIdeas).toBe(12);
    expect(ideas.ideas.map((idea) => `${idea.status}: ${idea.content}`).sort()).toEqual([
      'approved: I ran my first half marathon.',
      // A raw idea's status was "raw_ideas" before migration 0014; the label shown stays "Raw Ideas".
      'raw: We moved to Lisbon and the kids started school.',
      'sent: Sent update about the garden.',
    ]);
    // The idea's LinkedIn post, kept on the idea before, is now its share's published LinkedIn delivery.
    expect(ideas.ideas.find((idea) => idea.content === 'Sent update about the garden.')?.linkedinPostUrl).toBe(
      'https://www.linkedin.com/feed/update/urn:li:share:1',
    );
    const contacts = JSON.stringify(await get('/api/contacts'));
    expect(contacts).toContain('mum@example.com');
    expect(contacts).toContain('friend@example.com');
    expect(JSON.stringify(await get('/api/templates'))).toContain('Family letter');
    expect(JSON.stringify(await get('/api/admin/users'))).toContain('bea@example.com');
    expect(JSON.stringify(await get('/api/admin/contact-requests'))).toContain('Please raise my monthly limit.');

    const created = await fetch(`${base}/api/ideas`, {
      method: 'POST',
      headers: { ...json, cookie },
      body: JSON.stringify({ content: 'Written after the upgrade.' }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    expect(((await created.json()) as { status: string }).status).toBe('raw');
    expect((await get('/api/usage')) as object).toBeTruthy();

    child.kill('SIGTERM');
    expect(await exited).toBe(0);

    const after = parseCounts(await withDatabase((query) => query(rowCounts)));
    // Every old row is still there; only sign-in and the new idea added some. Email deliveries are
    // "deliveries" now, and Telegram and LinkedIn posts became deliveries (a LinkedIn post with a
    // share of its own).
    const posts = ['telegram_posts', 'linkedin_posts'];
    for (const [oldTable, count] of Object.entries(before)) {
      if (posts.includes(oldTable)) continue;
      const table = renamedTables[oldTable] ?? oldTable;
      expect({ table, kept: (after[table] ?? 0) >= count }).toEqual({ table, kept: true });
    }
    expect(posts.filter((table) => table in after)).toEqual([]);
    expect(Object.keys(renamedTables).filter((oldTable) => oldTable in after)).toEqual([]);
    expect(after.deliveries).toBe(before.email_deliveries! + before.telegram_posts! + before.linkedin_posts!);
    expect(after.shares).toBe(before.pending_shares! + before.linkedin_posts! + telegramPostsWithoutShare);
    expect(after.ideas).toBe(before.events! + 1);
    // No idea is left under the old status name (migration 0014).
    const oldStatus = await withDatabase((query) =>
      query(`select count(*)::int as count from ideas where status = 'raw_ideas'`),
    );
    expect(oldStatus).toEqual([{ count: 0 }]);

    // The renamed columns kept their values, and a share's one text is now under "everyone".
    const renamed = await withDatabase((query) =>
      query(`select json_build_object(
        'kind', (select kind from ideas where id = 'e0000000-0000-4000-8000-000000000001'),
        'limits', (select json_build_object('max', max_ideas, 'open', open_ideas) from user_settings
          where user_id = 'owner-0001'),
        'shareIdeas', (select idea_ids from shares where id = '50000000-0000-4000-8000-000000000001'),
        'perContact', (select texts from shares where id = '50000000-0000-4000-8000-000000000001'),
        'everyone', (select texts from shares where id = '50000000-0000-4000-8000-000000000002'),
        'template', (select name from templates where id = '5d1f0000-0000-4000-8000-000000000001'),
        'chat', (select title from telegram_chats where id = '7c000000-0000-4000-8000-000000000001'),
        'updateIdea', (select idea_id from telegram_updates where update_id = 900001),
        'triggers', (select json_agg(tgname::text) from pg_trigger where tgrelid = 'ideas'::regclass
          and not tgisinternal),
        'oldFunction', to_regproc('events_track_open')
      )::text as renamed`),
    );
    expect(JSON.parse(String(renamed[0]?.renamed))).toEqual({
      kind: 'life',
      limits: { max: 12, open: 3 },
      shareIdeas: ['e0000000-0000-4000-8000-000000000003'],
      perContact: { 'c0000000-0000-4000-8000-000000000001': 'Hi Mum, the garden is blooming.' },
      everyone: { everyone: 'One text for everyone.' },
      template: 'Family letter',
      chat: "Olga's channel",
      updateIdea: 'e0000000-0000-4000-8000-000000000001',
      triggers: ['ideas_track_open'],
      oldFunction: null,
    });
    const applied = await withDatabase((query) =>
      query('select count(*)::int as count from drizzle.__drizzle_migrations'),
    );
    expect(Number(applied[0]?.count)).toBeGreaterThan(4);
  }, 180_000);
});
