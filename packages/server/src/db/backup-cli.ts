import path from 'node:path';
import { backupDatabase, restoreDatabase } from './backup.ts';
import { describeMove } from './database-directory.ts';

// `npm run db:backup -- FILE` / `npm run db:restore -- FILE`, with DATA_DIR or DATABASE_URL as for the server.
// Compiled too, as packages/server/dist/backup-cli.js (the container image has no sources).
const [command, file] = process.argv.slice(2);
if ((command !== 'backup' && command !== 'restore') || !file) {
  console.error('usage: npm run db:backup -- FILE | npm run db:restore -- FILE');
  process.exit(2);
}
// The repository root, from src/db/ and from dist/.
const root = path.resolve(
  import.meta.dirname,
  path.basename(import.meta.dirname) === 'dist' ? '../../..' : '../../../..',
);
const options = {
  dataDir: path.resolve(root, process.env.DATA_DIR ?? 'data'),
  connectionString: process.env.DATABASE_URL || undefined,
  file: path.resolve(process.env.INIT_CWD ?? process.cwd(), file),
};
try {
  if (command === 'backup') {
    const { movedEntries } = await backupDatabase(options);
    if (movedEntries.length > 0) console.log(describeMove(options.dataDir, movedEntries));
    console.log(`Backed up to ${options.file}`);
  } else {
    const { movedEntries, secret } = await restoreDatabase(options);
    if (movedEntries.length > 0) console.log(describeMove(options.dataDir, movedEntries));
    console.log(`Restored from ${options.file}`);
    const secretFile = path.join(options.dataDir, 'app-secret');
    if (secret === 'restored') console.log(`The backup's app-secret was put back into ${secretFile}.`);
    if (secret === 'kept, the backup holds another') {
      console.warn(
        `The backup holds another app-secret than ${secretFile}, which was kept: saved email-provider keys ` +
          "and LinkedIn tokens in the restored database only open with the backup's (README, Backup and restore).",
      );
    }
  }
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
