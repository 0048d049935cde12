import type { Readable } from 'node:stream';

/**
 * Where users' photos are kept: files on the server's disk (MEDIA_DIR) or an S3 bucket. Keys are
 * made by the server only (`<userId>/<ideaId>/<photoId>.jpg`): letters, digits, `-`, `_`, `.`
 * and `/` between parts.
 */
export type MediaStorage = {
  /** Stores the bytes under the key, replacing what was there. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The stored bytes as a stream, or null when nothing is stored under the key. */
  get(key: string): Promise<StoredMedia | null>;
  /** Removes one file; a key with nothing stored is fine. */
  delete(key: string): Promise<void>;
  /** Removes every file whose key starts with `prefix/` (an idea's photos, a user's media). */
  deleteAll(prefix: string): Promise<void>;
  /**
   * Every stored file whose key starts with `prefix/` (every file when no prefix is given), in no
   * particular order, with when it was last written: what the orphaned-file sweep looks through.
   */
  list(prefix?: string): AsyncIterable<ListedMedia>;
};

export type StoredMedia = { body: Readable; bytes: number | undefined };
export type ListedMedia = { key: string; modifiedAt: Date };

const keyPattern = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

/** Refuses a key that could leave the storage's root (`..`, an absolute path, a backslash). */
export function checkMediaKey(key: string): string {
  if (!keyPattern.test(key) || key.split('/').includes('..')) throw new Error(`Invalid media key: ${key}`);
  return key;
}

/** The keys a user's media lives under: every photo of theirs, and every photo of one idea. */
export const userMediaPrefix = (userId: string) => checkMediaKey(userId);
export const ideaMediaPrefix = (userId: string, ideaId: string) => checkMediaKey(`${userId}/${ideaId}`);
