import type { Database } from './client.ts';

/**
 * A query built and prepared once per database handle instead of on every call: the hot read
 * paths (docs/benchmarks.md (a)) skip the query builder, and on PostgreSQL each pooled connection
 * parses the statement once. `build` must take its per-call values through `sql.placeholder`.
 * Not for transactions: a transaction is a handle of its own.
 */
export function preparedPerDatabase<Query>(build: (db: Database) => Query): (db: Database) => Query {
  const queries = new WeakMap<Database, Query>();
  return (db) => {
    let query = queries.get(db);
    if (query === undefined) {
      query = build(db);
      queries.set(db, query);
    }
    return query;
  };
}
