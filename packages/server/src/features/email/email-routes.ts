import {
  emailSettingsResponseSchema,
  emailSettingsUpdateSchema,
  emailTransportInfoSchema,
  outboxPageSchema,
  outboxQuerySchema,
  retryFailedResponseSchema,
  sendResultSchema,
  sendShareRequestSchema,
  shareDeliveriesResponseSchema,
  testEmailRequestSchema,
  testEmailResponseSchema,
} from '@life-updates/contract/email';
import { apiErrorSchema } from '@life-updates/contract/errors';
import { emailShareTextRequestSchema, emailShareTextResultSchema } from '@life-updates/contract/shares';
import { pickLocale, translate, type Locale } from '@life-updates/contract/i18n';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { requireUser } from '../../lib/session.ts';
import {
  emailShareText,
  findShareDeliveries,
  retryFailedDeliveries,
  sendExistingShare,
  type SendShareOutcome,
} from './delivery-service.ts';
import {
  EmailSettingsValidationError,
  getEmailSettings,
  getTransportInfo,
  removeEmailApiKey,
  resolveSender,
  saveEmailSettings,
  type Sender,
} from './email-settings-service.ts';
import { findOutboxMessages } from './outbox-service.ts';
import { renderEmail } from './render-email.ts';

const shareParams = z.object({ id: z.string().max(100) });
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

/** Settings → Email, the test email, the outbox, and sending / following a share's deliveries. */
/** What a send answers besides the share and its deliveries: the outcome, notices in the user's language. */
function describeSend(outcome: Omit<SendShareOutcome, 'shareId'>, locale: Locale) {
  return {
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

export async function emailRoutes(app: FastifyInstance, { db }: { db: Database }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { config, secretBox } = app.deps;

  typed.get(
    '/api/email-settings',
    { schema: { tags: ['email'], response: { 200: emailSettingsResponseSchema, 401: apiErrorSchema } } },
    async (request) => {
      return getEmailSettings({ db, config, userId: requireUser(request).id });
    },
  );

  typed.put(
    '/api/email-settings',
    {
      schema: {
        tags: ['email'],
        body: emailSettingsUpdateSchema,
        response: { 200: emailSettingsResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const userId = requireUser(request).id;
      try {
        return await saveEmailSettings({ db, config, secretBox, userId, update: request.body });
      } catch (error) {
        if (!(error instanceof EmailSettingsValidationError)) throw error;
        // The messages name the provider, so they are translated here with their values.
        const locale = pickLocale(request.headers['accept-language']);
        const fields: Record<string, string> = {};
        for (const issue of error.issues) fields[issue.field] ??= translate(issue.key, locale, issue.values);
        return reply.status(400).send({ code: 'VALIDATION_FAILED', message: Object.values(fields)[0]!, fields });
      }
    },
  );

  typed.delete(
    '/api/email-settings/api-key',
    { schema: { tags: ['email'], response: { 200: emailSettingsResponseSchema, 401: apiErrorSchema } } },
    async (request) => {
      return removeEmailApiKey({ db, config, userId: requireUser(request).id });
    },
  );

  typed.post(
    '/api/email-settings/test',
    {
      schema: {
        tags: ['email'],
        body: testEmailRequestSchema,
        response: { 200: testEmailResponseSchema, ...errors, 502: apiErrorSchema },
      },
      config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
    },
    async (request) => {
      const userId = requireUser(request).id;
      let sender: Sender | undefined;
      try {
        sender = await resolveSender({ db, config, secretBox, serverTransport: app.deps.mailer, userId });
        const { locale } = sender;
        const rendered = renderEmail({
          body: translate('email.test.body', locale),
          senderName: sender.senderName,
          locale,
        });
        await sender.transport.send({
          from: sender.from,
          fromName: sender.fromName,
          to: request.body.to,
          replyTo: sender.replyTo,
          subject: translate('email.test.subject', locale),
          text: rendered.text,
          html: rendered.html,
          userId,
        });
      } catch (error) {
        request.log.warn({ err: error, transport: sender?.transport.kind }, 'test email failed');
        throw new AppError({ status: 502, code: 'TEST_EMAIL_FAILED', message: 'email.test.failed' });
      } finally {
        if (sender?.isUserTransport) await sender.transport.close();
      }
      const requestLocale = pickLocale(request.headers['accept-language']);
      return {
        success: true as const,
        message: translate('email.test.sent', requestLocale, { email: request.body.to }),
      };
    },
  );

  typed.get(
    '/api/email/transport',
    { schema: { tags: ['email'], response: { 200: emailTransportInfoSchema, 401: apiErrorSchema } } },
    async (request) => {
      return getTransportInfo({ db, userId: requireUser(request).id, serverTransport: app.deps.mailer });
    },
  );

  typed.get(
    '/api/outbox',
    {
      schema: {
        tags: ['email'],
        querystring: outboxQuerySchema,
        response: { 200: outboxPageSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      return findOutboxMessages({ db, userId: requireUser(request).id, ...request.query });
    },
  );

  typed.post(
    '/api/shares/:id/send',
    {
      schema: {
        tags: ['email'],
        params: shareParams,
        body: sendShareRequestSchema,
        response: { 200: sendResultSchema, ...errors },
      },
    },
    async (request) => {
      const userId = requireUser(request).id;
      const shareId = request.params.id;
      const { contactIds, bodies, subject, method } = request.body;
      const outcome = await sendExistingShare({
        db,
        jobs: app.deps.jobs,
        userId,
        shareId,
        contactIds,
        bodies,
        subject,
        method,
      });
      return {
        shareId,
        ...describeSend(outcome, pickLocale(request.headers['accept-language'])),
        deliveries: await findShareDeliveries({ db, userId, shareId }),
      };
    },
  );

  typed.post(
    '/api/shares/email',
    {
      schema: {
        tags: ['email'],
        body: emailShareTextRequestSchema,
        response: { 200: emailShareTextResultSchema, ...errors },
      },
    },
    async (request) => {
      const userId = requireUser(request).id;
      const outcome = await emailShareText({ db, jobs: app.deps.jobs, userId, ...request.body });
      const { shareId } = outcome;
      return {
        shareId,
        ...describeSend(outcome, pickLocale(request.headers['accept-language'])),
        deliveries: shareId ? await findShareDeliveries({ db, userId, shareId }) : null,
      };
    },
  );

  typed.post(
    '/api/shares/:id/retry-failed',
    { schema: { tags: ['email'], params: shareParams, response: { 200: retryFailedResponseSchema, ...errors } } },
    async (request) => {
      const userId = requireUser(request).id;
      const requeued = await retryFailedDeliveries({ db, jobs: app.deps.jobs, userId, shareId: request.params.id });
      return { requeued, deliveries: await findShareDeliveries({ db, userId, shareId: request.params.id }) };
    },
  );

  typed.get(
    '/api/shares/:id/deliveries',
    {
      schema: {
        tags: ['email'],
        params: shareParams,
        response: { 200: shareDeliveriesResponseSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      return findShareDeliveries({ db, userId: requireUser(request).id, shareId: request.params.id });
    },
  );
}
