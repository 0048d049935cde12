import {
  approveEventResultSchema,
  bulkEventStatusResultSchema,
  bulkEventStatusSchema,
  createEventHeadersSchema,
  createEventSchema,
  idempotencyKeyHeader,
  eventIdParamsSchema,
  eventListSchema,
  eventPreferencesSchema,
  eventSchema,
  updateEventSchema,
} from '@life-updates/contract/events';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { requireUser } from '../../lib/session.ts';
import {
  approveEvent,
  createEvent,
  deleteEvent,
  findEvents,
  getEvent,
  saveEventPreferences,
  updateEvent,
  updateEventStatuses,
} from './events-service.ts';

const tags = ['events'];

/** Ideas. Every call is scoped to the session's user. */
export async function eventsRoutes(app: FastifyInstance, { db }: { db: Database }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get('/api/events', { schema: { tags, response: { 200: eventListSchema } } }, async (request) =>
    findEvents({ db, userId: requireUser(request).id }),
  );

  // With an Idempotency-Key the user has used before, nothing is written and the answer is the idea
  // that has the key, as the first answer was: a retry after a lost response makes no duplicate.
  typed.post(
    '/api/events',
    { schema: { tags, headers: createEventHeadersSchema, body: createEventSchema, response: { 201: eventSchema } } },
    async (request, reply) => {
      const event = await createEvent({
        db,
        userId: requireUser(request).id,
        input: request.body,
        idempotencyKey: request.headers[idempotencyKeyHeader] ?? null,
      });
      return reply.status(201).send(event);
    },
  );

  typed.post(
    '/api/events/status',
    { schema: { tags, body: bulkEventStatusSchema, response: { 200: bulkEventStatusResultSchema } } },
    async (request) => ({
      events: await updateEventStatuses({ db, userId: requireUser(request).id, change: request.body }),
    }),
  );

  typed.get(
    '/api/events/:id',
    { schema: { tags, params: eventIdParamsSchema, response: { 200: eventSchema } } },
    async (request) => getEvent({ db, userId: requireUser(request).id, eventId: request.params.id }),
  );

  typed.patch(
    '/api/events/:id',
    { schema: { tags, params: eventIdParamsSchema, body: updateEventSchema, response: { 200: eventSchema } } },
    async (request) =>
      updateEvent({ db, userId: requireUser(request).id, eventId: request.params.id, update: request.body }),
  );

  typed.delete(
    '/api/events/:id',
    { schema: { tags, params: eventIdParamsSchema, response: { 204: z.null().describe('Deleted') } } },
    async (request, reply) => {
      await deleteEvent({ db, userId: requireUser(request).id, eventId: request.params.id });
      return reply.status(204).send(null);
    },
  );

  typed.put(
    '/api/events/:id/preferences',
    { schema: { tags, params: eventIdParamsSchema, body: eventPreferencesSchema, response: { 200: eventSchema } } },
    async (request) =>
      saveEventPreferences({
        db,
        userId: requireUser(request).id,
        eventId: request.params.id,
        preferences: request.body,
      }),
  );

  typed.post(
    '/api/events/:id/approve',
    { schema: { tags, params: eventIdParamsSchema, response: { 200: approveEventResultSchema } } },
    async (request) => approveEvent({ db, userId: requireUser(request).id, eventId: request.params.id }),
  );
}
