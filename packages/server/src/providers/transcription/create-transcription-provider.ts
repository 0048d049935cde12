import type { AcceptedAudioType } from '@life-updates/contract/ideas';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { TranscriptionError, type TranscriptionProvider, type TranscriptionRequest } from './transcription-provider.ts';

const defaultOpenAiBaseUrl = 'https://api.openai.com/v1';
/** How long a transcription may take: a long recording on a slow server takes a while. */
export const transcriptionTimeoutMs = 120_000;
const maxProviderMessageLength = 500;

/** The file name tells OpenAI-compatible servers the container format. */
const fileNames: Record<AcceptedAudioType, string> = {
  'audio/webm': 'recording.webm',
  'audio/ogg': 'recording.ogg',
  'audio/mp4': 'recording.mp4',
  'audio/wav': 'recording.wav',
  'audio/mpeg': 'recording.mp3',
};

const answerSchema = z.object({ text: z.string() });
const errorAnswerSchema = z.object({ error: z.object({ message: z.string().trim().min(1) }) });

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
};

type TranscriptionConfig = Pick<
  Config,
  'TRANSCRIPTION_BASE_URL' | 'TRANSCRIPTION_API_KEY' | 'TRANSCRIPTION_MODEL' | 'OPENAI_BASE_URL' | 'OPENAI_API_KEY'
>;

/**
 * Where speech to text goes, or null when nothing is configured:
 * TRANSCRIPTION_* first, falling back to the OPENAI_* base URL and key. The OpenAI key is only
 * sent to the OpenAI base URL's own origin, never to a separately configured transcription server.
 */
export function resolveTranscriptionSettings(config: TranscriptionConfig) {
  const isConfigured = Boolean(
    config.TRANSCRIPTION_BASE_URL || config.TRANSCRIPTION_API_KEY || config.OPENAI_BASE_URL || config.OPENAI_API_KEY,
  );
  if (!isConfigured) return null;
  const openAiBaseUrl = config.OPENAI_BASE_URL ?? defaultOpenAiBaseUrl;
  const baseUrl = config.TRANSCRIPTION_BASE_URL ?? openAiBaseUrl;
  const canUseOpenAiKey = originOf(baseUrl) === originOf(openAiBaseUrl);
  const apiKey = config.TRANSCRIPTION_API_KEY ?? (canUseOpenAiKey ? config.OPENAI_API_KEY : undefined);
  return { baseUrl, apiKey, model: config.TRANSCRIPTION_MODEL };
}

export function createTranscriptionProvider(config: TranscriptionConfig): TranscriptionProvider | null {
  const settings = resolveTranscriptionSettings(config);
  return settings ? createOpenAiTranscriptionProvider(settings) : null;
}

/**
 * OpenAI's `POST {base}/audio/transcriptions` (Whisper), also spoken by local whisper servers:
 * multipart form data with `file` and `model`; the answer is `{ text }` or `{ error: { message } }`.
 */
export function createOpenAiTranscriptionProvider(options: {
  baseUrl: string;
  apiKey?: string | undefined;
  model: string;
  timeoutMs?: number;
}): TranscriptionProvider {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/audio/transcriptions`;
  const timeoutMs = options.timeoutMs ?? transcriptionTimeoutMs;

  return {
    async transcribe({ audio, mimeType }: TranscriptionRequest): Promise<string> {
      const form = new FormData();
      form.append('file', new Blob([Uint8Array.from(audio)], { type: mimeType }), fileNames[mimeType]);
      form.append('model', options.model);
      const headers: Record<string, string> = { accept: 'application/json' };
      if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;

      let response: Response;
      let raw: string;
      try {
        response = await fetch(url, { method: 'POST', headers, body: form, signal: AbortSignal.timeout(timeoutMs) });
        raw = await response.text();
      } catch (cause) {
        throw new TranscriptionError('transcription request failed', { kind: 'other', cause });
      }
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        body = undefined;
      }
      if (!response.ok) {
        const providerMessage = errorAnswerSchema.safeParse(body).data?.error.message;
        throw new TranscriptionError(`transcription provider answered ${response.status}`, {
          kind: 'http',
          statusCode: response.status,
          providerMessage: providerMessage?.slice(0, maxProviderMessageLength),
        });
      }
      const answer = answerSchema.safeParse(body);
      if (!answer.success) throw new TranscriptionError('transcription answer has no text', { kind: 'other' });
      return answer.data.text;
    },
  };
}
