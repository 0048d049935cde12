import type { FastifyRequest } from 'fastify';
import { AppError, forbidden } from './app-error.ts';

/** The signed-in user of a request, as the session hook (features/auth/session-hook.ts) found it. */
export type SessionUser = {
  id: string;
  email: string;
  role: 'user' | 'admin';
  name: string;
  /** The id of the session row this request came with (Settings → Account marks it "this device"). */
  sessionId: string;
};

declare module 'fastify' {
  interface FastifyRequest {
    sessionUser: SessionUser | null;
  }
}

export const unauthorized = () => new AppError({ status: 401, code: 'UNAUTHORIZED', message: 'errors.unauthorized' });

/** The signed-in user, or a 401. Every user-owned query takes `requireUser(request).id`. */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.sessionUser) throw unauthorized();
  return request.sessionUser;
}

/** The signed-in admin, or a 401 / 403: admin routes check the role on the server. */
export function requireAdmin(request: FastifyRequest): SessionUser {
  const user = requireUser(request);
  if (user.role !== 'admin') throw forbidden('errors.forbidden');
  return user;
}
