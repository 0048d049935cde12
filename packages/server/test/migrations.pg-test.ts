import { readMigrationFiles } from 'drizzle-orm/migrator';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder, openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { migrationLockKey } from '../src/db/migrate-postgres.ts';

/**
 * Upgrades on PostgreSQL (README "Upgrading"): instances starting together apply the migrations
 * once, one after the other, under an advisory lock. Only in the PostgreSQL run.
 */
const serverUrl = process.env.TEST_DATABASE_URL!;
const created: string[] = [];
const opened: DatabaseHandle[] = [];

async function admin<T>(work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function freshDatabaseUrl() {
  const name = `lu_migrate_${randomUUID().replaceAll('-', '')}`;
  await admin((client) => client.query(`create database ${name}`));
  created.push(name);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function open(connectionString: string) {
  const handle = await openDatabase({ connectionString, dataDir: '' });
  opened.push(handle);
  return handle;
}

afterAll(async () => {
  for (const handle of opened) await handle.close();
  await admin(async (client) => {
    for (const name of created) await client.query(`drop database if exists ${name} with (force)`);
  });
});

const shippedMigrations = readMigrationFiles({ migrationsFolder }).length;

async function appliedMigrations(connectionString: string) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: number }>(
      'select count(*)::int as count from drizzle.__drizzle_migrations',
    );
    return rows[0]!.count;
  } finally {
    await client.end();
  }
}

describe('migrations on PostgreSQL', () => {
  it('four instances starting at once on an empty database all start, and each migration is applied once', async () => {
    const url = await freshDatabaseUrl();
    const results = await Promise.allSettled([open(url), open(url), open(url), open(url)]);
    expect(results.map((result) => (result.status === 'rejected' ? String(result.reason) : 'ok'))).toEqual([
      'ok',
      'ok',
      'ok',
      'ok',
    ]);
    expect(await appliedMigrations(url)).toBe(shippedMigrations);
  });

  it('an instance waits while another holds the migration lock, then migrates', async () => {
    const url = await freshDatabaseUrl();
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query('select pg_advisory_lock($1)', [migrationLockKey.toString()]);
      let isOpen = false;
      const opening = open(url).then((handle) => {
        isOpen = true;
        return handle;
      });
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(isOpen).toBe(false);
      const { rows } = await holder.query<{ count: number }>(
        "select count(*)::int as count from information_schema.tables where table_schema = 'public'",
      );
      expect(rows[0]!.count).toBe(0);

      await holder.query('select pg_advisory_unlock($1)', [migrationLockKey.toString()]);
      await opening;
      expect(isOpen).toBe(true);
      expect(await appliedMigrations(url)).toBe(shippedMigrations);
    } finally {
      await holder.end();
    }
  });
});
