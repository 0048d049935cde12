import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { describe, expect, it } from 'vitest';
import {
  cookieHeader,
  createUser,
  nextClientIp,
  signIn,
  strongPassword,
  testBaseUrl,
  type TestUser,
  testAppForFile,
} from '../../../test/test-app.ts';

const testApp = testAppForFile();

const post = (url: string, cookie: string, payload: object) =>
  testApp.app.inject({
    method: 'POST',
    url,
    headers: { cookie, origin: testBaseUrl, 'content-type': 'application/json' },
    remoteAddress: nextClientIp(),
    payload,
  });
const isSignedIn = async (cookie: string) =>
  (await testApp.app.inject({ method: 'GET', url: '/api/me', headers: { cookie, origin: testBaseUrl } })).statusCode ===
  200;

/** The authenticator app's side: the code for now, from the key in the QR code's URI. */
const codeFor = (totpURI: string) => createOTP(base32.decode(new URL(totpURI).searchParams.get('secret')!)).totp();

/** Turns two-factor on as Settings → Account does: password, then the first code. */
async function enableTwoFactor(user: TestUser) {
  const enabled = await post('/api/auth/two-factor/enable', user.cookie, { password: strongPassword });
  expect(enabled.statusCode).toBe(200);
  const { totpURI, backupCodes } = enabled.json() as { totpURI: string; backupCodes: string[] };
  expect(totpURI).toMatch(/^otpauth:\/\/totp\/Life%20Updates:/);
  expect(backupCodes).toHaveLength(10);
  expect(new Set(backupCodes).size).toBe(10);
  // Not on until the app's first code is right.
  expect((await signIn(testApp.app, { email: user.email })).json()).not.toHaveProperty('twoFactorRedirect');
  const confirmed = await post('/api/auth/two-factor/verify-totp', user.cookie, { code: await codeFor(totpURI) });
  expect(confirmed.statusCode).toBe(200);
  const me = await testApp.app.inject({
    method: 'GET',
    url: '/api/me',
    headers: { cookie: cookieHeader(confirmed), origin: testBaseUrl },
  });
  expect(me.json()).toMatchObject({ twoFactorEnabled: true });
  return { totpURI, backupCodes, cookie: cookieHeader(confirmed) };
}

/** Password first: no session yet, only the two-factor challenge's cookie. */
async function passwordStep(email: string, extraCookie = '') {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { 'content-type': 'application/json', origin: testBaseUrl, cookie: extraCookie },
    remoteAddress: nextClientIp(),
    payload: { email, password: strongPassword },
  });
  expect(response.statusCode).toBe(200);
  return { body: response.json() as { twoFactorRedirect?: boolean }, cookie: cookieHeader(response) };
}

describe('two-factor authentication', () => {
  it('asks for the app’s code after the password; "trust this device" skips it for 30 days', async () => {
    const user = await createUser(testApp.app);
    const { totpURI } = await enableTwoFactor(user);

    const challenge = await passwordStep(user.email);
    expect(challenge.body.twoFactorRedirect).toBe(true);
    expect(await isSignedIn(challenge.cookie)).toBe(false);

    const wrong = await post('/api/auth/two-factor/verify-totp', challenge.cookie, { code: '000000' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ code: 'INVALID_CODE', message: 'The code is not correct.' });

    const right = await post('/api/auth/two-factor/verify-totp', challenge.cookie, {
      code: await codeFor(totpURI),
      trustDevice: true,
    });
    expect(right.statusCode).toBe(200);
    const signedIn = cookieHeader(right);
    expect(await isSignedIn(signedIn)).toBe(true);
    const trust = right.headers['set-cookie'] as string[];
    const trustCookie = trust.find((cookie) => cookie.includes('trust_device'))!;
    expect(trustCookie).toMatch(/Max-Age=2592000/);

    // The trusted device signs in with the password alone.
    const trusted = await passwordStep(user.email, trustCookie.split(';')[0]);
    expect(trusted.body.twoFactorRedirect).toBeUndefined();
    expect(await isSignedIn(trusted.cookie)).toBe(true);
  });

  it('a backup code works once', async () => {
    const user = await createUser(testApp.app);
    const { backupCodes } = await enableTwoFactor(user);
    const first = await passwordStep(user.email);
    const used = await post('/api/auth/two-factor/verify-backup-code', first.cookie, { code: backupCodes[3] });
    expect(used.statusCode).toBe(200);
    expect(await isSignedIn(cookieHeader(used))).toBe(true);

    const second = await passwordStep(user.email);
    const again = await post('/api/auth/two-factor/verify-backup-code', second.cookie, { code: backupCodes[3] });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe('The backup code is not correct or was used already.');
    expect(await isSignedIn(cookieHeader(again))).toBe(false);
  });

  it('10 wrong codes lock two-factor sign-in, even for the right code', async () => {
    const user = await createUser(testApp.app);
    const { totpURI } = await enableTwoFactor(user);
    let challenge = await passwordStep(user.email);
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      // Each challenge allows 5 tries; the account counts every wrong code.
      if (attempt === 6) challenge = await passwordStep(user.email);
      const wrong = await post('/api/auth/two-factor/verify-totp', challenge.cookie, { code: '000000' });
      expect(wrong.statusCode, wrong.body).toBe(401);
    }
    const fresh = await passwordStep(user.email);
    const locked = await post('/api/auth/two-factor/verify-totp', fresh.cookie, { code: await codeFor(totpURI) });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      code: 'ACCOUNT_TEMPORARILY_LOCKED',
      message: 'Too many wrong codes. Two-factor sign-in is locked for 15 minutes.',
    });
    expect(await isSignedIn(cookieHeader(locked))).toBe(false);
  });

  it('turning it off needs the password', async () => {
    const user = await createUser(testApp.app);
    const { cookie } = await enableTwoFactor(user);
    const wrong = await post('/api/auth/two-factor/disable', cookie, { password: 'Not-the-passw0rd!' });
    expect(wrong.statusCode).toBe(400);
    const off = await post('/api/auth/two-factor/disable', cookie, { password: strongPassword });
    expect(off.statusCode).toBe(200);
    expect((await passwordStep(user.email)).body.twoFactorRedirect).toBeUndefined();
  });
});
