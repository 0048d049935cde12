// A fresh account on a running server, for the measurement scripts (lighthouse.mjs,
// pwa-images.mjs): registered and signed in through the real API.
import { randomUUID } from 'node:crypto';

/**
 * Registers `<prefix>-<random>@example.com` and signs it in; answers its session cookies as
 * `{ name, value }` pairs. The per-IP sign-up limit is 10 a minute unless the server runs with
 * RATE_LIMIT_SCALE.
 */
export async function newSignedInAccount(base, { prefix, name }) {
  const email = `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
  const password = 'Passw0rd!';
  const headers = { 'content-type': 'application/json', origin: base };
  const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password, name }),
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password }),
  });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const cookies = signIn.headers.getSetCookie().map((header) => {
    const [pair] = header.split(';');
    const equals = pair.indexOf('=');
    return { name: pair.slice(0, equals), value: pair.slice(equals + 1) };
  });
  if (cookies.length === 0) throw new Error('sign-in answered without a session cookie');
  return cookies;
}
