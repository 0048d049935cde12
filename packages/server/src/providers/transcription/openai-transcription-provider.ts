import type { AcceptedAudioType } from '@life-updates/contract/ideas';
import { TranscriptionError, type TranscriptionProvider, type TranscriptionRequest } from './transcription-provider.ts';

export const defaultTranscriptionTimeoutMs = 120_000;
const maxProviderMessageLength = 500;

/** The file name tells OpenAI-compatible servers the container format. */
const fileNames: Record<AcceptedAudioType, string> = {
  'audio/webm': 'recording.webm',
  'audio/ogg': 'recording.ogg',
  'audio/mp4': 'recording.mp4',
  'audio/wav': 'recording.wav',
  'audio/mpeg': 'recording.mp3',
};

function readErrorMessage(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const error = (body as { error?: unknown }).error;
  const message = typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : undefined;
  if (typeof message !== 'string' || message.trim() === '') return null;
  return message.trim().slice(0, maxProviderMessageLength);
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
  const timeoutMs = options.timeoutMs ?? defaultTranscriptionTimeoutMs;

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
        throw new TranscriptionError(`transcription provider answered ${response.status}`, {
          kind: 'http',
          status: response.status,
          providerMessage: readErrorMessage(body),
        });
      }
      const text = typeof body === 'object' && body !== null ? (body as { text?: unknown }).text : undefined;
      if (typeof text !== 'string') {
        throw new TranscriptionError('transcription answer has no text', { kind: 'other', status: response.status });
      }
      return text;
    },
  };
}
