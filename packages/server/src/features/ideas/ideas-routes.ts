import {
  createIdeaHeadersSchema,
  createIdeaSchema,
  idempotencyKeyHeader,
  ideaIdParamsSchema,
  ideaListSchema,
  ideaSchema,
  updateIdeaSchema,
} from '@life-updates/contract/ideas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../lib/session.ts';
import { ideaMediaPrefix } from '../../providers/media-storage/media-storage.ts';
import { createIdea, deleteIdea, findIdeas, updateIdea } from './ideas-service.ts';

const tags = ['ideas'];

/**
 * Ideas: the list, capture, edits and deletion. Status changes come from what happens to an idea
 * (its share saved, approved or sent; a Telegram or LinkedIn post), through setIdeasStatus. Every
 * call is scoped to the session's user.
 */
export async function ideasRoutes(app: FastifyInstance) {
  const { db, media } = app.deps;
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
      const userId = requireUser(request).id;
      await deleteIdea({ db, userId, ideaId: request.params.id });
      // The idea's photos: their rows went with it (cascade), their files go now. A failure leaves
      // only files no one can reach, so the idea stays deleted.
      await media
        .deleteAll(ideaMediaPrefix(userId, request.params.id))
        .catch((error: unknown) => request.log.error({ err: error }, 'deleting the photos of an idea failed'));
      return reply.status(204).send(null);
    },
  );
}
