import {
  accountSessionsResponseSchema,
  accountEmailSchema,
  accountUpdateSchema,
  deleteAccountSchema,
  fullNameSchema,
  sessionIdParamsSchema,
  meResponseSchema,
  newPasswordSchema,
  welcomeResponseSchema,
} from '@life-updates/contract/auth';
import { pickLocale, translate } from '@life-updates/contract/i18n';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/app-error.ts';
import { requireUser } from '../../lib/session.ts';
import { requestOrigin } from '../public-address/public-address.ts';
import { deleteAccount, getMe, markWelcomeShown, resolveLoginIdentifier, updateAccount } from './account-service.ts';
import { createAccountMail } from './account-mail.ts';
import { findSessions, revokeSession } from './sessions-service.ts';
import { clearFailedLogins, isAccountLocked, recordFailedLogin } from './lockout-service.ts';

/** better-auth error codes → the catalogue's authentication messages. */
const authErrorKeys: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'auth.invalidCredentials',
  INVALID_EMAIL: 'validation.invalidEmail',
  INVALID_PASSWORD: 'auth.invalidCredentials',
  EMAIL_NOT_VERIFIED: 'auth.confirmEmail',
  USER_ALREADY_EXISTS: 'auth.emailAlreadyUsed',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'auth.emailAlreadyUsed',
  PASSWORD_TOO_SHORT: 'validation.passwordMinLength',
  PASSWORD_TOO_LONG: 'validation.passwordMaxLength',
  FAILED_TO_CREATE_USER: 'auth.failedToCreateUser',
  INVALID_TOKEN: 'auth.resetLinkInvalid',
  INVALID_CODE: 'auth.twoFactor.invalidCode',
  INVALID_BACKUP_CODE: 'auth.twoFactor.invalidBackupCode',
  ACCOUNT_TEMPORARILY_LOCKED: 'auth.twoFactor.locked',
  // This sign-in's 5 codes are used up; the account is not locked.
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: 'auth.twoFactor.signInAgain',
  INVALID_TWO_FACTOR_COOKIE: 'auth.twoFactor.expired',
  BANNED_USER: 'auth.accountDisabled',
};

const signUpBodySchema = z.object({
  name: fullNameSchema,
  email: accountEmailSchema('validation.emailNeedsAt'),
  password: newPasswordSchema,
});

const resetPasswordBodySchema = z.object({
  token: z.string().min(1, 'auth.resetLinkInvalid').max(200, 'auth.resetLinkInvalid'),
  newPassword: newPasswordSchema,
});

/** The origin better-auth sees a request at: BASE_URL when set, else the address the browser used. */
type RequestBase = (request: FastifyRequest) => string;

function toWebRequest(request: FastifyRequest, baseFor: RequestBase, body: unknown): Request {
  const headers = fromNodeHeaders(request.headers);
  // The body is sent again, re-encoded: its length is the new one's.
  headers.delete('content-length');
  // The client IP comes from Fastify (trust-proxy aware), never from a header the client sent.
  headers.set('x-life-updates-client-ip', request.ip);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && body !== undefined;
  return new Request(new URL(request.url, baseFor(request)), {
    method: request.method,
    headers,
    body: hasBody ? JSON.stringify(body) : undefined,
  });
}

async function sendWebResponse(request: FastifyRequest, reply: FastifyReply, response: Response) {
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && name !== 'content-length' && name !== 'content-encoding') reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  const text = await response.text();
  if (response.status >= 400 && response.headers.get('content-type')?.includes('json')) {
    // Rewrite better-auth's errors into our one error shape, in the request's language.
    const locale = pickLocale(request.headers['accept-language']);
    let code = 'AUTH_ERROR';
    let lockedUntil: string | undefined;
    try {
      const body = JSON.parse(text) as { code?: string; lockedUntil?: string };
      code = body.code ?? code;
      lockedUntil = body.lockedUntil;
    } catch {
      // not JSON after all; keep the generic code
    }
    // A 429 is the rate limit, unless better-auth named it (the two-factor lockout).
    const known = authErrorKeys[code];
    const key = known ?? (response.status === 429 ? 'auth.tooManyRequests' : 'auth.authError');
    const wireCode = known === undefined && response.status === 429 ? 'RATE_LIMITED' : code;
    if (lockedUntil === undefined) return reply.send({ code: wireCode, message: translate(key, locale) });
    // The server does not know the reader's time zone: its words give the end in UTC, the web app
    // says it again in the reader's own time from `lockedUntil`.
    const time = new Intl.DateTimeFormat(locale, {
      hour: 'numeric',
      minute: '2-digit',
      timeZone: 'UTC',
      timeZoneName: 'short',
    }).format(new Date(lockedUntil));
    // A lock, also when the wrong code that caused it got better-auth's 401 (two-factor-lock.ts).
    return reply.status(429).send({
      code: wireCode,
      message: translate('auth.twoFactor.lockedUntil', locale, { time }),
      lockedUntil,
    });
  }
  return reply.send(text === '' ? null : withoutSessionTokens(text, response));
}

