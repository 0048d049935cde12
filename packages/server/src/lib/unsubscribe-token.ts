import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { isUuid } from './uuid.ts';

/**
 * The token in a contact's unsubscribe link: the contact id and an HMAC-SHA256 of it under a key
 * derived from the server secret. Nobody can make one for another contact without the secret, and
 * it needs no storage. It does not expire: an old email's link must keep working.
 */
function signingKey(appSecret: string): Buffer {
  // A key of its own, so a signature made for this purpose can never pass for a session or other one.
  return Buffer.from(hkdfSync('sha256', appSecret, 'life-updates', 'unsubscribe-link', 32));
}

function sign(contactId: string, key: Buffer): Buffer {
  return createHmac('sha256', key).update(`unsubscribe:${contactId}`).digest();
}

export function createUnsubscribeToken({ appSecret, contactId }: { appSecret: string; contactId: string }): string {
  return `${contactId}.${sign(contactId, signingKey(appSecret)).toString('base64url')}`;
}

/** The contact id a token was made for, or null when it was not made with this server's secret. */
export function readUnsubscribeToken({ appSecret, token }: { appSecret: string; token: string }): string | null {
  const [contactId, signature, ...rest] = token.split('.');
  if (!contactId || !signature || rest.length > 0 || !isUuid(contactId)) return null;
  const given = Buffer.from(signature, 'base64url');
  const expected = sign(contactId, signingKey(appSecret));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return contactId;
}

/** The one-click link (RFC 8058) for a contact, under the server's public address. */
export function unsubscribeUrl({
  baseUrl,
  appSecret,
  contactId,
}: {
  baseUrl: string;
  appSecret: string;
  contactId: string;
}): string {
  return new URL(`/u/${createUnsubscribeToken({ appSecret, contactId })}`, baseUrl).toString();
}
