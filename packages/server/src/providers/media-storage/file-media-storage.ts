import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { checkMediaKey, type MediaStorage } from './media-storage.ts';

/**
 * Media on the server's disk, under MEDIA_DIR (default DATA_DIR/media): one folder per user, one
 * per idea. A file is written beside its place and renamed into it, so a reader never sees half of one.
 */
export function createFileMediaStorage(root: string): MediaStorage {
  const pathOf = (key: string) => path.join(root, ...checkMediaKey(key).split('/'));
  return {
    async put(key, body) {
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      const partial = `${target}.${randomUUID()}.partial`;
      try {
        await writeFile(partial, body, { mode: 0o600 });
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    async get(key) {
      const file = pathOf(key);
      try {
        const { size } = await stat(file);
        return { body: createReadStream(file), bytes: size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async deleteAll(prefix) {
      await rm(pathOf(prefix), { recursive: true, force: true });
    },
    async *list(prefix) {
      const folder = prefix === undefined ? root : pathOf(prefix);
      const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(
        (error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return [];
          throw error;
        },
      );
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const file = path.join(entry.parentPath, entry.name);
        // Gone since the folder was read (deleted meanwhile): not stored any more.
        const stats = await stat(file).catch(() => undefined);
        if (!stats) continue;
        yield { key: path.relative(root, file).split(path.sep).join('/'), modifiedAt: stats.mtime };
      }
    },
  };
}
