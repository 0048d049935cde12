import {
  type AiProviderProblem,
  transcriptionSettingsResponseSchema,
  transcriptionSettingsUpdateSchema,
  transcriptionTestResponseSchema,
} from '@life-updates/contract/ai-providers';
import { apiErrorSchema } from '@life-updates/contract/errors';
import { pickLocale, translate } from '@life-updates/contract/i18n';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { conflict } from '../../lib/app-error.ts';
import { describeProviderFailure } from '../../providers/ai/provider-connection.ts';
import { transcriptionTimeoutMs } from '../../providers/transcription/create-transcription-provider.ts';
import { TranscriptionError } from '../../providers/transcription/transcription-provider.ts';
import {
  currentTranscriptionProvider,
  getStoredTranscription,
  isTranscriptionFromEnvironment,
  makeTestClip,
  removeStoredTranscription,
  saveStoredTranscription,
} from './transcription-settings.ts';

const tags = ['admin'];

/**
 * What a failed test means to the admin, in the AI provider test's words: by the status the
 * service answered with (401 wrong key, 404 no such model), else by why it did not answer; an
 * answer with no text in it is "answered with an error".
 */
function problemOfTranscription(error: unknown): AiProviderProblem {
  if (error instanceof TranscriptionError && error.kind === 'other' && error.cause === undefined) return 'other';
  if (error instanceof TranscriptionError && error.statusCode !== undefined) {
    return describeProviderFailure({ statusCode: error.statusCode }).problem;
  }
  return describeProviderFailure(error).problem;
}
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema };

/** Settings → Admin → Speech to text, in the admin scope: saved, it serves users at once, on every instance (app.deps.transcription). */
export async function transcriptionSettingsRoutes(app: FastifyInstance) {
  const { db, config, secretBox } = app.deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const describe = async () => {
    const stored = await getStoredTranscription({ db });
    return {
      isFromEnvironment: isTranscriptionFromEnvironment(config),
      settings: stored
        ? { baseUrl: stored.baseUrl, model: stored.model, hasApiKey: stored.apiKeyEncrypted !== null }
        : null,
    };
  };
  const refuseWhenFromEnvironment = () => {
    if (isTranscriptionFromEnvironment(config)) throw conflict('aiProviders.environmentNote');
  };

  typed.get(
    '/transcription',
    { schema: { tags, response: { 200: transcriptionSettingsResponseSchema, ...errors } } },
    describe,
  );

  typed.put(
    '/transcription',
    {
      schema: {
        tags,
        body: transcriptionSettingsUpdateSchema,
        response: { 200: transcriptionSettingsResponseSchema, ...errors },
      },
    },
    async (request) => {
      refuseWhenFromEnvironment();
      await saveStoredTranscription({ db, secretBox, settings: request.body });
      return describe();
    },
  );

  typed.delete(
    '/transcription',
    { schema: { tags, response: { 200: transcriptionSettingsResponseSchema, ...errors } } },
    async () => {
      refuseWhenFromEnvironment();
      await removeStoredTranscription({ db });
      return describe();
    },
  );

  /** Sends a short clip made here to the service users' recordings go to, and times the answer. */
  typed.post(
    '/transcription/test',
    { schema: { tags, response: { 200: transcriptionTestResponseSchema, ...errors } } },
    async (request) => {
      const locale = pickLocale(request.headers['accept-language']);
      const provider = await currentTranscriptionProvider({ db, config, secretBox });
      if (!provider) return { isOk: false as const, message: translate('ideas.recorder.unavailable', locale) };
      const started = performance.now();
      try {
        const text = await provider.transcribe({ audio: makeTestClip(), mimeType: 'audio/wav' });
        return { isOk: true as const, text: text.trim(), milliseconds: Math.round(performance.now() - started) };
      } catch (error) {
        const problem = problemOfTranscription(error);
        const providerMessage = error instanceof TranscriptionError ? error.providerMessage : null;
        return {
          isOk: false as const,
          problem,
          message: translate(`aiProviders.errors.${problem}`, locale, {
            seconds: Math.round(transcriptionTimeoutMs / 1000),
          }),
          ...(providerMessage ? { providerMessage } : {}),
        };
      }
    },
  );
}
