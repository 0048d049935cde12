import { existsSync, renameSync, rmdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractDatabaseEntries } from './backup.ts';

/**
 * The built server ships an empty PostgreSQL cluster (scripts/build-server.mjs makes it with
 * PGlite's own dumpDataDir): a new data dir starts from it instead of running initdb in a second
 * WebAssembly instance, which was most of a first start's time and memory. From the sources (dev,
 * tests) there is none, and PGlite runs initdb as usual.
 */
const freshClusterFile = fileURLToPath(new URL('./pglite-cluster.tar.gz', import.meta.url));

/**
 * Unpacks the empty cluster into a new data dir before PGlite opens it, streamed from disk to disk
 * as a restore unpacks a backup. Handing it to PGlite as `loadDataDir` instead unpacks its 40 MB in
 * memory, and glibc kept about 50 MiB of that freed memory for the life of the process
 * (docs/benchmarks.md, Footprint). It is unpacked beside the data dir and renamed into place, so a
 * start stopped half-way leaves no cluster that looks complete. Does nothing when the data dir holds
 * a cluster or there is none to unpack; `archive` is the built server's unless a test names another.
 */
export async function unpackFreshCluster(dataDir: string, archive = freshClusterFile): Promise<void> {
  if (existsSync(path.join(dataDir, 'PG_VERSION')) || !existsSync(archive)) return;
  const unpacking = `${dataDir}.unpacking`;
  rmSync(unpacking, { recursive: true, force: true });
  await extractDatabaseEntries(archive, unpacking);
  // The data dir may exist, empty (the first start made the folder): rmdir refuses anything else.
  if (existsSync(dataDir)) rmdirSync(dataDir);
  renameSync(unpacking, dataDir);
}
