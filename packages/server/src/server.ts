import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig, type Config } from './config.ts';
import { openDatabase, type DatabaseHandle } from './db/client.ts';
import { acquireDataDirLock } from './db/data-dir-lock.ts';
import { databaseDirectory, describeMove, moveDatabaseIntoItsFolder } from './db/database-directory.ts';
import { startJobQueue, type JobQueue } from './jobs.ts';
import { describeDataDirError, fileSystemErrorCode } from './lib/data-dir.ts';
import { listenUrls } from './lib/listen-urls.ts';
import { registerWorkers } from './workers.ts';

// A start-up failure: one line for a file system problem with DATA_DIR (read-only, full, not a
// folder), the stack trace for anything else, which is a bug. Exit code 1 either way.
let config: Config;
try {
  config = loadConfig();
} catch (error) {
  console.error(describeDataDirError(error, path.resolve(process.env.DATA_DIR ?? './data')) ?? error);
  process.exit(1);
}
let releaseLock = () => {};
if (!config.DATABASE_URL) {
  try {
    releaseLock = acquireDataDirLock(config.DATA_DIR);
  } catch (error) {
    console.error(describeDataDirError(error, config.DATA_DIR) ?? (error as Error).message);
    process.exit(1);
  }
}

let app: FastifyInstance | undefined;
let database: DatabaseHandle;
let jobs: JobQueue;
try {
  // Under the lock: an older install's database moves into its own folder before it opens there.
  const movedEntries = config.DATABASE_URL ? [] : moveDatabaseIntoItsFolder(config.DATA_DIR);
  database = await openDatabase({
    connectionString: config.DATABASE_URL,
    dataDir: databaseDirectory(config.DATA_DIR),
    onIdleError: (error) => console.error('database connection lost:', error.message),
    // Before the app is up, the start-up step that met the error fails and is reported below.
    onFatalError: (error) => {
      if (app) exitAfterDatabaseFailure(app, error);
    },
  });
  jobs = await startJobQueue(database, {
    // After a fatal database error every job query fails alike; the fatal line has said why.
    error: (object, message) => {
      if (!database.fatalError) console.error(message, object);
    },
  });
  app = await buildApp({ config, database, jobs });
  if (movedEntries.length > 0) app.log.info(describeMove(config.DATA_DIR, movedEntries));
  await registerWorkers(app);
} catch (error) {
  console.error(describeDataDirError(error, config.DATA_DIR) ?? error);
  releaseLock();
  process.exit(1);
}

/**
 * The embedded database stopped after a fatal error (db/pglite-fatal-errors.ts): /api/health
 * answers 503 from now on, and the process exits with code 1 so that systemd or the container
 * runtime starts it again; PostgreSQL recovers from its WAL at that start.
 */
function exitAfterDatabaseFailure(server: FastifyInstance, error: Error) {
  const severity = (error as { severity?: unknown }).severity;
  const cause = typeof severity === 'string' ? `${severity}: ${error.message}` : `${error.name}: ${error.message}`;
  const advice =
    fileSystemErrorCode(error) === 'ENOSPC' ? ' Its disk is full: free some space there, or it will fail again.' : '';
  server.log.fatal(
    `The embedded database in ${database.dataDir} stopped after a fatal error (${cause}). ` +
      `Exiting with code 1 so that the service manager restarts the server, which recovers the database.${advice}`,
  );
  void shutdown('database failure', 1);
}

let isShuttingDown = false;
async function shutdown(reason: string, exitCode = 0) {
  if (isShuttingDown || !app) return;
  isShuttingDown = true;
  app.log.info({ reason }, 'shutting down');
  const forceExit = setTimeout(() => {
    app.log.error('shutdown took too long; exiting');
    process.exit(1);
  }, 4500);
  forceExit.unref();
  try {
    await app.close(); // stops accepting, finishes in-flight requests
    await jobs.stop({ graceful: true, timeout: 3000 });
    await app.deps.mailer.close();
    await database.close();
  } catch (error) {
    app.log.error({ err: error }, 'error during shutdown');
  } finally {
    releaseLock();
    process.exit(exitCode);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.PORT, host: config.HOST });
const port = (app.server.address() as AddressInfo).port;
app.log.info(
  `Life Updates is ready (${database.kind === 'pglite' ? `embedded database in ${database.dataDir}` : 'PostgreSQL'}), open it at: ${listenUrls(config.HOST, port).join('  ')}`,
);
const publicAddress = await app.publicAddress.read();
if (config.BASE_URL_IS_SET) {
  app.log.info(`Public address (links in emails): ${publicAddress}`);
} else {
  app.log.warn(
    `Public address (links in emails): ${publicAddress ?? 'not set yet; it becomes the address at which the first account registers'}. ` +
      'Set BASE_URL for a fixed one; until then an admin can change it in Settings → Admin.',
  );
}
