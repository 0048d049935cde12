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
import {
  findContactRequests,
  findUsers,
  getAdminStats,
  updateContactRequestStatus,
  updateUser,
} from './admin-service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const userParams = z.object({ id: z.string().min(1).max(100) });
const requestParams = z.object({ id: z.uuid('admin.errors.requestNotFound') });

/** Settings → Admin's users, figures and Contact Us messages, in the admin scope (admin-api.ts: admins only). */
export async function adminRoutes(app: FastifyInstance) {
  const { db } = app.deps.database;
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
