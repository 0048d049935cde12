import { contactUsFormSchema, contactUsInfoSchema, contactUsResponseSchema } from '@life-updates/contract/email';
import { apiErrorSchema } from '@life-updates/contract/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { submitContactMessage } from './contact-us-service.ts';

/** Contact Us is public: anyone may write, at most 5 messages per 10 minutes per IP. */
export async function contactUsRoutes(app: FastifyInstance) {
  const { db, config, mailer } = app.deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    '/api/contact-us',
    {
      schema: {
        tags: ['contact-us'],
        body: contactUsFormSchema,
        response: { 200: contactUsResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
      config: { isPublic: true, rateLimit: { max: 5, timeWindow: '10 minutes' } },
    },
    async (request) => {
      await submitContactMessage({
        db,
        config,
        mailer,
        log: request.log,
        userId: request.sessionUser?.id ?? null,
        form: request.body,
      });
      return { success: true as const };
    },
  );

  typed.get(
    '/api/contact-us/info',
    { config: { isPublic: true }, schema: { tags: ['contact-us'], response: { 200: contactUsInfoSchema } } },
    async () => ({ supportEmail: config.SUPPORT_EMAIL }),
  );
}