/**
 * A session's token is the value of its cookie, which is HttpOnly so that no script in the page can
 * read it. better-auth also writes it into the JSON of sign-in, get-session, the two-factor checks
 * and the passkey sign-in (for clients that send it back as a bearer token; this app sends the
 * cookie): taken out, so that a script injected into the page cannot carry a session away.
 */
function withoutSessionTokens(text: string, response: Response): string {
  if (!response.headers.get('content-type')?.includes('json')) return text;
  const body: unknown = JSON.parse(text);
  if (typeof body !== 'object' || body === null) return text;
  const { token, session } = body as { token?: unknown; session?: unknown };
  if (token === undefined && (typeof session !== 'object' || session === null || !('token' in session))) return text;
  delete (body as { token?: unknown }).token;
  if (typeof session === 'object' && session !== null) delete (session as { token?: unknown }).token;
  return JSON.stringify(body);
}

/**
 * better-auth's own endpoints under /api/auth/ (sign-in, sign-up, sign-out, sessions, verification),
 * which read their own session: in the API scope (same-origin check, rate limits), outside the
 * session hook's.
 */
export async function authEndpoints(app: FastifyInstance) {
  const { auth } = app;
  const { db, mailer } = app.deps;
  const fixedOrigin = app.publicAddress.fixed;
  const baseFor: RequestBase = (request) => fixedOrigin ?? requestOrigin(request);
  const typed = app.withTypeProvider<ZodTypeProvider>();

  // Sign-in: username → email, lockout before, counting after.
  app.post('/api/auth/sign-in/email', { schema: { hide: true } }, async (request, reply) => {
    const locale = pickLocale(request.headers['accept-language']);
    const body = z
      .object({ email: z.string().max(254), password: z.string().max(128) })
      .passthrough()
      .safeParse(request.body);
    if (!body.success) {
      return reply.status(400).send({ code: 'BAD_REQUEST', message: translate('auth.invalidCredentials', locale) });
    }
    const email = await resolveLoginIdentifier({ db, identifier: body.data.email });
    if (await isAccountLocked({ db, email })) {
      return reply.status(429).send({ code: 'LOCKED_OUT', message: translate('auth.lockedOut', locale) });
    }
    const response = await auth.handler(toWebRequest(request, baseFor, { ...body.data, email }));
    if (response.status === 401) await recordFailedLogin({ db, email });
    if (response.ok) await clearFailedLogins({ db, email });
    return sendWebResponse(request, reply, response);
  });

  // Sign-up: the full password rule is checked here (better-auth checks only length).
  typed.post('/api/auth/sign-up/email', { schema: { hide: true, body: signUpBodySchema } }, async (request, reply) => {
    const response = await auth.handler(
      toWebRequest(request, baseFor, { ...request.body, callbackURL: '/login?verified=1' }),
    );
    return sendWebResponse(request, reply, response);
  });

  // Forgot password: the link always leads to the web app's /reset-password form. Whether the
  // address has an account or not, the answer is the same; `delivery` says only how this server mails.
  app.post('/api/auth/request-password-reset', { schema: { hide: true } }, async (request, reply) => {
    const body = z.object({ email: z.string().trim().max(254) }).safeParse(request.body);
    const email = body.success ? body.data.email.toLowerCase() : '';
    const response = await auth.handler(toWebRequest(request, baseFor, { email, redirectTo: '/reset-password' }));
    if (!response.ok) return sendWebResponse(request, reply, response);
    const answer = (await response.json()) as Record<string, unknown>;
    return reply.send({ ...answer, delivery: mailer.isExternal ? 'email' : 'outbox' });
  });

  // The new password follows the sign-up rule (better-auth checks only its length).
  typed.post(
    '/api/auth/reset-password',
    { schema: { hide: true, body: resetPasswordBodySchema } },
    async (request, reply) =>
      sendWebResponse(request, reply, await auth.handler(toWebRequest(request, baseFor, request.body))),
  );

  // These go through /api/account only, which adds what better-auth's own paths do not check: the
  // current password for a new email, the sign-up rule for a new password, the last administrator.
  // The signed-in devices are /api/account/sessions, which, unlike better-auth's list-sessions,
  // gives no session's token to the page.
  const closed = [
    ['POST', '/api/auth/delete-user'],
    ['POST', '/api/auth/change-email'],
    ['POST', '/api/auth/change-password'],
    ['GET', '/api/auth/list-sessions'],
    // The admin plugin's own endpoints: Settings → Admin is /api/admin, which keeps the last
    // administrator and the password rule; these would list any user's sessions with their tokens,
    // sign the admin in as another user, or set a password without the rule.
    ['GET', '/api/auth/admin/*'],
    ['POST', '/api/auth/admin/*'],
  ] as const;
  for (const [method, url] of closed) {
    app.route({
      method,
      url,
      schema: { hide: true },
      handler: async () => {
        throw notFound();
      },
    });
  }

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    handler: async (request, reply) => {
      const response = await auth.handler(toWebRequest(request, baseFor, request.body));
      return sendWebResponse(request, reply, response);
    },
  });
}

