import fp from 'fastify-plugin';
import { diskFull } from '../lib/app-error.ts';

/** Methods that only read; every other one may write. */
const readingMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * While the disk of the embedded database is nearly full, refuses every request that may write
 * with 507 `DISK_FULL` ("the server's disk is full"), before it reaches the database: PostgreSQL
 * that runs out of room for its write-ahead log PANICs. Reads go on. Background jobs are
 * not held back: their writes are small, and the margin is there for them. With the margin off
 * (or used up), the disk's own "no space" errors get the same answer (plugins/errors.ts).
 */
export const diskSpacePlugin = fp(
  async (app) => {
    const { diskSpace } = app.deps;
    if (!diskSpace) return;
    app.addHook('onRequest', async (request) => {
      if (readingMethods.has(request.method)) return;
      if (await diskSpace.isLow()) throw diskFull();
    });
  },
  { name: 'disk-space', decorators: { fastify: ['deps'] } },
);
