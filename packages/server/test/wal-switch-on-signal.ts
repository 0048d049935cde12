import { PGlite } from '@electric-sql/pglite';

/**
 * Preloaded into a spawned server by the fatal-error test (`node --import tsx --import
 * ./test/wal-switch-on-signal.ts src/server.ts`): on SIGUSR2 it asks the server's own PGlite to
 * start a new WAL segment, as PostgreSQL does after 16 MB of writes. With pg_wal made unusable
 * first, the next write PANICs the way it does on a full disk, without filling a disk.
 */
const instances = new Set<PGlite>(); // the server has one
const query = PGlite.prototype.query;
PGlite.prototype.query = function (this: PGlite, ...args: Parameters<PGlite['query']>) {
  instances.add(this);
  return query.apply(this, args);
} as PGlite['query'];

process.on('SIGUSR2', () => {
  const [instance] = instances;
  void instance?.query('select pg_switch_wal()').then(
    () => console.log('wal switched'),
    (error: Error) => console.log(`wal switch failed: ${error.message}`),
  );
});
