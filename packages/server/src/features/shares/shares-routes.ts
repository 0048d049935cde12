import {
  approveShareTextRequestSchema,
  saveShareTextRequestSchema,
  shareForEventResponseSchema,
  shareListQuerySchema,
  shareListResponseSchema,
  shareResponseSchema,
} from '@life-updates/contract/shares';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { requireUser } from '../../lib/session.ts';
import { approveIdeas, findShares, getShareForEvent, saveForLater } from './shares-service.ts';

export async function sharesRoutes(app: FastifyInstance, { db }: { db: Database }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/shares',
    { schema: { tags: ['shares'], querystring: shareListQuerySchema, response: { 200: shareListResponseSchema } } },
    async (request) => ({
      shares: await findShares({ db, userId: requireUser(request).id, statuses: request.query.status }),
    }),
  );

  typed.get(
    '/api/shares/for-event/:eventId',
    {
      schema: {
        tags: ['shares'],
        params: z.object({ eventId: z.uuid('validation.invalidInput') }),
        response: { 200: shareForEventResponseSchema },
      },
    },
    async (request) => ({
      share: await getShareForEvent({ db, userId: requireUser(request).id, eventId: request.params.eventId }),
    }),
  );

  typed.post(
    '/api/shares/save-for-later',
    { schema: { tags: ['shares'], body: saveShareTextRequestSchema, response: { 200: shareResponseSchema } } },
    async (request) => ({ share: await saveForLater({ db, userId: requireUser(request).id, ...request.body }) }),
  );

  typed.post(
    '/api/shares/approve',
    { schema: { tags: ['shares'], body: approveShareTextRequestSchema, response: { 200: shareResponseSchema } } },
    async (request) => ({ share: await approveIdeas({ db, userId: requireUser(request).id, ...request.body }) }),
  );
}
