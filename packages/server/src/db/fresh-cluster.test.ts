import { PGlite } from '@electric-sql/pglite';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unpackFreshCluster } from './fresh-cluster.ts';

/**
 * A new data dir starts from the empty cluster the build ships (scripts/build-server.mjs makes it
 * with PGlite's dumpDataDir, as here), unpacked to disk before PGlite opens it.
 */
let folder: string;
let archive: Buffer;

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'life-updates-fresh-cluster-'));
  const cluster = new PGlite();
  await cluster.waitReady;
  archive = Buffer.from(await (await cluster.dumpDataDir('gzip')).arrayBuffer());
  await cluster.close();
  writeFileSync(path.join(folder, 'cluster.tar.gz'), archive);
}, 60_000);

afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('unpackFreshCluster', () => {
  it('makes a data dir PGlite opens as its own, keeping what it writes there', async () => {
    const dataDir = path.join(folder, 'new', 'db');
    mkdirSync(dataDir, { recursive: true });
    await unpackFreshCluster(dataDir, path.join(folder, 'cluster.tar.gz'));
    expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
    expect(existsSync(`${dataDir}.unpacking`)).toBe(false);

    const database = new PGlite(dataDir);
    await database.exec("create table notes (text text); insert into notes values ('kept')");
    await database.close();
    // Unpacking again over a cluster does nothing: the data stays.
    await unpackFreshCluster(dataDir, path.join(folder, 'cluster.tar.gz'));
    const reopened = new PGlite(dataDir);
    const { rows } = await reopened.query<{ text: string }>('select text from notes');
    await reopened.close();
    expect(rows).toEqual([{ text: 'kept' }]);
  }, 60_000);

  it('leaves no cluster that looks complete when the archive breaks off half-way', async () => {
    const broken = path.join(folder, 'broken.tar.gz');
    writeFileSync(broken, archive.subarray(0, Math.floor(archive.length / 2)));
    const dataDir = path.join(folder, 'broken', 'db');
    await expect(unpackFreshCluster(dataDir, broken)).rejects.toThrow();
    expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(false);
    expect(readdirSync(path.join(folder, 'broken'))).not.toContain('db');
  });

  it('does nothing without an archive (a server run from its sources)', async () => {
    const dataDir = path.join(folder, 'none', 'db');
    await unpackFreshCluster(dataDir, path.join(folder, 'missing.tar.gz'));
    expect(existsSync(path.join(folder, 'none'))).toBe(false);
  });
});
