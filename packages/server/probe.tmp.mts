import { PGlite, protocol } from '@electric-sql/pglite';
import { readdirSync, statSync } from 'node:fs';
import { openDatabase } from './src/db/client.ts';
import { growDatabase } from './test/grow-database.ts';
const dir = '/tmp/probe-grow/db';
const h = await openDatabase({ dataDir: dir });
console.time('grow'); await growDatabase(h.db, { bytes: 40 * 1024 * 1024 }); console.timeEnd('grow');
const pg = h.pglite!;
const list = () => readdirSync(dir + '/pg_wal').map((n) => [n, statSync(dir + '/pg_wal/' + n).size]);
console.log('before checkpoint', list());
await pg.runExclusive(async () => {
  await pg.execProtocol(protocol.serialize.query('CHECKPOINT'));
  const r = await pg.execProtocol(protocol.serialize.query("select pg_walfile_name(redo_lsn), pg_walfile_name(pg_current_wal_insert_lsn()), redo_lsn, checkpoint_lsn, pg_current_wal_insert_lsn() from pg_control_checkpoint()"));
  console.log(r.messages.filter((m) => m.name === 'dataRow').map((m: any) => m.fields));
});
console.log('after', list());
console.log((await pg.query("select name, setting from pg_settings where name in ('min_wal_size','max_wal_size','wal_segment_size','wal_recycle')")).rows);
await h.close();
