import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer, type SmtpDouble } from '../../../test/doubles/smtp.ts';
import { cookieHeader, createTestApp, nextClientIp, strongPassword, type TestApp } from '../../../test/test-app.ts';

/** A browser request as sent from a page at `pageOrigin` to the server reached at `host`. */
function headersFor(host: string, pageOrigin: string, extra: Record<string, string> = {}) {
  return { host, origin: pageOrigin, 'content-type': 'application/json', ...extra };
}

async function register(testApp: TestApp, email: string, host: string, pageOrigin = `http://${host}`, extra = {}) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: headersFor(host, pageOrigin, extra),
    remoteAddress: nextClientIp(),
    payload: { name: 'Someone', email, password: strongPassword },
  });
}

async function signInAt(testApp: TestApp, email: string, host: string, pageOrigin = `http://${host}`) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: headersFor(host, pageOrigin),
    remoteAddress: nextClientIp(),
    payload: { email, password: strongPassword },
  });
}

describe('without BASE_URL: every address that reaches the server is same-origin', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ baseUrl: null });
  });
  afterAll(() => testApp.close());

  it('registers, signs in and works at 127.0.0.1, a LAN address and localhost; the first one becomes the public address', async () => {
    for (const [index, host] of ['127.0.0.1:3000', '192.168.1.20:3000', 'localhost:3000'].entries()) {
      const email = `someone${index}@example.com`;
      expect((await register(testApp, email, host)).statusCode).toBe(200);
      const signedIn = await signInAt(testApp, email, host);
      expect(signedIn.statusCode).toBe(200);
      const cookie = cookieHeader(signedIn);
      const me = await testApp.app.inject({ method: 'GET', url: '/api/me', headers: { host, cookie } });
      expect(me.statusCode).toBe(200);
      const created = await testApp.app.inject({
        method: 'POST',
        url: '/api/contacts',
        headers: headersFor(host, `http://${host}`, { cookie }),
        payload: { name: 'Ann', email: `ann${index}@example.com` },
      });
      expect(created.statusCode).toBeLessThan(300);
    }
    const admin = await signInAt(testApp, 'someone0@example.com', '127.0.0.1:3000');
    const address = await testApp.app.inject({
      method: 'GET',
      url: '/api/admin/public-address',
      headers: { host: '127.0.0.1:3000', cookie: cookieHeader(admin) },
    });
    // Links over plain http: no one-click unsubscribe (RFC 8058 §3.1 wants https).
    expect(address.json()).toEqual({
      address: 'http://127.0.0.1:3000',
      fixedByEnvironment: false,
      isOneClickUnsubscribeOn: false,
    });
  });

  it('refuses a cross-site request and one whose Origin disagrees with its Host', async () => {
    const crossSite = await register(testApp, 'cross@example.com', '127.0.0.1:3000', 'https://evil.example');
    expect(crossSite.statusCode).toBe(403);
    const otherPort = await register(testApp, 'port@example.com', '127.0.0.1:3000', 'http://127.0.0.1:4000');
    expect(otherPort.statusCode).toBe(403);
    const refererOnly = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { host: '127.0.0.1:3000', referer: 'http://evil.example/page', 'content-type': 'application/json' },
      remoteAddress: nextClientIp(),
      payload: { name: 'Someone', email: 'referer@example.com', password: strongPassword },
    });
    expect(refererOnly.statusCode).toBe(403);
    // A proxy's X-Forwarded-Host counts only with TRUST_PROXY.
    const forwarded = await register(testApp, 'fwd@example.com', '127.0.0.1:3000', 'https://updates.example.com', {
      'x-forwarded-host': 'updates.example.com',
      'x-forwarded-proto': 'https',
    });
    expect(forwarded.statusCode).toBe(403);
  });

  it('lets an admin change the public address, validated; a user may not', async () => {
    const admin = cookieHeader(await signInAt(testApp, 'someone0@example.com', '127.0.0.1:3000'));
    const put = (cookie: string, address: string) =>
      testApp.app.inject({
        method: 'PUT',
        url: '/api/admin/public-address',
        headers: headersFor('127.0.0.1:3000', 'http://127.0.0.1:3000', { cookie }),
        payload: { address },
      });
    const bad = await put(admin, 'https://updates.example.com/some/path');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.address).toMatch(/http or https/);
    const saved = await put(admin, 'https://updates.example.com/');
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      address: 'https://updates.example.com',
      fixedByEnvironment: false,
      isOneClickUnsubscribeOn: true,
    });
    const user = cookieHeader(await signInAt(testApp, 'someone1@example.com', '192.168.1.20:3000'));
    expect((await put(user, 'https://evil.example')).statusCode).toBe(403);
  });
});

