import type { FilePart, LanguageModel, ModelMessage } from 'ai';
import { isImageRefusal } from './image-input.ts';
import { createStreamingMarkdownStripper, stripMarkdown } from './strip-markdown.ts';
import {
  TextGenerationAbortedError,
  TextGenerationError,
  type PromptPhotoPart,
  type TextGenerationRequest,
  type TextGenerator,
} from './text-generator.ts';

type ProviderOptions = NonNullable<FilePart['providerOptions']>;

/** Two retries on 408, 409, 429 and 5xx, with back-off that respects retry-after. */
const generationMaxRetries = 2;
/**
 * A whole generation, retries included, may take this long before it is abandoned: ten minutes,
 * so slow or local models can write a long post (700–1200 words) while it streams to the browser.
 */
const defaultGenerationTimeoutMs = 600_000;

type AiSdkGeneratorOptions = {
  id: string;
  /** The name an admin gave it in Settings → Admin; absent for the environment's models. */
  label?: string;
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
  /** Retries of a failed request (default generationMaxRetries); the admin's connection test makes none. */
  maxRetries?: number;
  /** The model is given the ideas' photos (image-input.ts decides). */
  acceptsImages?: boolean;
  /** Added to each image part, e.g. OpenAI's detail level. */
  imageProviderOptions?: ProviderOptions;
};

function toFailure(error: unknown, signal: AbortSignal | undefined): Error {
  const isAbort = signal?.aborted || (error instanceof Error && error.name === 'AbortError');
  if (isAbort) return new TextGenerationAbortedError('aborted', { cause: error });
  return new TextGenerationError('text generation failed', { cause: error });
}

/** The prompt alone, or the prompt followed by the photos as one user message of several parts. */
function promptOf(
  request: TextGenerationRequest,
  photoParts: readonly PromptPhotoPart[],
  imageProviderOptions: ProviderOptions | undefined,
): { prompt: string } | { messages: ModelMessage[] } {
  if (photoParts.length === 0) return { prompt: request.prompt };
  return {
    messages: [
      {
        role: 'user',
        content: [
          { type: 'text', text: request.prompt },
          // AI SDK 7 carries images as file parts with an image media type (the `image` part is
          // deprecated: node_modules/ai/docs/08-migration-guides/23-migration-guide-7-0.mdx).
          ...photoParts.map((part) =>
            part.type === 'text'
              ? part
              : {
                  type: 'file' as const,
                  mediaType: part.mediaType,
                  data: part.data,
                  ...(imageProviderOptions ? { providerOptions: imageProviderOptions } : {}),
                },
          ),
        ],
      },
    ],
  };
}

/** A generator over any AI SDK language model (OpenAI chat, OpenAI-compatible servers, Claude). */
export function createAiSdkGenerator(options: AiSdkGeneratorOptions): TextGenerator {
  const timeout = options.timeoutMs ?? defaultGenerationTimeoutMs;
  let model: Promise<LanguageModel> | undefined;
  // Set when the model refused photos: later requests go without them (until the server restarts).
  let hasRefusedImages = false;
  const loadModel = () =>
    (model ??= typeof options.model === 'function' ? options.model() : Promise.resolve(options.model));
  const photosFor = (request: TextGenerationRequest): readonly PromptPhotoPart[] =>
    options.acceptsImages && !hasRefusedImages ? (request.photoParts ?? []) : [];
  const callSettings = async (request: TextGenerationRequest, photoParts: readonly PromptPhotoPart[]) => ({
    model: await loadModel(),
    system: request.system,
    ...promptOf(request, photoParts, options.imageProviderOptions),
    temperature: Math.min(request.temperature, options.maxTemperature ?? Number.POSITIVE_INFINITY),
    maxOutputTokens: request.maxOutputTokens,
    maxRetries: options.maxRetries ?? generationMaxRetries,
    timeout,
    ...(request.abortSignal ? { abortSignal: request.abortSignal } : {}),
  });
  /** A refusal of photos that were sent: remembered, and the caller told, so it can be logged. */
  const isRefusalOfPhotos = (
    error: unknown,
    photoParts: readonly PromptPhotoPart[],
    request: TextGenerationRequest,
  ) => {
    if (photoParts.length === 0 || request.abortSignal?.aborted || !isImageRefusal(error)) return false;
    hasRefusedImages = true;
    request.onPhotosRefused?.(error);
    return true;
  };

  async function* streamOnce(request: TextGenerationRequest, photoParts: readonly PromptPhotoPart[]) {
    // streamText does not throw: failures arrive as error parts and through onError.
    let failure: unknown;
    const [{ streamText }, settings] = await Promise.all([import('ai'), callSettings(request, photoParts)]);
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
  }

  async function generateOnce(request: TextGenerationRequest, photoParts: readonly PromptPhotoPart[]) {
    try {
      const [{ generateText }, settings] = await Promise.all([import('ai'), callSettings(request, photoParts)]);
      const result = await generateText(settings);
      return options.shouldStripMarkdown ? stripMarkdown(result.text) : result.text;
    } catch (error) {
      throw toFailure(error, request.abortSignal);
    }
  }

  return {
    id: options.id,
    ...(options.label ? { label: options.label } : {}),
    isAiModel: true,
    providerModel: options.providerModel,
    get acceptsImages() {
      return Boolean(options.acceptsImages) && !hasRefusedImages;
    },

    async *streamText(request) {
      const photoParts = photosFor(request);
      let hasWritten = false;
      try {
        for await (const piece of streamOnce(request, photoParts)) {
          hasWritten = true;
          yield piece;
        }
      } catch (error) {
        // A refusal comes before any text; once text has streamed, the request cannot start over.
        if (hasWritten || !isRefusalOfPhotos(error, photoParts, request)) throw error;
        yield* streamOnce(request, []);
      }
    },

    async generateText(request) {
      const photoParts = photosFor(request);
      try {
        return await generateOnce(request, photoParts);
      } catch (error) {
        if (!isRefusalOfPhotos(error, photoParts, request)) throw error;
        return generateOnce(request, []);
      }
    },
  };
}
