import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { isUuid } from '../../lib/uuid.ts';

/*
 * The token in a link to one photo, for the photos of a share that do not fit in its email: whose
 * photo, which one, until when, and an HMAC-SHA256 of the three under a key derived from the server
 * secret. Nobody can make one for another photo or a later time without the secret, and it needs
 * no storage. Deleting the photo ends the link at once; otherwise it works until it expires.
 *
 * The three are packed as bytes (two UUIDs and the expiry in Unix seconds, 36 bytes, 48 characters
 * of base64url), so the token (92 characters) stays within the 100 characters Fastify's router
 * takes for a path parameter (`maxParamLength`).
 */

type PhotoLink = { userId: string; photoId: string; expiresAt: Date };

const uuidBytes = (id: string) => Buffer.from(id.replaceAll('-', ''), 'hex');
const uuidOf = (bytes: Buffer) => bytes.toString('hex').replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');

function signingKey(appSecret: string): Buffer {
  // A key of its own, so a signature made for this purpose can never pass for another one.
  return Buffer.from(hkdfSync('sha256', appSecret, 'life-updates', 'photo-link', 32));
}

function tokenOf(appSecret: string, userId: string, photoId: string, expiresSeconds: number): string {
  const expires = Buffer.alloc(4);
  expires.writeUInt32BE(expiresSeconds);
  const payload = Buffer.concat([uuidBytes(userId), uuidBytes(photoId), expires]);
  const signature = createHmac('sha256', signingKey(appSecret)).update('photo-link:').update(payload).digest();
  return `${payload.toString('base64url')}.${signature.toString('base64url')}`;
}

export function createPhotoLinkToken({ appSecret, userId, photoId, expiresAt }: PhotoLink & { appSecret: string }) {
  if (!isUuid(userId) || !isUuid(photoId)) throw new Error('photo link for an id that is not a UUID');
  return tokenOf(appSecret, userId.toLowerCase(), photoId.toLowerCase(), Math.floor(expiresAt.getTime() / 1000));
}

/**
 * The photo a genuine token names, whether or not it has expired (`isExpired`: the link page says
 * which); null when it was not made with this server's secret. As for unsubscribe links, the token
 * is made again from its parts and compared byte for byte in constant time, so exactly one spelling
 * of a link works (base64 readers accept other spellings of the same bytes).
 */
export function readPhotoLinkToken({
  appSecret,
  token,
}: {
  appSecret: string;
  token: string;
}): (PhotoLink & { isExpired: boolean }) | null {
  const [encoded = ''] = token.split('.', 1);
  const payload = Buffer.from(encoded, 'base64url');
  if (payload.length !== 36) return null;
  const userId = uuidOf(payload.subarray(0, 16));
  const photoId = uuidOf(payload.subarray(16, 32));
  const expiresSeconds = payload.readUInt32BE(32);
  const given = Buffer.from(token, 'utf8');
  const expected = Buffer.from(tokenOf(appSecret, userId, photoId, expiresSeconds), 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const expiresAt = new Date(expiresSeconds * 1000);
  return { userId, photoId, expiresAt, isExpired: expiresAt.getTime() <= Date.now() };
}

/** A photo's link under the server's public address. */
export function photoLinkUrl({ baseUrl, ...link }: PhotoLink & { appSecret: string; baseUrl: string }): string {
  return new URL(`/api/photo-links/${createPhotoLinkToken(link)}`, baseUrl).toString();
}
