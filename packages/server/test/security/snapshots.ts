import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client.ts';

/** The tables holding a user's own rows (each has `user_id`). */
export const userOwnedTables = [
  'user_settings',
  'contacts',
  'ideas',
  'idea_photos',
  'templates',
  'shares',
  'deliveries',
  'outbox_messages',
  'contact_messages',
  'linkedin_connections',
  'linkedin_authorizations',
] as const;

/**
 * A fingerprint of every row one user owns (or of whole tables when `userId` is null), in one
 * round trip: md5 of the rows' text per table, plus the row count. Two equal snapshots mean
 * nothing was written, not even half of a request.
 */
export async function snapshotRows(db: Database, userId: string | null): Promise<Record<string, string>> {
  const parts = [
    ...userOwnedTables.map((table) => {
      const where = userId === null ? sql`` : sql` where t.user_id = ${userId}`;
      return sql`select ${table} as name, count(*)::text || ':' || md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${sql.identifier(table)} t${where}`;
    }),
    sql`select 'users' as name, count(*)::text || ':' || md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from users t${userId === null ? sql`` : sql` where t.id = ${userId}`}`,
  ];
  const result = (await db.execute(sql.join(parts, sql` union all `))) as unknown as {
    rows: Array<{ name: string; digest: string }>;
  };
  return Object.fromEntries(result.rows.map((row) => [row.name, row.digest]));
}
