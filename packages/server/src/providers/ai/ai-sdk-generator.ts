import type { LanguageModel } from 'ai';
import { createStreamingMarkdownStripper, stripMarkdown } from './strip-markdown.ts';
import {
  TextGenerationAbortedError,
  TextGenerationError,
  type TextGenerationRequest,
  type TextGenerator,
} from './text-generator.ts';

/** Two retries on 408, 409, 429 and 5xx, with back-off that respects retry-after. */
export const generationMaxRetries = 2;
/**
 * A whole generation, retries included, may take this long before it is abandoned: ten minutes,
 * so slow or local models can write a long post (700–1200 words) while it streams to the browser.
 */
export const defaultGenerationTimeoutMs = 600_000;

export type AiSdkGeneratorOptions = {
  id: string;
  providerModel: string;
  /**
   * The model, or a function that loads its provider SDK and makes it: the SDKs (and the AI SDK
   * itself) are then loaded at the first generation, not at start-up (docs/benchmarks.md, memory).
   */
  model: LanguageModel | (() => Promise<LanguageModel>);
  /** Claude's output loses its markdown. */
  shouldStripMarkdown?: boolean;
  /** The provider's highest temperature (Claude takes 0–1, the settings allow 0–2). */
  maxTemperature?: number;
  timeoutMs?: number;
};

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  if (signal?.aborted) return true;
  return error instanceof Error && error.name === 'AbortError';
}

function toFailure(error: unknown, signal: AbortSignal | undefined): Error {
  if (isAbort(error, signal)) return new TextGenerationAbortedError('aborted', { cause: error });
  return new TextGenerationError('text generation failed', { cause: error });
}

/** A generator over any AI SDK language model (OpenAI chat, OpenAI-compatible servers, Claude). */
export function createAiSdkGenerator(options: AiSdkGeneratorOptions): TextGenerator {
  const timeout = options.timeoutMs ?? defaultGenerationTimeoutMs;
  let model: Promise<LanguageModel> | undefined;
  const loadModel = () =>
    (model ??= typeof options.model === 'function' ? options.model() : Promise.resolve(options.model));
  const callSettings = async (request: TextGenerationRequest) => ({
    model: await loadModel(),
    system: request.system,
    prompt: request.prompt,
    temperature: Math.min(request.temperature, options.maxTemperature ?? Number.POSITIVE_INFINITY),
    maxOutputTokens: request.maxOutputTokens,
    maxRetries: generationMaxRetries,
    timeout,
    ...(request.abortSignal ? { abortSignal: request.abortSignal } : {}),
  });

  return {
    id: options.id,
    isAiModel: true,
    providerModel: options.providerModel,

    async *streamText(request) {
      // streamText does not throw: failures arrive as error parts and through onError.
      let failure: unknown;
      const [{ streamText }, settings] = await Promise.all([import('ai'), callSettings(request)]);
      const result = streamText({
        ...settings,
        onError: ({ error }) => {
          failure ??= error;
        },
      });
      const stripper = options.shouldStripMarkdown ? createStreamingMarkdownStripper() : undefined;
      try {
        for await (const part of result.fullStream) {
          if (part.type === 'text-delta') {
            const text = stripper ? stripper.push(part.text) : part.text;
            if (text !== '') yield text;
          } else if (part.type === 'error') {
            failure ??= part.error;
            break;
          } else if (part.type === 'abort') {
            throw new TextGenerationAbortedError('aborted');
          }
        }
      } catch (error) {
        if (error instanceof TextGenerationAbortedError) throw error;
        throw toFailure(error, request.abortSignal);
      }
      if (failure !== undefined) throw toFailure(failure, request.abortSignal);
      const rest = stripper?.flush();
      if (rest) yield rest;
    },

    async generateText(request) {
      try {
        const [{ generateText }, settings] = await Promise.all([import('ai'), callSettings(request)]);
        const result = await generateText(settings);
        return options.shouldStripMarkdown ? stripMarkdown(result.text) : result.text;
      } catch (error) {
        throw toFailure(error, request.abortSignal);
      }
    },
  };
}
