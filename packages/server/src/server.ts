import type { AddressInfo } from 'node:net';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { acquireDataDirLock } from './db/data-dir-lock.ts';
import { startJobQueue } from './jobs.ts';
import { listenUrls } from './lib/listen-urls.ts';
import { registerWorkers } from './workers.ts';

const config = loadConfig();
let releaseLock = () => {};
if (!config.DATABASE_URL) {
  try {
    releaseLock = acquireDataDirLock(config.DATA_DIR);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}

const database = await openDatabase({
  connectionString: config.DATABASE_URL,
  dataDir: config.DATA_DIR,
  onIdleError: (error) => console.error('database connection lost:', error.message),
});
const jobs = await startJobQueue(database, { error: (object, message) => console.error(message, object) });
const app = await buildApp({ config, database, jobs });
await registerWorkers(app);

let isShuttingDown = false;
async function shutdown(signal: string) {
  if (isShuttingDown) return;
  isShuttingDown = true;
  app.log.info({ signal }, 'shutting down');
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
    process.exit(0);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.PORT, host: config.HOST });
const port = (app.server.address() as AddressInfo).port;
app.log.info(
  `Life Updates is ready (${database.kind === 'pglite' ? `embedded database in ${config.DATA_DIR}` : 'PostgreSQL'}), open it at: ${listenUrls(config.HOST, port).join('  ')}`,
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