/** The signed-in user's own account: /api/me, the welcome, and changes to the account. */
export async function accountRoutes(app: FastifyInstance) {
  const { auth } = app;
  const { db } = app.deps;
  const sendAccountMail = createAccountMail({ ...app.deps, log: app.log });
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get('/api/me', { schema: { tags: ['account'], response: { 200: meResponseSchema } } }, async (request) =>
    getMe({ db, userId: requireUser(request).id }),
  );

  typed.post(
    '/api/me/welcome',
    { schema: { tags: ['account'], response: { 200: welcomeResponseSchema } } },
    async (request) => markWelcomeShown({ db, userId: requireUser(request).id }),
  );

  typed.patch(
    '/api/account',
    { schema: { tags: ['account'], body: accountUpdateSchema, response: { 200: meResponseSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      const { me, cookies } = await updateAccount({
        db,
        auth,
        sendAccountMail,
        publicOrigin: await app.publicAddress.forLinks(),
        userId: user.id,
        update: request.body,
        headers: request.headers,
      });
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return me;
    },
  );

  // Signed-in devices: list them, sign one out, or all but this one.
  typed.get(
    '/api/account/sessions',
    { schema: { tags: ['account'], response: { 200: accountSessionsResponseSchema } } },
    async (request) => {
      const user = requireUser(request);
      return { sessions: await findSessions({ db, userId: user.id, currentSessionId: user.sessionId }) };
    },
  );

  typed.delete(
    '/api/account/sessions/:id',
    { schema: { tags: ['account'], params: sessionIdParamsSchema } },
    async (request, reply) => {
      const user = requireUser(request);
      await revokeSession({ db, auth, userId: user.id, sessionId: request.params.id, headers: request.headers });
      return reply.status(204).send();
    },
  );

  // Signs every other device out; this one stays signed in.
  typed.post('/api/account/sessions/revoke-others', { schema: { tags: ['account'] } }, async (request, reply) => {
    requireUser(request);
    await auth.api.revokeOtherSessions({ headers: fromNodeHeaders(request.headers) });
    return reply.status(204).send();
  });

  // Delete my account: the password confirms it; the last administrator promotes another first.
  typed.post(
    '/api/account/delete',
    { schema: { tags: ['account'], body: deleteAccountSchema } },
    async (request, reply) => {
      const user = requireUser(request);
      const cookies = await deleteAccount({
        db,
        auth,
        sendAccountMail,
        userId: user.id,
        password: request.body.password,
        headers: request.headers,
      });
      reply.header('set-cookie', cookies);
      return reply.status(204).send();
    },
  );
}
