import {
  aiConfigSchema,
  aiModelsResponseSchema,
  aiSettingsResponseSchema,
  generateRequestSchema,
  generationInputsHeader,
  generationModelHeader,
  voiceSampleRequestSchema,
  voiceSampleResponseSchema,
} from '@life-updates/contract/generation';
import { pickLocale, translate } from '@life-updates/contract/i18n';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import { requireUser } from '../../lib/session.ts';
import { defaultModelOf } from '../../providers/ai/create-text-generators.ts';
import { findOwnIdeas } from '../ideas/ideas-service.ts';
import { z } from 'zod';
import {
  dismissRemovedModelNotice,
  generationEmpty,
  getAiSettings,
  streamGeneratedText,
  toRawIdea,
  updateAiSettings,
} from './generation-service.ts';
import { rememberDraft } from '../sent-texts/sent-texts-service.ts';
import { upsertSettings } from '../settings/settings-service.ts';

/** Generation costs money or CPU: a tighter limit than the API's default. */
const generationRateLimit = { max: 30, timeWindow: '1 minute' };

export async function generationRoutes(app: FastifyInstance) {
  const { db, config, generators, aiModels, media } = app.deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/ai/models',
    { schema: { tags: ['generation'], response: { 200: aiModelsResponseSchema } } },
    async (request) => {
      requireUser(request);
      // Another server process may have had its providers changed by an admin: read them again.
      await aiModels.refresh();
      const locale = pickLocale(request.headers['accept-language']);
      const models = generators.map((generator) => ({
        id: generator.id,
        label:
          generator.label ??
          translate(`generation.models.${generator.id}`, locale, { model: generator.providerModel ?? '' }),
        isAiModel: generator.isAiModel,
        ...(generator.providerModel ? { providerModel: generator.providerModel } : {}),
        ...(generator.isAiModel ? {} : { description: translate('generation.models.offlineNotice', locale) }),
      }));
      return { models, defaultModel: defaultModelOf(generators) };
    },
  );

  typed.get(
    '/api/ai-settings',
    { schema: { tags: ['generation'], response: { 200: aiSettingsResponseSchema } } },
    async (request) => getAiSettings({ db, generators, userId: requireUser(request).id }),
  );

  typed.post(
    '/api/ai-settings/removed-model/dismiss',
    { schema: { tags: ['generation'], response: { 200: z.object({ success: z.literal(true) }) } } },
    async (request) => {
      await dismissRemovedModelNotice({ db, userId: requireUser(request).id });
      return { success: true as const };
    },
  );

  typed.put(
    '/api/ai-settings',
    { schema: { tags: ['generation'], body: aiConfigSchema, response: { 200: aiSettingsResponseSchema } } },
    async (request) => updateAiSettings({ db, generators, userId: requireUser(request).id, settings: request.body }),
  );

  typed.put(
    '/api/voice-sample',
    { schema: { tags: ['generation'], body: voiceSampleRequestSchema, response: { 200: voiceSampleResponseSchema } } },
    async (request) => {
      const { voiceSample } = request.body;
      await upsertSettings({ db, userId: requireUser(request).id, values: { voiceSample } });
      return { voiceSample };
    },
  );

  /**
   * Streams the post as plain text pieces (chunked). Failures before the first piece are the usual
   * JSON error; a failure later cuts the response short, which the client reports as a failure.
   */
  typed.post(
    '/api/generate/stream',
    { schema: { tags: ['generation'], body: generateRequestSchema }, config: { rateLimit: generationRateLimit } },
    async (request, reply) => {
      const userId = requireUser(request).id;
      const ideas = await findOwnIdeas({ db, userId, ideaIds: request.body.ideaIds });
      // The provider call stops when the client goes away (Stop button, closed tab).
      const abortController = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) abortController.abort();
      });
      const { model, given, chunks } = await streamGeneratedText({
        db,
        config,
        generators,
        userId,
        ideas: ideas.map(toRawIdea),
        preferences: request.body.preferences,
        contact: request.body.contact,
        template: request.body.template,
        photos: { ideaIds: request.body.ideaIds, media },
        abortSignal: abortController.signal,
        log: request.log,
      });

      // Wait for real text before committing to a 200, so early failures get a proper status.
      let leading = '';
      for (;;) {
        const next = await chunks.next();
        if (next.done) throw generationEmpty();
        leading += next.value;
        if (leading.trim() !== '') break;
      }
      async function* body() {
        let text = leading.trimStart();
        yield text;
        for await (const piece of chunks) {
          text += piece;
          yield piece;
        }
        // Kept until it is sent, so the sent text can be kept beside what the model first wrote.
        await rememberDraft({ db, userId, ideaIds: request.body.ideaIds, text: text.trim() });
      }
      return reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-accel-buffering', 'no')
        .header(generationModelHeader, model)
        .header(generationInputsHeader, JSON.stringify(given))
        .send(Readable.from(body(), { objectMode: false }));
    },
  );
}
