import type { Config } from '../../config.ts';
import { createOpenAiTranscriptionProvider } from './openai-transcription-provider.ts';
import type { TranscriptionProvider } from './transcription-provider.ts';

export const defaultOpenAiBaseUrl = 'https://api.openai.com/v1';

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
