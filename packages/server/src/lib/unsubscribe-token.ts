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

export function createUnsubscribeToken({ appSecret, contactId }: { appSecret: string; contactId: string }): string {
  const signature = createHmac('sha256', signingKey(appSecret)).update(`unsubscribe:${contactId}`).digest('base64url');
  return `${contactId}.${signature}`;
}

/**
 * The contact id a token was made for, or null when it was not made with this server's secret.
 * Only the exact token `createUnsubscribeToken` makes is accepted: the id is read from the front,
 * the token made again for it, and the two compared byte for byte in constant time. Decoding the
 * signature instead would accept other spellings of it (Node's base64 reader takes `+` and `/`,
 * padding, spaces and stray characters, and ignores the unused low bits of the last character),
 * so one link would have many working forms.
 */
export function readUnsubscribeToken({ appSecret, token }: { appSecret: string; token: string }): string | null {
  const [contactId = ''] = token.split('.', 1);
  if (!isUuid(contactId)) return null;
  const given = Buffer.from(token, 'utf8');
  const expected = Buffer.from(createUnsubscribeToken({ appSecret, contactId }), 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return contactId;
}

/**
 * Whether mail whose unsubscribe link points at this address may offer one-click unsubscribe
 * (`List-Unsubscribe-Post`): RFC 8058 §3.1 requires the List-Unsubscribe header to "contain one
 * HTTPS URI". Over plain http the link stays, and opens the page with its Unsubscribe button.
 */
export function canOfferOneClickUnsubscribe(address: string): boolean {
  return new URL(address).protocol === 'https:';
}

/** The List-Unsubscribe headers (RFC 2369, RFC 8058) of an update email with this unsubscribe link. */
export function unsubscribeHeaders(link: string): Record<string, string> {
  return canOfferOneClickUnsubscribe(link)
    ? { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
    : { 'List-Unsubscribe': `<${link}>` };
}

/** A contact's unsubscribe link, under the server's public address: the page, and the one-click POST target. */
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
