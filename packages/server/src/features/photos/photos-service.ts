import { pickLocale, type Locale } from '@life-updates/contract/i18n';
import { maxPhotosPerIdea, type Photo } from '@life-updates/contract/photos';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import type { Database, Executor } from '../../db/client.ts';
import { byIdAndOwner, type UserScope } from '../../db/owned.ts';
import { ideaPhotos, ideas, shares, userSettings, users } from '../../db/schema.ts';
import { AppError, badRequest, notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/uuid.ts';
import { checkMediaKey, type MediaStorage, type StoredMedia } from '../../providers/media-storage/media-storage.ts';
import type { ProcessedPhoto } from './photo-processing.ts';

type PhotoRow = typeof ideaPhotos.$inferSelect;
type Storage = { storage: MediaStorage };

const ideaNotFound = () => notFound('ideas.errors.notFound');
const photoNotFound = () => notFound('photos.errors.notFound');
export const tooManyPhotos = () =>
  new AppError({
    status: 409,
    code: 'PHOTO_LIMIT',
    message: 'photos.errors.tooMany',
    values: { limit: maxPhotosPerIdea },
  });

function toPhoto(row: PhotoRow): Photo {
  return {
    id: row.id,
    ideaId: row.ideaId,
    position: row.position,
    alt: row.alt,
    width: row.width,
    height: row.height,
    url: `/api/photos/${row.id}`,
    thumbnailUrl: `/api/photos/${row.id}/thumbnail`,
  };
}

/** The idea, if it is the user's (locked for the rest of the transaction when `lock` is set); else a 404. */
async function requireOwnIdea({ db, userId, ideaId, lock = false }: UserScope & { ideaId: string; lock?: boolean }) {
  if (!isUuid(ideaId)) throw ideaNotFound();
  const query = db
    .select({ id: ideas.id })
    .from(ideas)
    .where(byIdAndOwner(ideas, ideaId, userId));
  const [idea] = lock ? await query.for('update') : await query;
  if (!idea) throw ideaNotFound();
}

const countPhotos = (db: Executor, ideaId: string) => db.$count(ideaPhotos, eq(ideaPhotos.ideaId, ideaId));

/** The user's photos of these ideas (of all their ideas when not given), idea by idea, each idea's in their order. */
const photoRowsOf = (db: Executor, userId: string, ideaIds?: readonly string[]) =>
  db
    .select()
    .from(ideaPhotos)
    .where(and(eq(ideaPhotos.userId, userId), ideaIds ? inArray(ideaPhotos.ideaId, ideaIds) : undefined))
    .orderBy(asc(ideaPhotos.ideaId), asc(ideaPhotos.position), asc(ideaPhotos.createdAt));

/** The idea's photos in their order; another user's idea is a 404. */
export async function findIdeaPhotos({ db, userId, ideaId }: UserScope & { ideaId: string }): Promise<Photo[]> {
  await requireOwnIdea({ db, userId, ideaId });
  return (await photoRowsOf(db, userId, [ideaId])).map(toPhoto);
}

/**
 * The photos of several of the user's ideas at once (all of them when `ideaIds` is not given), by
 * idea, each idea's in their order: one query for a whole list of ideas or shares.
 */
export async function findPhotosOfIdeas({
  db,
  userId,
  ideaIds,
}: UserScope & { ideaIds?: readonly string[] }): Promise<Map<string, Photo[]>> {
  const ids = ideaIds?.filter(isUuid);
  if (ids?.length === 0) return new Map();
  const rows = await photoRowsOf(db, userId, ids);
  return Map.groupBy(rows.map(toPhoto), (photo) => photo.ideaId);
}

/**
 * How many more photos the idea takes, checked before any is processed (the saving checks again
 * under a lock). Another user's idea is a 404.
 */
export async function photosLeft({ db, userId, ideaId }: UserScope & { ideaId: string }): Promise<number> {
  await requireOwnIdea({ db, userId, ideaId });
  return maxPhotosPerIdea - (await countPhotos(db, ideaId));
}

const keyUsedElsewhere = () =>
  new AppError({ status: 409, code: 'IDEMPOTENCY_KEY_REUSED', message: 'photos.errors.keyUsedElsewhere' });

/**
 * The photo the user uploaded to the idea with this Idempotency-Key, if any: what a retried upload
 * answers with. The key on a photo of another of the user's ideas is refused (409): the device sent
 * one photo's key with another upload. Another user's idea is a 404.
 */
export async function findUploadedPhoto({
  db,
  userId,
  ideaId,
  idempotencyKey,
}: UserScope & { ideaId: string; idempotencyKey: string }): Promise<Photo | undefined> {
  await requireOwnIdea({ db, userId, ideaId });
  const [row] = await db
    .select()
    .from(ideaPhotos)
    .where(and(eq(ideaPhotos.userId, userId), eq(ideaPhotos.idempotencyKey, idempotencyKey)));
  if (row && row.ideaId !== ideaId) throw keyUsedElsewhere();
  return row && toPhoto(row);
}

/** The keys a photo's files are stored under: `<userId>/<ideaId>/<photoId>.jpg` and its thumbnail. */
function photoFileKeys(userId: string, ideaId: string, photoId: string) {
  return {
    storageKey: checkMediaKey(`${userId}/${ideaId}/${photoId}.jpg`),
    thumbnailKey: checkMediaKey(`${userId}/${ideaId}/${photoId}-thumbnail.jpg`),
  };
}

/**
 * Stores processed photos after the idea's others, all or none: the idea is locked while its
 * photos are counted (two uploads at once cannot pass the limit together), the files are stored,
 * then the rows inserted; if anything fails, the files already stored are removed again.
 *
 * With an `idempotencyKey` (one photo only) the photo is stored once: an upload whose key the user
 * has used before answers with the photo stored the first time, and the files this one stored are
 * removed again. Two uploads with one key at once: the idea lock orders them when they go to the
 * same idea, the unique index when they do not (the second is refused).
 */
export async function addIdeaPhotos({
  db,
  storage,
  userId,
  ideaId,
  photos,
  idempotencyKey = null,
}: UserScope<Database> &
  Storage & { ideaId: string; photos: readonly ProcessedPhoto[]; idempotencyKey?: string | null }): Promise<Photo[]> {
  if (idempotencyKey !== null && photos.length !== 1) throw badRequest('photos.errors.keyOnePhoto');
  const stored: string[] = [];
  try {
    const { added, isStored } = await db.transaction(async (tx) => {
      await requireOwnIdea({ db: tx, userId, ideaId, lock: true });
      const uploaded = async () => {
        const earlier = await findUploadedPhoto({ db: tx, userId, ideaId, idempotencyKey: idempotencyKey! });
        return earlier && { added: [earlier], isStored: false };
      };
      if (idempotencyKey !== null) {
        const earlier = await uploaded();
        if (earlier) return earlier;
      }
      const existing = await countPhotos(tx, ideaId);
      if (existing + photos.length > maxPhotosPerIdea) throw tooManyPhotos();
      const rows = [];
      for (const [index, photo] of photos.entries()) {
        const id = randomUUID();
        const { storageKey, thumbnailKey } = photoFileKeys(userId, ideaId, id);
        await storage.put(storageKey, photo.image, photo.contentType);
        stored.push(storageKey);
        await storage.put(thumbnailKey, photo.thumbnail, photo.contentType);
        stored.push(thumbnailKey);
        rows.push({
          id,
          userId,
          ideaId,
          position: existing + index,
          width: photo.width,
          height: photo.height,
          bytes: photo.image.length,
          contentType: photo.contentType,
          storageKey,
          thumbnailKey,
          idempotencyKey,
        });
      }
      const inserted = await tx
        .insert(ideaPhotos)
        .values(rows)
        .onConflictDoNothing({ target: [ideaPhotos.userId, ideaPhotos.idempotencyKey] })
        .returning();
      if (inserted.length > 0) return { added: inserted.map(toPhoto), isStored: true };
      // Only a key another upload committed meanwhile inserts nothing; its photo is on another idea
      // (the same idea's would have been found above, under the lock).
      const earlier = await uploaded();
      if (earlier) return earlier;
      throw new Error('a photo upload inserted nothing');
    });
    if (!isStored) await removeFiles(storage, stored);
    return added;
  } catch (error) {
    await removeFiles(storage, stored);
    throw error;
  }
}

/** Files no photo row names (an upload that stored none, a removed photo); one left behind is the orphaned-file sweep's. */
async function removeFiles(storage: MediaStorage, keys: readonly string[]) {
  await Promise.allSettled(keys.map((key) => storage.delete(key)));
}

/** The stored image or its thumbnail, for its owner only: another user's photo is a 404. */
export async function getPhotoFile({
  db,
  storage,
  userId,
  photoId,
  variant,
}: UserScope & Storage & { photoId: string; variant: 'image' | 'thumbnail' }): Promise<
  StoredMedia & { contentType: string }
> {
  if (!isUuid(photoId)) throw photoNotFound();
  const [row] = await db
    .select()
    .from(ideaPhotos)
    .where(byIdAndOwner(ideaPhotos, photoId, userId));
  if (!row) throw photoNotFound();
  const file = await storage.get(variant === 'image' ? row.storageKey : row.thumbnailKey);
  if (!file) throw photoNotFound();
  return { ...file, contentType: row.contentType };
}

/**
 * The language the user's emails are written in (as the email channel reads it), for the page of a
 * photo link in one of them; null when the account is gone.
 */
export async function getMailLocale({ db, userId }: UserScope): Promise<Locale | null> {
  const [row] = await db
    .select({ locale: userSettings.locale })
    .from(users)
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(eq(users.id, userId));
  return row ? pickLocale(row.locale) : null;
}

export async function updatePhotoAlt({
  db,
  userId,
  photoId,
  alt,
}: UserScope & { photoId: string; alt: string | null }): Promise<Photo> {
  if (!isUuid(photoId)) throw photoNotFound();
  const [row] = await db
    .update(ideaPhotos)
    .set({ alt })
    .where(byIdAndOwner(ideaPhotos, photoId, userId))
    .returning();
  if (!row) throw photoNotFound();
  return toPhoto(row);
}

/** Puts the idea's photos in the order given, which must name each of them once. */
export async function reorderIdeaPhotos({
  db,
  userId,
  ideaId,
  photoIds,
}: UserScope<Database> & { ideaId: string; photoIds: readonly string[] }): Promise<Photo[]> {
  return db.transaction(async (tx) => {
    await requireOwnIdea({ db: tx, userId, ideaId, lock: true });
    const current = await photoRowsOf(tx, userId, [ideaId]);
    const currentIds = new Set(current.map((row) => row.id));
    if (photoIds.length !== currentIds.size || !photoIds.every((id) => currentIds.has(id))) {
      throw badRequest('photos.errors.orderMismatch');
    }
    for (const [position, id] of photoIds.entries()) {
      await tx
        .update(ideaPhotos)
        .set({ position })
        .where(byIdAndOwner(ideaPhotos, id, userId));
    }
    return (await photoRowsOf(tx, userId, [ideaId])).map(toPhoto);
  });
}

/** Deletes the photo and its files; the idea's later photos move up one place. */
export async function deletePhoto({
  db,
  storage,
  userId,
  photoId,
}: UserScope<Database> & Storage & { photoId: string }): Promise<void> {
  if (!isUuid(photoId)) throw photoNotFound();
  const deleted = await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(ideaPhotos)
      .where(byIdAndOwner(ideaPhotos, photoId, userId))
      .returning();
    if (!row) throw photoNotFound();
    await tx
      .update(ideaPhotos)
      .set({ position: sql`${ideaPhotos.position} - 1` })
      .where(and(eq(ideaPhotos.ideaId, row.ideaId), sql`${ideaPhotos.position} > ${row.position}`));
    return row;
  });
  // After the row: a photo is never listed without its file. A failure here leaves only an unlisted file.
  await removeFiles(storage, [deleted.storageKey, deleted.thumbnailKey]);
}

