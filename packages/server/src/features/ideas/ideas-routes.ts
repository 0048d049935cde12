import {
  approveIdeaResultSchema,
  bulkIdeaStatusResultSchema,
  bulkIdeaStatusSchema,
  createIdeaHeadersSchema,
  createIdeaSchema,
  idempotencyKeyHeader,
  ideaIdParamsSchema,
  ideaListSchema,
  ideaPreferencesSchema,
  ideaSchema,
  updateIdeaSchema,
} from '@life-updates/contract/ideas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../lib/session.ts';
import {
  approveIdea,
  createIdea,
  deleteIdea,
  findIdeas,
  getIdea,
  saveIdeaPreferences,
  updateIdea,
  updateIdeaStatuses,
} from './ideas-service.ts';

const tags = ['ideas'];

/** Ideas. Every call is scoped to the session's user. */
export async function ideasRoutes(app: FastifyInstance) {
  const { db } = app.deps.database;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get('/api/ideas', { schema: { tags, response: { 200: ideaListSchema } } }, async (request) =>
    findIdeas({ db, userId: requireUser(request).id }),
  );

  // With an Idempotency-Key the user has used before, nothing is written and the answer is the idea
  // that has the key, as the first answer was: a retry after a lost response makes no duplicate.
  typed.post(
    '/api/ideas',
    { schema: { tags, headers: createIdeaHeadersSchema, body: createIdeaSchema, response: { 201: ideaSchema } } },
    async (request, reply) => {
      const idea = await createIdea({
        db,
        userId: requireUser(request).id,
        input: request.body,
        idempotencyKey: request.headers[idempotencyKeyHeader] ?? null,
      });
      return reply.status(201).send(idea);
    },
  );

  typed.post(
    '/api/ideas/status',
    { schema: { tags, body: bulkIdeaStatusSchema, response: { 200: bulkIdeaStatusResultSchema } } },
    async (request) => ({
      ideas: await updateIdeaStatuses({ db, userId: requireUser(request).id, change: request.body }),
    }),
  );

  typed.get(
    '/api/ideas/:id',
    { schema: { tags, params: ideaIdParamsSchema, response: { 200: ideaSchema } } },
    async (request) => getIdea({ db, userId: requireUser(request).id, ideaId: request.params.id }),
  );

  typed.patch(
    '/api/ideas/:id',
    { schema: { tags, params: ideaIdParamsSchema, body: updateIdeaSchema, response: { 200: ideaSchema } } },
    async (request) =>
      updateIdea({ db, userId: requireUser(request).id, ideaId: request.params.id, update: request.body }),
  );

  typed.delete(
    '/api/ideas/:id',
    { schema: { tags, params: ideaIdParamsSchema, response: { 204: z.null().describe('Deleted') } } },
    async (request, reply) => {
      await deleteIdea({ db, userId: requireUser(request).id, ideaId: request.params.id });
      return reply.status(204).send(null);
    },
  );

  typed.put(
    '/api/ideas/:id/preferences',
    { schema: { tags, params: ideaIdParamsSchema, body: ideaPreferencesSchema, response: { 200: ideaSchema } } },
    async (request) =>
      saveIdeaPreferences({
        db,
        userId: requireUser(request).id,
        ideaId: request.params.id,
        preferences: request.body,
      }),
  );

  typed.post(
    '/api/ideas/:id/approve',
    { schema: { tags, params: ideaIdParamsSchema, response: { 200: approveIdeaResultSchema } } },
    async (request) => approveIdea({ db, userId: requireUser(request).id, ideaId: request.params.id }),
  );
}
