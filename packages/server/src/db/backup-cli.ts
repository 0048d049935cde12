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
const options = {
  dataDir: path.resolve(root, process.env.DATA_DIR ?? 'data'),
  connectionString: process.env.DATABASE_URL || undefined,
  file: path.resolve(process.env.INIT_CWD ?? process.cwd(), file),
};
try {
  if (command === 'backup') await backupDatabase(options);
  else await restoreDatabase(options);
  console.log(`${command === 'backup' ? 'Backed up to' : 'Restored from'} ${options.file}`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
