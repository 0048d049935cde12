import { pickLocale, translate } from '@life-updates/contract/i18n';
import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, databaseFailed, diskFull } from '../lib/app-error.ts';
import { isDiskFullError } from '../lib/disk-space.ts';

/**
 * One error shape on the wire for the whole app, `{ code, message, fields? }`, in the request's
 * language: an AppError as it says, a schema failure per field, 4xx passed through, 5xx hidden and logged.
 */
export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      const locale = pickLocale(request.headers['accept-language']);
      if (error instanceof AppError) {
        const fields = error.fields
          ? Object.fromEntries(Object.entries(error.fields).map(([field, key]) => [field, translate(key, locale)]))
          : undefined;
        return reply
          .status(error.status)
          .send({ code: error.code, message: translate(error.message, locale, error.values), fields });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const fields: Record<string, string> = {};
        for (const issue of error.validation) {
          const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
          fields[field] ??= translate(issue.message ?? 'validation.invalidInput', locale);
        }
        const message = Object.values(fields)[0] ?? translate('validation.invalidInput', locale);
        return reply.status(400).send({ code: 'VALIDATION_FAILED', message, fields });
      }
      const status = error.statusCode ?? 500;
      if (status === 429) {
        return reply.status(429).send({ code: 'RATE_LIMITED', message: translate('errors.rateLimited', locale) });
      }
      // Past the body limit (1 MiB, or a route's own): Fastify's own English words otherwise.
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        return reply.status(413).send({ code: 'BODY_TOO_LARGE', message: translate('errors.bodyTooLarge', locale) });
      }
      if (status >= 400 && status < 500) {
        return reply.status(status).send({ code: error.code ?? 'BAD_REQUEST', message: error.message });
      }
      // Once the embedded database has failed, nothing works until the restart: say so, not "internal".
      if (app.deps.database.fatalError) {
        const failed = databaseFailed();
        return reply.status(failed.status).send({ code: failed.code, message: translate(failed.message, locale) });
      }
      // No room on the disk (DISK_FREE_MARGIN_MB=0, or the margin used up): the margin's answer.
      if (isDiskFullError(error)) {
        request.log.warn({ err: error, requestId: request.id }, 'a write failed: the disk is full');
        const full = diskFull();
        return reply.status(full.status).send({ code: full.code, message: translate(full.message, locale) });
      }
      request.log.error({ err: error, requestId: request.id }, 'request failed');
      return reply.status(500).send({ code: 'INTERNAL', message: translate('errors.internal', locale) });
    });
  },
  { name: 'errors', decorators: { fastify: ['deps'] } },
);