describe('behind a proxy (TRUST_PROXY=true, no BASE_URL)', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ baseUrl: null, env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => testApp.close());

  it("takes the page's address from X-Forwarded-Host and -Proto", async () => {
    const proxied = { 'x-forwarded-host': 'updates.example.com', 'x-forwarded-proto': 'https' };
    const ok = await register(testApp, 'proxied@example.com', '127.0.0.1:3000', 'https://updates.example.com', proxied);
    expect(ok.statusCode).toBe(200);
    const spoofed = await register(testApp, 'spoof@example.com', '127.0.0.1:3000', 'http://127.0.0.1:3000', proxied);
    expect(spoofed.statusCode).toBe(403);
  });
});

describe('links in emails come from the public address, never from the Host of the request', () => {
  let smtp: SmtpDouble;
  let testApp: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    testApp = await createTestApp({ baseUrl: null, env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await testApp.close();
    await smtp.close();
  });

  /** The text of each message the SMTP server has taken. */
  const received = () => smtp.received.map(({ mail }) => mail.text ?? '');
  const waitForMail = (count: number) =>
    expect.poll(() => smtp.received.length, { timeout: 5000 }).toBeGreaterThanOrEqual(count);

  it("the first account's link points where it registered; a later sign-up with a forged Host still gets that address", async () => {
    expect((await register(testApp, 'first@example.com', '192.168.1.20:3000')).statusCode).toBe(200);
    await waitForMail(1);
    expect(received()[0]).toContain('http://192.168.1.20:3000/api/auth/verify-email?token=');
    // The Host and Origin agree (as from a page at a look-alike domain pointed at this server).
    expect((await register(testApp, 'second@example.com', 'attacker.example')).statusCode).toBe(200);
    await waitForMail(2);
    expect(received()[1]).toContain('http://192.168.1.20:3000/api/auth/verify-email?token=');
    expect(received()[1]).not.toContain('attacker.example');
  });
});

describe('with BASE_URL set, another address of the same server is told which one to use', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ baseUrl: 'http://localhost:3000' });
  });
  afterAll(() => testApp.close());

  it('names BASE_URL in the request language; cross-site stays a plain refusal', async () => {
    const english = await register(testApp, 'a@example.com', '127.0.0.1:3000');
    expect(english.statusCode).toBe(403);
    expect(english.json()).toEqual({
      code: 'WRONG_ADDRESS',
      message:
        'This server is set up to be used at http://localhost:3000. Open Life Updates at http://localhost:3000 and try again.',
    });
    const russian = await register(testApp, 'a@example.com', '127.0.0.1:3000', 'http://127.0.0.1:3000', {
      'accept-language': 'ru',
    });
    expect(russian.json().message).toBe(
      'Этот сервер настроен для работы по адресу http://localhost:3000. Откройте Life Updates по адресу http://localhost:3000 и повторите попытку.',
    );
    const crossSite = await register(testApp, 'a@example.com', '127.0.0.1:3000', 'https://evil.example');
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().code).toBe('FORBIDDEN_ORIGIN');
    expect((await register(testApp, 'a@example.com', 'localhost:3000')).statusCode).toBe(200);
  });

  it('shows the address as fixed and refuses to change it', async () => {
    const admin = cookieHeader(await signInAt(testApp, 'a@example.com', 'localhost:3000'));
    const got = await testApp.app.inject({
      method: 'GET',
      url: '/api/admin/public-address',
      headers: { host: 'localhost:3000', cookie: admin },
    });
    expect(got.json()).toEqual({
      address: 'http://localhost:3000',
      fixedByEnvironment: true,
      isOneClickUnsubscribeOn: false,
    });
    const put = await testApp.app.inject({
      method: 'PUT',
      url: '/api/admin/public-address',
      headers: headersFor('localhost:3000', 'http://localhost:3000', { cookie: admin }),
      payload: { address: 'https://elsewhere.example' },
    });
    expect(put.statusCode).toBe(409);
  });
});
