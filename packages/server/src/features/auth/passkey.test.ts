import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';
import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { passkeys, users } from '../../db/schema.ts';
import {
  cookieHeader,
  createTestApp,
  createUser,
  nextClientIp,
  strongPassword,
  testBaseUrl,
  type TestApp,
  testAppForFile,
} from '../../../test/test-app.ts';

const testApp = testAppForFile();

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();

/**
 * A software authenticator holding one passkey (P-256, ES256), saved for the user as the browser's
 * registration would have: the plugin keeps the COSE public key in base64.
 */
async function savePasskey(userId: string, database = testApp.database) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const cosePublicKey = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, isoBase64URL.toBuffer(jwk.x!)],
      [-3, isoBase64URL.toBuffer(jwk.y!)],
    ]),
  );
  const credentialId = isoBase64URL.fromBuffer(randomBytes(16));
  await database.db.insert(passkeys).values({
    id: crypto.randomUUID(),
    name: 'Test key',
    publicKey: Buffer.from(cosePublicKey).toString('base64'),
    userId,
    credentialID: credentialId,
    counter: 0,
    deviceType: 'singleDevice',
    backedUp: false,
    transports: 'internal',
    createdAt: new Date(),
  });

  /** The authenticator's answer to a sign-in challenge, as the page at `origin` would receive it. */
  const assert = (challenge: string, origin: string, counter: number) => {
    const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge, origin, crossOrigin: false }));
    const counterBytes = Buffer.alloc(4);
    counterBytes.writeUInt32BE(counter);
    // rpIdHash, flags (user present and verified), signature counter.
    const authenticatorData = Buffer.concat([sha256(new URL(testBaseUrl).hostname), Buffer.from([0x05]), counterBytes]);
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), privateKey);
    return {
      id: credentialId,
      rawId: credentialId,
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: {
        clientDataJSON: isoBase64URL.fromBuffer(clientDataJSON),
        authenticatorData: isoBase64URL.fromBuffer(authenticatorData),
        signature: isoBase64URL.fromBuffer(signature),
      },
    };
  };
  return { assert };
}

/** Sign-in with a passkey as the sign-in page does it: the challenge, then the signed answer. */
async function signInWithPasskey(
  answer: (challenge: string) => object,
  {
    app = testApp.app,
    origin = testBaseUrl,
    host = new URL(testBaseUrl).host,
  }: { app?: TestApp['app']; origin?: string; host?: string } = {},
) {
  const remoteAddress = nextClientIp();
  const options = await app.inject({
    method: 'GET',
    url: '/api/auth/passkey/generate-authenticate-options',
    headers: { host, origin },
    remoteAddress,
  });
  expect(options.statusCode).toBe(200);
  const { challenge, rpId } = options.json() as { challenge: string; rpId: string };
  expect(rpId).toBe('localhost');
  return app.inject({
    method: 'POST',
    url: '/api/auth/passkey/verify-authentication',
    headers: { host, cookie: cookieHeader(options), origin, 'content-type': 'application/json' },
    remoteAddress,
    payload: { response: answer(challenge) },
  });
}

describe('passkeys', () => {
  it('signs in with a passkey the public address asked for, and refuses one another origin asked for', async () => {
    const user = await createUser(testApp.app);
    const authenticator = await savePasskey(user.id);

    // The request itself comes from the right origin: a phishing page relays the answer through its server.
    const phished = await signInWithPasskey((challenge) => authenticator.assert(challenge, 'https://evil.example', 1));
    // Everything else is the same as the sign-in below: only the origin in the signed client data differs.
    expect(phished.statusCode).toBe(400);
    expect(phished.json()).toMatchObject({ code: 'AUTHENTICATION_FAILED' });
    expect(cookieHeader(phished)).not.toMatch(/session_token=/);

    const signedIn = await signInWithPasskey((challenge) => authenticator.assert(challenge, testBaseUrl, 2));
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const me = await testApp.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: cookieHeader(signedIn), origin: testBaseUrl },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: user.id });
  });

  it('refuses a disabled account, as its password would be', async () => {
    const user = await createUser(testApp.app);
    const authenticator = await savePasskey(user.id);
    await testApp.database.db.update(users).set({ banned: true }).where(eq(users.id, user.id));

    const refused = await signInWithPasskey((challenge) => authenticator.assert(challenge, testBaseUrl, 1));
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(cookieHeader(refused)).not.toMatch(/session_token=/);
  });

  it('without BASE_URL, refuses a sign-in a page at another origin sends', async () => {
    const anyAddress = await createTestApp({ baseUrl: null });
    try {
      // Registered at the address the browser used, as the first visitor of an instance would.
      const registered = await anyAddress.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { host: 'localhost:3000', origin: 'http://localhost:3000', 'content-type': 'application/json' },
        remoteAddress: nextClientIp(),
        payload: { name: 'Someone', email: 'someone@example.com', password: strongPassword },
      });
      expect(registered.statusCode).toBe(200);
      const user = (registered.json() as { user: { id: string } }).user;
      const authenticator = await savePasskey(user.id, anyAddress.database);
      const evil = 'https://evil.example';
      const refused = await signInWithPasskey((challenge) => authenticator.assert(challenge, evil, 1), {
        app: anyAddress.app,
        origin: evil,
        host: 'localhost:3000',
      });
      expect(refused.statusCode).toBe(403);
      expect(cookieHeader(refused)).not.toMatch(/session_token=/);
    } finally {
      await anyAddress.close();
    }
  });
});
