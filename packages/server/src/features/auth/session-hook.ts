import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { requireAdmin, requireUser, type SessionUser } from '../../lib/session.ts';

/** Any role other than admin is an ordinary user. */
const toSessionUser = (user: { id: string; email: string; name: string; role?: string | null }): SessionUser => ({
  id: user.id,
  email: user.email,
  name: user.name,
  role: user.role === 'admin' ? 'admin' : 'user',
});

/** An API route: anything under /api/ except better-auth's own endpoints and the API docs. */
const isApiRoute = (request: FastifyRequest) =>
  request.url.startsWith('/api/') && !request.url.startsWith('/api/auth/') && !request.url.startsWith('/api/docs');

/**
 * Who is signed in, resolved once per API request by better-auth itself (`getSession`: the cookie's
 * signature, the session row and its user, the sliding renewal, and deleting an expired session).
 * Routes read the result with `requireUser(request)`; nothing else knows how a session works.
 *
 * Secure by default: every API route needs a session unless it says `config: { isPublic: true }`,
 * and everything under /api/admin/ needs the admin role; both are checked here, before the input is
 * read, so a signed-out request gets 401 (a user 403) and nothing it sent is looked at.
 */
export const sessionsPlugin = fp(
  async (app) => {
    const { auth } = app;
    app.decorateRequest('sessionUser', null);
    app.addHook('onRequest', async (request, reply) => {
      if (!isApiRoute(request)) return;
      const result = await auth.api.getSession({ headers: fromNodeHeaders(request.headers), returnHeaders: true });
      // A renewed session comes with a new cookie (its later expiry): pass it on to the browser.
      for (const cookie of result.headers.getSetCookie()) reply.header('set-cookie', cookie);
      const session = result.response;
      request.sessionUser = session
        ? toSessionUser(session.user as typeof session.user & { role?: string | null })
        : null;

      if (request.is404 || request.routeOptions.config.isPublic === true) return;
      if (request.url.startsWith('/api/admin/')) requireAdmin(request);
      else requireUser(request);
    });
  },
  { name: 'sessions', decorators: { fastify: ['auth'] } },
);