/**
 * A photo going out with a share or shown to an AI model: its bytes are read only when the channel
 * sends it (the stored image) or the model is given it (the thumbnail).
 */
export type OutgoingPhoto = Pick<
  PhotoRow,
  'id' | 'ideaId' | 'position' | 'alt' | 'width' | 'height' | 'bytes' | 'contentType'
> & {
  read(): Promise<Buffer>;
  readThumbnail(): Promise<Buffer>;
};

async function readAll(storage: MediaStorage, key: string): Promise<Buffer> {
  const file = await storage.get(key);
  if (!file) throw new Error(`photo file ${key} is missing`);
  return buffer(file.body);
}

/**
 * The user's photos of these ideas, in the order of `ideaIds` and then each idea's own order.
 * Another user's idea (or a missing one) has none.
 */
export async function findOutgoingPhotos({
  db,
  storage,
  userId,
  ideaIds,
}: UserScope & Storage & { ideaIds: readonly string[] }): Promise<OutgoingPhoto[]> {
  const ids = ideaIds.filter(isUuid);
  if (ids.length === 0) return [];
  const rows = await photoRowsOf(db, userId, ids);
  const ideaOrder = new Map(ids.map((id, index) => [id, index]));
  return rows
    .sort((a, b) => (ideaOrder.get(a.ideaId) ?? 0) - (ideaOrder.get(b.ideaId) ?? 0))
    .map((row) => ({
      id: row.id,
      ideaId: row.ideaId,
      position: row.position,
      alt: row.alt,
      width: row.width,
      height: row.height,
      bytes: row.bytes,
      contentType: row.contentType,
      read: () => readAll(storage, row.storageKey),
      readThumbnail: () => readAll(storage, row.thumbnailKey),
    }));
}

/**
 * The photos of a share's ideas (findOutgoingPhotos): what every channel sends with the share's
 * text (a per-contact summary tells all the share's ideas, so it carries all their photos). A share
 * of another user has none.
 */
export async function findSharePhotos({
  db,
  storage,
  userId,
  shareId,
}: UserScope & Storage & { shareId: string }): Promise<OutgoingPhoto[]> {
  const [share] = await db
    .select({ ideaIds: shares.ideaIds })
    .from(shares)
    .where(byIdAndOwner(shares, shareId, userId));
  return share ? findOutgoingPhotos({ db, storage, userId, ideaIds: share.ideaIds }) : [];
}
