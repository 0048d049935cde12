import { apiErrorSchema } from '@life-updates/contract/errors';
import { pickLocale, translate, type Locale } from '@life-updates/contract/i18n';
import {
  approveShareTextRequestSchema,
  cancelShareResponseSchema,
  generateShareRequestSchema,
  retryFailedResponseSchema,
  sendResultSchema,
  sendShareRequestSchema,
  sendShareTextRequestSchema,
  shareDeliveriesResponseSchema,
  saveShareTextRequestSchema,
  shareForIdeaResponseSchema,
  shareListQuerySchema,
  shareListResponseSchema,
  shareResponseSchema,
  shareReviewResponseSchema,
  shareWithContactsResponseSchema,
  updateShareTextRequestSchema,
} from '@life-updates/contract/shares';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../lib/session.ts';
import { findShareDeliveries } from './delivery/deliveries.ts';
import {
  destinationsOf,
  retryFailedDeliveries,
  sendShare,
  sendShareText,
  unscheduleShare,
  type SendShareOutcome,
} from './delivery/send.ts';
import { generateShare } from './generate-share.ts';
import { findShares, findSharesForReview, getShareForIdea } from './shares-queries.ts';
import { cancelShare, getOwnShare, storeShareTextOfIdeas, updateShareText } from './shares-service.ts';

const tags = ['shares'];
const shareParams = z.object({ id: z.string().max(100) });
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

/** What a send answers besides the share and its deliveries: the outcome, notices in the user's language. */
function describeSend(outcome: SendShareOutcome, locale: Locale) {
  return {
    shareId: outcome.shareId,
    outcome: outcome.outcome,
    queued: outcome.queued,
    skipped: outcome.skipped,
    skippedUnsubscribed: outcome.skippedUnsubscribed,
    skippedBouncing: outcome.skippedBouncing,
    ...(outcome.skippedUnsubscribed + outcome.skippedBouncing > 0
      ? {
          skippedNotice: translate('recipients.skippedNotice', locale, {
            count: outcome.skippedUnsubscribed + outcome.skippedBouncing,
            unsubscribed: outcome.skippedUnsubscribed,
            bouncing: outcome.skippedBouncing,
          }),
        }
      : {}),
    ...(outcome.messageKey ? { message: translate(outcome.messageKey, locale) } : {}),
    ...(outcome.warningKey ? { warning: translate(outcome.warningKey, locale) } : {}),
  };
}

/**
 * Every share route: Create Content's saves, per-contact texts and the Summeris review queue, and
 * sending a share to its destinations on every channel (with the monthly limit). Every call is
 * scoped to the session's user.
 */
