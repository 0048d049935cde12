import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { twoFactors } from '../../db/schema.ts';
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

  it('one sign-in allows 5 codes, then asks for the password again; the account is not locked', async () => {
    const user = await createUser(testApp.app);
    const { totpURI } = await enableTwoFactor(user);
    const challenge = await passwordStep(user.email);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const wrong = await post('/api/auth/two-factor/verify-totp', challenge.cookie, { code: '000000' });
      expect(wrong.statusCode, wrong.body).toBe(401);
    }
    const usedUp = await post('/api/auth/two-factor/verify-totp', challenge.cookie, { code: await codeFor(totpURI) });
    expect(usedUp.statusCode).toBe(400);
    expect(usedUp.json()).toEqual({
      code: 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE',
      message: 'Too many wrong codes for this sign-in. Sign in again with your password.',
    });
    expect(await isSignedIn(cookieHeader(usedUp))).toBe(false);

    // The password again, then the right code: signed in.
    const again = await passwordStep(user.email);
    const right = await post('/api/auth/two-factor/verify-totp', again.cookie, { code: await codeFor(totpURI) });
    expect(right.statusCode, right.body).toBe(200);
    expect(await isSignedIn(cookieHeader(right))).toBe(true);
  });

  it('10 wrong codes lock two-factor sign-in for the account for 15 minutes, even for the right code, and say until when', async () => {
    const user = await createUser(testApp.app);
    const { totpURI } = await enableTwoFactor(user);
    let challenge = await passwordStep(user.email);
    for (let attempt = 1; attempt <= 9; attempt += 1) {
      // Each challenge allows 5 tries; the account counts every wrong code.
      if (attempt === 6) challenge = await passwordStep(user.email);
      const wrong = await post('/api/auth/two-factor/verify-totp', challenge.cookie, { code: '000000' });
      expect(wrong.statusCode, wrong.body).toBe(401);
      expect(wrong.json().code).toBe('INVALID_CODE');
    }
    // The 10th wrong code locks the account, and its answer says so.
    const lockedAt = Date.now();
    const tenth = await post('/api/auth/two-factor/verify-totp', challenge.cookie, { code: '000000' });
    expect(tenth.statusCode, tenth.body).toBe(429);
    const { lockedUntil } = tenth.json() as { lockedUntil: string };
    const fifteenMinutes = 15 * 60 * 1000;
    expect(new Date(lockedUntil).getTime()).toBeGreaterThanOrEqual(lockedAt + fifteenMinutes);
    expect(new Date(lockedUntil).getTime()).toBeLessThanOrEqual(Date.now() + fifteenMinutes);
    // In the reader's language; in UTC, since the server does not know the reader's time zone.
    const utcTime = (locale: string) =>
      new Intl.DateTimeFormat(locale, {
        hour: 'numeric',
        minute: '2-digit',
        timeZone: 'UTC',
        timeZoneName: 'short',
      }).format(new Date(lockedUntil));
    expect(utcTime('en')).toMatch(/^\d{1,2}:\d\d [AP]M UTC$/);
    expect(tenth.json()).toEqual({
      code: 'ACCOUNT_TEMPORARILY_LOCKED',
      message: `Too many wrong codes for this account. Two-factor sign-in is locked for 15 minutes, until ${utcTime('en')}.`,
      lockedUntil,
    });

    const fresh = await passwordStep(user.email);
    const locked = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/verify-totp',
      headers: {
        cookie: fresh.cookie,
        origin: testBaseUrl,
        'content-type': 'application/json',
        'accept-language': 'ru',
      },
      remoteAddress: nextClientIp(),
      payload: { code: await codeFor(totpURI) },
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      code: 'ACCOUNT_TEMPORARILY_LOCKED',
      message: `Слишком много неверных кодов для этого аккаунта. Двухфакторный вход заблокирован на 15 минут, до ${utcTime('ru')}.`,
      lockedUntil,
    });
    expect(await isSignedIn(cookieHeader(locked))).toBe(false);
    const backup = await post('/api/auth/two-factor/verify-backup-code', fresh.cookie, { code: 'not-a-code' });
    expect(backup.statusCode).toBe(429);
    expect(backup.json()).toMatchObject({ code: 'ACCOUNT_TEMPORARILY_LOCKED', lockedUntil });

    // When the lock has ended, the right code signs in.
    await testApp.database.db
      .update(twoFactors)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(twoFactors.userId, user.id));
    const after = await passwordStep(user.email);
    const right = await post('/api/auth/two-factor/verify-totp', after.cookie, { code: await codeFor(totpURI) });
    expect(right.statusCode, right.body).toBe(200);
    expect(await isSignedIn(cookieHeader(right))).toBe(true);
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
