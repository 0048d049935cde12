import { voiceLearningSchema, voiceLearningUpdateSchema } from '@life-updates/contract/sent-texts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../lib/session.ts';
import { forgetSentTexts, getVoiceLearning, setVoiceLearning } from './sent-texts-service.ts';

const tags = ['generation'];

/** Settings → Your Voice: "Learning from your last N updates", its switch, and "Forget what was learned". */
export async function sentTextsRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get('/api/voice-learning', { schema: { tags, response: { 200: voiceLearningSchema } } }, async (request) =>
    getVoiceLearning({ db, userId: requireUser(request).id }),
  );
  typed.put(
    '/api/voice-learning',
    { schema: { tags, body: voiceLearningUpdateSchema, response: { 200: voiceLearningSchema } } },
    async (request) => setVoiceLearning({ db, userId: requireUser(request).id, isOn: request.body.isOn }),
  );
  typed.delete('/api/voice-learning', { schema: { tags, response: { 200: voiceLearningSchema } } }, async (request) =>
    forgetSentTexts({ db, userId: requireUser(request).id }),
  );
}
