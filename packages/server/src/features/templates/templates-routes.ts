import { apiErrorSchema } from '@life-updates/contract/errors';
import {
  templateFormSchema,
  templateListResponseSchema,
  templateResponseSchema,
} from '@life-updates/contract/templates';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../lib/session.ts';
import { createTemplate, deleteTemplate, findTemplates, updateTemplate } from './templates-service.ts';

const tags = ['templates'];
const params = z.object({ id: z.string().max(100) });
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** Email-structure templates. */
export async function templatesRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get('/api/templates', { schema: { tags, response: { 200: templateListResponseSchema } } }, async (request) =>
    findTemplates({ db, userId: requireUser(request).id }),
  );

  typed.post(
    '/api/templates',
    { schema: { tags, body: templateFormSchema, response: { 201: templateResponseSchema, ...errors } } },
    async (request, reply) => {
      const template = await createTemplate({ db, userId: requireUser(request).id, form: request.body });
      return reply.status(201).send({ template });
    },
  );

  typed.put(
    '/api/templates/:id',
    { schema: { tags, params, body: templateFormSchema, response: { 200: templateResponseSchema, ...errors } } },
    async (request) => ({
      template: await updateTemplate({
        db,
        userId: requireUser(request).id,
        templateId: request.params.id,
        form: request.body,
      }),
    }),
  );

  typed.delete(
    '/api/templates/:id',
    { schema: { tags, params, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await deleteTemplate({ db, userId: requireUser(request).id, templateId: request.params.id });
      return reply.status(204).send(null);
    },
  );
}
