import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { ideaPhotos } from '../../db/schema.ts';
import type { MediaStorage } from '../../providers/media-storage/media-storage.ts';

/**
 * A file younger than this may belong to an upload still in progress (its files are stored before
 * its row is committed, in one request that takes seconds), so it is never swept.
 */
export const orphanMinAgeMs = 60 * 60 * 1000;

const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/**
 * What a photo's file is stored under (photoFileKeys in photos-service.ts): `<userId>/<ideaId>/
 * <photoId>.jpg` or `…-thumbnail.jpg`; on disk also a write cut short (`….jpg.<uuid>.partial`).
 * Nothing else is touched: a folder or bucket shared with other files keeps them.
 */
const photoFilePattern = new RegExp(`^[^/]+/${uuid}/(${uuid})(?:-thumbnail)?\\.jpg(\\.${uuid}\\.partial)?$`);

/** How many keys one query looks up. */
const batchSize = 500;

/**
 * Deletes the photo files no `idea_photos` row names and that are at least orphanMinAgeMs old: what an
 * upload interrupted between storing its files and committing its rows (a crash, a restart) leaves
 * behind, and a half-written file on disk. The whole store is looked through, across users: this
 * runs for the server, not for a request. Answers the keys deleted.
 */
export async function sweepOrphanedPhotoFiles({
  db,
  storage,
  now = new Date(),
}: {
  db: Executor;
  storage: MediaStorage;
  now?: Date;
}): Promise<string[]> {
  const cutoff = now.getTime() - orphanMinAgeMs;
  const deleted: string[] = [];
  let batch: { key: string; photoId: string; isPartial: boolean }[] = [];

  const sweepBatch = async () => {
    const photoIds = [...new Set(batch.map((file) => file.photoId))];
    const rows = await db
      .select({ storageKey: ideaPhotos.storageKey, thumbnailKey: ideaPhotos.thumbnailKey })
      .from(ideaPhotos)
      .where(inArray(ideaPhotos.id, photoIds));
    const named = new Set(rows.flatMap((row) => [row.storageKey, row.thumbnailKey]));
    for (const file of batch) {
      if (!file.isPartial && named.has(file.key)) continue;
      await storage.delete(file.key);
      deleted.push(file.key);
    }
    batch = [];
  };

  for await (const file of storage.list()) {
    if (file.modifiedAt.getTime() > cutoff) continue;
    const match = photoFilePattern.exec(file.key);
    if (!match) continue;
    batch.push({ key: file.key, photoId: match[1]!, isPartial: match[2] !== undefined });
    if (batch.length >= batchSize) await sweepBatch();
  }
  if (batch.length > 0) await sweepBatch();
  return deleted;
}
