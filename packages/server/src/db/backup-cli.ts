import path from 'node:path';
import { backupDatabase, restoreDatabase } from './backup.ts';

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
const dataDir = path.resolve(root, process.env.DATA_DIR ?? 'data');
const options = {
  dataDir,
  connectionString: process.env.DATABASE_URL || undefined,
  file: path.resolve(process.env.INIT_CWD ?? process.cwd(), file),
  // The photos and the automatic backups, when they are folders in the data directory (as by
  // default), are not the database: the backup leaves them out (README, Backup and restore).
  leaveOut: [
    path.resolve(root, process.env.MEDIA_DIR || path.join(dataDir, 'media')),
    path.resolve(root, process.env.BACKUP_DIR || path.join(dataDir, 'backups')),
  ],
};
try {
  if (command === 'backup') await backupDatabase(options);
  else await restoreDatabase(options);
  console.log(`${command === 'backup' ? 'Backed up to' : 'Restored from'} ${options.file}`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
