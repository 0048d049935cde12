import {
  emailSettingsResponseSchema,
  emailSettingsUpdateSchema,
  emailTransportInfoSchema,
  outboxPageSchema,
  outboxQuerySchema,
  testEmailRequestSchema,
  testEmailResponseSchema,
} from '@life-updates/contract/email';
import { apiErrorSchema } from '@life-updates/contract/errors';
import { pickLocale, translate } from '@life-updates/contract/i18n';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { requireUser } from '../../lib/session.ts';
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

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

/** Settings → Email, the test email and the outbox. */
export async function emailRoutes(app: FastifyInstance) {
  const { db, config, secretBox, mailer } = app.deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/email-settings',
    { schema: { tags: ['email'], response: { 200: emailSettingsResponseSchema, 401: apiErrorSchema } } },
    async (request) => {
      return getEmailSettings({ db, config, publicAddress: app.publicAddress, userId: requireUser(request).id });
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
        return await saveEmailSettings({
          db,
          config,
          publicAddress: app.publicAddress,
          secretBox,
          userId,
          update: request.body,
        });
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
      return removeEmailApiKey({ db, config, publicAddress: app.publicAddress, userId: requireUser(request).id });
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
        sender = await resolveSender({ db, config, secretBox, serverTransport: mailer, userId });
        const { locale } = sender;
        const rendered = renderEmail({
          body: translate('email.test.body', locale),
          senderName: sender.senderName,
          locale,
        });
        await sender.transport.send({
          from: sender.from,
          fromName: sender.senderName,
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
      return getTransportInfo({ db, userId: requireUser(request).id, serverTransport: mailer });
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
}
