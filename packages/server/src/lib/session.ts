import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, forbidden } from './app-error.ts';

export type SessionUser = {
  id: string;
  email: string;
  role: 'user' | 'admin';
  name: string;
  /**
   * `user_settings.events_version`, read with the session in the same query (null when unknown):
   * the ideas list is answered from its cache while this has not moved (features/events/events-list-cache.ts).
   */
  eventsVersion: number | null;
};

/** A signed session token and the expiry its row must be beyond to be taken as it is (features/auth/session-resolver.ts). */
export type SessionForStatement = { token: string; freshUntil: Date };

declare module 'fastify' {
  interface FastifyRequest {
    sessionUser: SessionUser | null;
    /** On routes whose statement checks the session (`config: { sessionInStatement: true }`), else null. */
    sessionForStatement: SessionForStatement | null;
  }
}

export const unauthorized = () => new AppError({ status: 401, code: 'UNAUTHORIZED', message: 'errors.unauthorized' });

/** The signed-in user, or a 401. Every user-owned query takes `requireUser(request).id`. */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.sessionUser) throw unauthorized();
  return request.sessionUser;
}

/** Admin routes check the role on the server (ARCHITECTURE §4.6). */
export function requireAdmin(request: FastifyRequest): SessionUser {
  const user = requireUser(request);
  if (user.role !== 'admin') throw forbidden('errors.forbidden');
  return user;
}

export async function adminOnly(request: FastifyRequest, _reply: FastifyReply) {
  requireAdmin(request);
}
export async function signedInOnly(request: FastifyRequest, _reply: FastifyReply) {
  requireUser(request);
}
