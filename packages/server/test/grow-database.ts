import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';

/** The rows of a raw query (node-postgres and PGlite both answer { rows }). */
function rowsOf<Row>(result: unknown) {
  return (result as { rows: Row[] }).rows;
}

/** The database's size on disk, in bytes (tables, indexes and PostgreSQL's own catalogues). */
export async function databaseSize(db: Database) {
  const [row] = rowsOf<{ bytes: string }>(await db.execute(sql`select pg_database_size(current_database()) as bytes`));
  return Number(row!.bytes);
}

/**
 * Grows the database to at least `bytes` with rows in the app's own tables: users, each with
 * contacts and a long history of ideas (about 1.8 KB of text each, as a heavy user's years of
 * updates would be). The text is hex of md5s: it does not repeat, so PostgreSQL stores it as
 * written and gzip halves it, as it does real text. Written by the database itself
 * (generate_series), in batches of 100 users with 10 contacts and 50 ideas each (about 11 MB): the
 * open-ideas trigger (migration 0010) updates the owner's settings row once per idea, and one row
 * updated thousands of times in one statement would make the growth quadratic.
 */
export async function growDatabase(db: Database, { bytes }: { bytes: number }) {
  for (let batch = 0; (await databaseSize(db)) < bytes; batch += 1) {
    const prefix = `grown-${batch}-`;
    await db.execute(sql`
      insert into users (id, name, email, email_verified)
      select ${prefix} || k, 'Grown user ' || k, ${prefix} || k || '@example.com', true
      from generate_series(0, 99) k`);
    await db.execute(sql`
      insert into contacts (user_id, name, email, relationship, description)
      select ${prefix} || (i % 100), 'Contact ' || i, 'contact-' || i || '@' || ${prefix} || 'example.com', 'friend',
        (select string_agg(md5(${prefix} || i || ':' || j), ' ') from generate_series(1, 16) j)
      from generate_series(1, 1000) i`);
    // Sent ideas: the open-ideas limit counts only those not sent yet.
    await db.execute(sql`
      insert into ideas (user_id, title, content, description, kind, status, tags)
      select ${prefix} || (i % 100), 'Idea ' || i,
        (select string_agg(md5(${prefix} || i || '/' || j), ' ') from generate_series(1, 54) j),
        'About idea ' || i, 'milestone', 'sent', jsonb_build_array('family', ${prefix} || 'tag')
      from generate_series(1, 5000) i`);
  }
}
