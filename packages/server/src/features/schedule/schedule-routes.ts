import { apiErrorSchema } from '@life-updates/contract/errors';
import { pickLocale, translate } from '@life-updates/contract/i18n';
import {
  scheduleResponseSchema,
  scheduleSaveResponseSchema,
  scheduleUpdateSchema,
} from '@life-updates/contract/schedule';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../lib/session.ts';
import { getSchedule, saveSchedule } from './schedule-service.ts';

/** Settings → Scheduling. */
export async function scheduleRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/schedule',
    { schema: { tags: ['schedule'], response: { 200: scheduleResponseSchema, 401: apiErrorSchema } } },
    async (request) => getSchedule({ db, userId: requireUser(request).id, now: new Date() }),
  );

  typed.put(
    '/api/schedule',
    {
      schema: {
        tags: ['schedule'],
        body: scheduleUpdateSchema,
        response: { 200: scheduleSaveResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const saved = await saveSchedule({ db, userId: requireUser(request).id, update: request.body, now: new Date() });
      return { ...saved, message: translate('schedule.saved', pickLocale(request.headers['accept-language'])) };
    },
  );
}
