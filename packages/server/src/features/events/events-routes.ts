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
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { requireUser, unauthorized, type SessionForStatement } from '../../lib/session.ts';
import type { SessionResolver } from '../auth/session-resolver.ts';
import { createEventsListCache } from './events-list-cache.ts';
import {
  approveEvent,
  createEvent,
  deleteEvent,
  findEvents,
  getEvent,
  getEventByIdempotencyKey,
  saveEventPreferences,
  updateEvent,
  updateEventStatuses,
} from './events-service.ts';

const tags = ['events'];

/** JSON already written: Fastify sends a Buffer as it is. */
const sendJson = (reply: FastifyReply, body: Buffer) => reply.type('application/json; charset=utf-8').send(body);

/** Ideas / events (spec §2 My Stories, §7 events). Every call is scoped to the session's user. */
export async function eventsRoutes(
  app: FastifyInstance,
  { db, sessionResolver }: { db: Database; sessionResolver: SessionResolver },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  const listCache = createEventsListCache();
  typed.get('/api/events', { schema: { tags, response: { 200: eventListSchema } } }, async (request, reply) => {
    const user = requireUser(request);
    const cached = listCache.get(user.id, user.eventsVersion);
    if (cached !== undefined) return sendJson(reply, cached);
    const { list, version } = await findEvents({ db, userId: user.id });
    // What the response schema's serializer writes: encoded by the schema, which drops any field
    // it does not name.
    const body = Buffer.from(JSON.stringify(eventListSchema.encode(list)));
    listCache.set(user.id, version, body);
    return sendJson(reply, body);
  });

  // The insert checks the session itself (one round trip); a session it does not take as it is
  // gets the usual check, which renews it (then the insert is tried again) or refuses it. With an
  // Idempotency-Key the user has used before, the insert writes nothing and the answer is the idea
  // that has the key, as the first answer was (a retry after a lost response makes no duplicate).
  typed.post(
    '/api/events',
    {
      config: { sessionInStatement: true },
      schema: { tags, headers: createEventHeadersSchema, body: createEventSchema, response: { 201: eventSchema } },
    },
    async (request, reply) => {
      const { cookie } = request.headers;
      const idempotencyKey = request.headers[idempotencyKeyHeader] ?? null;
      const insert = async (session: SessionForStatement | null) =>
        session === null ? null : createEvent({ db, session, input: request.body, idempotencyKey });
      const earlier = async (userId: string) =>
        idempotencyKey === null ? null : getEventByIdempotencyKey({ db, userId, idempotencyKey });
      let event = await insert(request.sessionForStatement);
      if (event === null) {
        const user = await sessionResolver.resolve(cookie);
        if (user === null) throw unauthorized();
        // A concurrent create with the same key may commit between these two: look again after.
        event =
          (await earlier(user.id)) ??
          (await insert(sessionResolver.sessionForStatement(cookie))) ??
          (await earlier(user.id));
      }
      if (event === null) throw unauthorized();
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
