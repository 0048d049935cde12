import type { AcceptedAudioType } from '@life-updates/contract/ideas';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import {
  TranscriptionError,
  type TranscriptionProvider,
} from '../../providers/transcription/transcription-provider.ts';

export const transcriptionUnavailable = () =>
  new AppError({ status: 503, code: 'TRANSCRIPTION_UNAVAILABLE', message: 'ideas.recorder.unavailable' });

/**
 * Speech to text with these error rules: a provider's
 * HTTP failure shows its own message, else "Error transcribing audio"; any other failure is
 * "Failed to transcribe audio"; an empty result is "No speech detected. Please try again."
 */
export async function transcribeAudio({
  provider,
  audio,
  mimeType,
  log,
}: {
  provider: TranscriptionProvider | null;
  audio: Uint8Array;
  mimeType: AcceptedAudioType;
  log: FastifyBaseLogger;
}): Promise<string> {
  if (!provider) throw transcriptionUnavailable();
  let text: string;
  try {
    text = await provider.transcribe({ audio, mimeType });
  } catch (error) {
    log.warn({ err: error }, 'transcription failed');
    if (error instanceof TranscriptionError && error.kind === 'http') {
      throw new AppError({
        status: 502,
        code: 'TRANSCRIPTION_FAILED',
        message: error.providerMessage ?? 'ideas.recorder.errorTranscribing',
      });
    }
    throw new AppError({ status: 502, code: 'TRANSCRIPTION_FAILED', message: 'ideas.recorder.failedToTranscribe' });
  }
  const trimmed = text.trim();
  if (trimmed === '') throw new AppError({ status: 422, code: 'NO_SPEECH', message: 'ideas.recorder.noSpeech' });
  return trimmed;
}