export async function sharesRoutes(app: FastifyInstance) {
  const { db, config, generators, channels, jobs, media } = app.deps;
  const localeOf = (request: FastifyRequest) => pickLocale(request.headers['accept-language']);
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/shares',
    { schema: { tags, querystring: shareListQuerySchema, response: { 200: shareListResponseSchema } } },
    async (request) => ({
      shares: await findShares({ db, userId: requireUser(request).id, statuses: request.query.status }),
    }),
  );

  typed.get(
    '/api/shares/for-idea/:ideaId',
    {
      schema: {
        tags,
        params: z.object({ ideaId: z.uuid('validation.invalidInput') }),
        response: { 200: shareForIdeaResponseSchema },
      },
    },
    async (request) => ({
      share: await getShareForIdea({ db, userId: requireUser(request).id, ideaId: request.params.ideaId }),
    }),
  );

  typed.post(
    '/api/shares/save-for-later',
    {
      schema: {
        tags,
        summary: 'Create Content → Save for later: keeps the text; the ideas go to Later. Sends nothing.',
        body: saveShareTextRequestSchema,
        response: { 200: shareResponseSchema },
      },
    },
    async (request) => ({
      share: await storeShareTextOfIdeas({
        db,
        userId: requireUser(request).id,
        ...request.body,
        status: 'saved_for_later',
      }),
    }),
  );

  typed.post(
    '/api/shares/approve',
    {
      schema: {
        tags,
        // "Approve" here is Create Content's "Approve & Finish"; Summeris' Approve is the send route.
        summary:
          'Create Content → Approve & Finish: keeps the text and recipients, marks the ideas Ready (approved) and their unsent shares approved. Sends nothing.',
        body: approveShareTextRequestSchema,
        response: { 200: shareResponseSchema },
      },
    },
    async (request) => ({
      share: await storeShareTextOfIdeas({ db, userId: requireUser(request).id, ...request.body, status: 'approved' }),
    }),
  );

  typed.post(
    '/api/shares/generate',
    {
      schema: {
        tags,
        body: generateShareRequestSchema,
        response: { 200: shareResponseSchema, ...errors, 502: apiErrorSchema },
      },
      // One text per contact: generation costs money or CPU.
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => ({
      share: await generateShare({
        db,
        config,
        generators,
        userId: requireUser(request).id,
        ...request.body,
        media,
        log: request.log,
      }),
    }),
  );

  typed.get('/api/shares/review', { schema: { tags, response: { 200: shareReviewResponseSchema } } }, async (request) =>
    findSharesForReview({ db, userId: requireUser(request).id, locale: localeOf(request) }),
  );

  typed.put(
    '/api/shares/:id/texts/:contactId',
    {
      schema: {
        tags,
        params: z.object({ id: z.string().max(100), contactId: z.string().max(100) }),
        body: updateShareTextRequestSchema,
        response: { 200: shareWithContactsResponseSchema, ...errors },
      },
    },
    async (request) => ({
      share: await updateShareText({
        db,
        userId: requireUser(request).id,
        shareId: request.params.id,
        contactId: request.params.contactId,
        text: request.body.text,
        locale: localeOf(request),
      }),
    }),
  );

  typed.delete(
    '/api/shares/:id',
    { schema: { tags, params: shareParams, response: { 200: cancelShareResponseSchema, ...errors } } },
    async (request) => {
      await cancelShare({ db, userId: requireUser(request).id, shareId: request.params.id });
      return { success: true as const };
    },
  );

  typed.post(
    '/api/shares/:id/send',
    {
      schema: {
        tags,
        summary: 'Summeris → Approve: sends the share to its destinations now, or schedules it (sendAt).',
        params: shareParams,
        body: sendShareRequestSchema,
        response: { 200: sendResultSchema, ...errors },
      },
    },
    async (request) => {
      const userId = requireUser(request).id;
      const shareId = request.params.id;
      const { destinations, ...send } = request.body;
      const share = await getOwnShare({ db, userId, shareId });
      const outcome = await sendShare({
        db,
        jobs,
        channels,
        userId,
        shareId,
        destinations: destinationsOf(destinations, share),
        ...send,
        log: request.log,
      });
      const locale = localeOf(request);
      return {
        ...describeSend(outcome, locale),
        deliveries: await findShareDeliveries({ db, userId, shareId, locale }),
      };
    },
  );

  typed.post(
    '/api/shares/send',
    { schema: { tags, body: sendShareTextRequestSchema, response: { 200: sendResultSchema, ...errors } } },
    async (request) => {
      const userId = requireUser(request).id;
      const outcome = await sendShareText({ db, jobs, channels, userId, ...request.body, log: request.log });
      const { shareId } = outcome;
      const locale = localeOf(request);
      return {
        ...describeSend(outcome, locale),
        deliveries: shareId ? await findShareDeliveries({ db, userId, shareId, locale }) : null,
      };
    },
  );

  typed.post(
    '/api/shares/:id/unschedule',
    { schema: { tags, params: shareParams, response: { 200: shareResponseSchema, ...errors } } },
    async (request) => ({
      share: await unscheduleShare({ db, userId: requireUser(request).id, shareId: request.params.id }),
    }),
  );

  typed.post(
    '/api/shares/:id/retry-failed',
    { schema: { tags, params: shareParams, response: { 200: retryFailedResponseSchema, ...errors } } },
    async (request) => {
      const userId = requireUser(request).id;
      const shareId = request.params.id;
      const requeued = await retryFailedDeliveries({ db, jobs, userId, shareId });
      return { requeued, deliveries: await findShareDeliveries({ db, userId, shareId, locale: localeOf(request) }) };
    },
  );

  typed.get(
    '/api/shares/:id/deliveries',
    {
      schema: {
        tags,
        params: shareParams,
        response: { 200: shareDeliveriesResponseSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) =>
      findShareDeliveries({
        db,
        userId: requireUser(request).id,
        shareId: request.params.id,
        locale: localeOf(request),
      }),
  );
}
