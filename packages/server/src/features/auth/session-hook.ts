import { fromNodeHeaders } from 'better-auth/node';
import fp from 'fastify-plugin';
import { requireUser } from '../../lib/session.ts';

/**
 * Who is signed in, resolved once per request to a route of the scope this is registered in (the
 * API's routes other than better-auth's own endpoints, app.ts), by better-auth itself (`getSession`: the cookie's
 * signature, the session row and its user, the sliding renewal, and deleting an expired session).
 * Routes read the result with `requireUser(request)`; nothing else knows how a session works.
 *
 * Secure by default: every route in the scope needs a session unless it says `config: { isPublic: true }`;
 * it is checked here, before the input is read, so a signed-out request gets 401 and nothing it sent
 * is looked at. The admin role is the admin scope's own check (features/admin/admin-api.ts). Both
 * belong to the route a request reached, whatever the spelling of its path.
 */
export const sessionsPlugin = fp(
  async (app) => {
    const { auth } = app;
    app.decorateRequest('sessionUser', null);
    app.addHook('onRequest', async (request, reply) => {
      const result = await auth.api.getSession({ headers: fromNodeHeaders(request.headers), returnHeaders: true });
      // A renewed session comes with a new cookie (its later expiry): pass it on to the browser.
      for (const cookie of result.headers.getSetCookie()) reply.header('set-cookie', cookie);
      const session = result.response;
      const user = session?.user as { id: string; email: string; name: string; role?: string | null } | undefined;
      request.sessionUser =
        session && user
          ? {
              id: user.id,
              sessionId: session.session.id,
              email: user.email,
              name: user.name,
              // Any role other than admin is an ordinary user.
              role: user.role === 'admin' ? 'admin' : 'user',
            }
          : null;

      if (request.routeOptions.config.isPublic !== true) requireUser(request);
    });
  },
  { name: 'sessions', decorators: { fastify: ['auth'] } },
);
