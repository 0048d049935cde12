import { apiErrorSchema } from '@life-updates/contract/errors';
import { shareResponseSchema } from '@life-updates/contract/shares';
import {
  cancelShareResponseSchema,
  generateSummariesRequestSchema,
  summerisListResponseSchema,
  summerisShareResponseSchema,
  updateSummaryRequestSchema,
} from '@life-updates/contract/summeris';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { requireUser } from '../../lib/session.ts';
import { cancelShare, findSummerisShares, generateSummaries, updateContactSummary } from './summaries-service.ts';

const tags = ['summeris'];
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  502: apiErrorSchema,
};
const shareParams = z.object({ id: z.string().max(100) });

/**
 * Per-contact summaries and the Summeris review queue.
 * Approve is POST /api/shares/:id/send (the email pipeline, with the monthly limit).
 */
export async function summariesRoutes(app: FastifyInstance, { db, config }: { db: Database; config: Config }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { generators } = app.deps;

  typed.post(
    '/api/summaries/generate',
    {
      schema: { tags, body: generateSummariesRequestSchema, response: { 200: shareResponseSchema, ...errors } },
      // One text per contact: generation costs money or CPU.
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => ({
      share: await generateSummaries({
        db,
        config,
        generators,
        userId: requireUser(request).id,
        ...request.body,
        log: { error: (details, message) => request.log.error(details, message) },
      }),
    }),
  );

  typed.get('/api/summeris', { schema: { tags, response: { 200: summerisListResponseSchema } } }, async (request) =>
    findSummerisShares({ db, userId: requireUser(request).id }),
  );

  typed.put(
    '/api/summeris/:id/summaries/:contactId',
    {
      schema: {
        tags,
        params: z.object({ id: z.string().max(100), contactId: z.string().max(100) }),
        body: updateSummaryRequestSchema,
        response: { 200: summerisShareResponseSchema, ...errors },
      },
    },
    async (request) => ({
      share: await updateContactSummary({
        db,
        userId: requireUser(request).id,
        shareId: request.params.id,
        contactId: request.params.contactId,
        text: request.body.text,
      }),
    }),
  );

  typed.delete(
    '/api/summeris/:id',
    { schema: { tags, params: shareParams, response: { 200: cancelShareResponseSchema, ...errors } } },
    async (request) => {
      await cancelShare({ db, userId: requireUser(request).id, shareId: request.params.id });
      return { success: true as const };
    },
  );
}
