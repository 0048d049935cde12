import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { isUuid } from '../../lib/uuid.ts';

/*
 * The token in a link to one photo, for the photos of a share that do not fit in its email: whose
 * photo, which one, until when, and an HMAC-SHA256 of the three under a key derived from the server
 * secret. Nobody can make one for another photo or a later time without the secret, and it needs
 * no storage. Deleting the photo ends the link at once; otherwise it works until it expires.
 */

export type PhotoLink = { userId: string; photoId: string; expiresAt: Date };

/** better-auth's user ids: letters and digits (and `-`, `_` for ids made elsewhere), never a dot. */
const userIdPattern = /^[A-Za-z0-9_-]{1,64}$/;

function signingKey(appSecret: string): Buffer {
  // A key of its own, so a signature made for this purpose can never pass for another one.
  return Buffer.from(hkdfSync('sha256', appSecret, 'life-updates', 'photo-link', 32));
}

function tokenOf(appSecret: string, userId: string, photoId: string, expiresSeconds: number): string {
  const payload = `${userId}.${photoId}.${expiresSeconds}`;
  const signature = createHmac('sha256', signingKey(appSecret)).update(`photo-link:${payload}`).digest('base64url');
  return `${payload}.${signature}`;
}

export function createPhotoLinkToken({ appSecret, userId, photoId, expiresAt }: PhotoLink & { appSecret: string }) {
  if (!userIdPattern.test(userId) || !isUuid(photoId)) throw new Error('photo link for an unexpected id');
  return tokenOf(appSecret, userId, photoId, Math.floor(expiresAt.getTime() / 1000));
}

/**
 * The photo a token names, or null when it was not made with this server's secret or has expired.
 * As for unsubscribe links, the token is made again from its parts and compared byte for byte in
 * constant time, so exactly one spelling of a link works.
 */
export function readPhotoLinkToken({
  appSecret,
  token,
  now = new Date(),
}: {
  appSecret: string;
  token: string;
  now?: Date;
}): PhotoLink | null {
  const [userId = '', photoId = '', expires = ''] = token.split('.');
  if (!userIdPattern.test(userId) || !isUuid(photoId) || !/^\d{1,12}$/.test(expires)) return null;
  const given = Buffer.from(token, 'utf8');
  const expected = Buffer.from(tokenOf(appSecret, userId, photoId, Number(expires)), 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const expiresAt = new Date(Number(expires) * 1000);
  if (expiresAt.getTime() <= now.getTime()) return null;
  return { userId, photoId, expiresAt };
}

/** A photo's link under the server's public address. */
export function photoLinkUrl({ baseUrl, ...link }: PhotoLink & { appSecret: string; baseUrl: string }): string {
  return new URL(`/api/photo-links/${createPhotoLinkToken(link)}`, baseUrl).toString();
}
