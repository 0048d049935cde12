import {
  adminStatsSchema,
  adminUserSchema,
  adminUsersPageSchema,
  adminUsersQuerySchema,
  adminUserUpdateSchema,
  contactRequestSchema,
  contactRequestsPageSchema,
  contactRequestsQuerySchema,
  contactRequestUpdateSchema,
} from '@life-updates/contract/admin';
import { apiErrorSchema } from '@life-updates/contract/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../../lib/session.ts';
import { fromNodeHeaders } from 'better-auth/node';
import {
  clearTwoFactor,
  findContactRequests,
  findUsers,
  getAdminStats,
  setUserDisabled,
  updateContactRequestStatus,
  updateUser,
} from './admin-service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const userParams = z.object({ id: z.string().min(1).max(100) });
const requestParams = z.object({ id: z.uuid('admin.errors.requestNotFound') });

/** Settings → Admin's users, figures and Contact Us messages, in the admin scope (admin-api.ts: admins only). */
export async function adminRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get('/stats', { schema: { tags: ['admin'], response: { 200: adminStatsSchema, ...errors } } }, async () =>
    getAdminStats({ db }),
  );

  typed.get(
    '/users',
    {
      schema: {
        tags: ['admin'],
        querystring: adminUsersQuerySchema,
        response: { 200: adminUsersPageSchema, ...errors },
      },
    },
    async (request) => findUsers({ db, ...request.query }),
  );

  typed.patch(
    '/users/:id',
    {
      schema: {
        tags: ['admin'],
        params: userParams,
        body: adminUserUpdateSchema,
        response: { 200: adminUserSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      return updateUser({ db, adminId: admin.id, userId: request.params.id, update: request.body });
    },
  );

  // Disable / re-enable an account (better-auth's admin plugin: banning ends the user's sessions at once).
  for (const [action, isDisabled] of [
    ['disable', true],
    ['enable', false],
  ] as const) {
    typed.post(
      `/users/:id/${action}`,
      {
        schema: {
          tags: ['admin'],
          params: userParams,
          response: { 200: adminUserSchema, ...errors, 409: apiErrorSchema },
        },
      },
      async (request) => {
        const admin = requireAdmin(request);
        const user = await setUserDisabled({
          db,
          auth: app.auth,
          adminId: admin.id,
          userId: request.params.id,
          isDisabled,
          headers: fromNodeHeaders(request.headers),
        });
        app.log.info({ audit: true, adminId: admin.id, userId: user.id, action }, `admin: account ${action}d`);
        return user;
      },
    );
  }

  typed.post(
    '/users/:id/clear-two-factor',
    { schema: { tags: ['admin'], params: userParams, response: { 200: adminUserSchema, ...errors } } },
    async (request) => {
      const admin = requireAdmin(request);
      const user = await clearTwoFactor({ db, userId: request.params.id });
      // The audit line: who turned off whose second factor.
      app.log.info(
        { audit: true, adminId: admin.id, userId: user.id, action: 'clear-two-factor' },
        'admin: two-factor authentication cleared',
      );
      return user;
    },
  );

  typed.get(
    '/contact-requests',
    {
      schema: {
        tags: ['admin'],
        querystring: contactRequestsQuerySchema,
        response: { 200: contactRequestsPageSchema, ...errors },
      },
    },
    async (request) => findContactRequests({ db, ...request.query }),
  );

  typed.patch(
    '/contact-requests/:id',
    {
      schema: {
        tags: ['admin'],
        params: requestParams,
        body: contactRequestUpdateSchema,
        response: { 200: contactRequestSchema, ...errors },
      },
    },
    async (request) => updateContactRequestStatus({ db, requestId: request.params.id, status: request.body.status }),
  );
}
