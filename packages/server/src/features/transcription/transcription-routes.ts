import multipart from '@fastify/multipart';
import {
  acceptedAudioTypes,
  maxAudioBytes,
  normaliseAudioType,
  transcriptionResultSchema,
  transcriptionStatusSchema,
} from '@life-updates/contract/ideas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, badRequest } from '../../lib/app-error.ts';
import { requireUser } from '../../lib/session.ts';
import { transcribeAudio, transcriptionUnavailable } from './transcription-service.ts';

const tags = ['transcription'];

/** Reads the one uploaded recording, checking its type and size. */
async function readRecording(request: FastifyRequest) {
  const noAudio = () => badRequest('ideas.recorder.noAudio');
  if (!request.isMultipart()) throw noAudio();
  try {
    const part = await request.file();
    if (!part) throw noAudio();
    const mimeType = normaliseAudioType(part.mimetype);
    if (!mimeType) {
      part.file.resume();
      throw new AppError({ status: 415, code: 'UNSUPPORTED_AUDIO_TYPE', message: 'ideas.recorder.unsupportedAudio' });
    }
    const audio = await part.toBuffer();
    if (audio.length === 0) throw noAudio();
    return { audio, mimeType };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof request.server.multipartErrors.RequestFileTooLargeError) {
      throw new AppError({ status: 413, code: 'AUDIO_TOO_LARGE', message: 'ideas.recorder.audioTooLarge' });
    }
    // A malformed or cut-off upload is the client's problem, not a server failure.
    request.log.info({ err: error }, 'unreadable transcription upload');
    throw noAudio();
  }
}

/**
 * Speech to text through the server (no provider key reaches the browser).
 * Multipart is registered in this plugin's scope only.
 */
export async function transcriptionRoutes(app: FastifyInstance) {
  // Read at each request: an admin may set speech to text up (Settings → Admin) while the server runs.
  const currentProvider = app.deps.transcription;
  await app.register(multipart, { limits: { fileSize: maxAudioBytes, files: 1, fields: 10, parts: 20 } });
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/transcription/status',
    { config: { isPublic: true }, schema: { tags, response: { 200: transcriptionStatusSchema } } },
    async () => ({
      available: (await currentProvider()) !== null,
    }),
  );

  typed.post(
    '/api/transcription',
    {
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        description: `Multipart form data with the recording in the field "file" (${acceptedAudioTypes.join(', ')}; at most 25 MB). Answers { text }.`,
        response: { 200: transcriptionResultSchema },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => {
      requireUser(request);
      const provider = await currentProvider();
      if (!provider) throw transcriptionUnavailable();
      const { audio, mimeType } = await readRecording(request);
      return { text: await transcribeAudio({ provider, audio, mimeType, log: request.log }) };
    },
  );
}
