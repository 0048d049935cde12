import type { OfflineComposeInput } from './offline-composer.ts';

/** What a generator is asked to write: the prompt for AI models, the raw material for the offline composer. */
export type TextGenerationRequest = {
  system: string;
  prompt: string;
  compose: OfflineComposeInput;
  temperature: number;
  maxOutputTokens: number;
  abortSignal?: AbortSignal | undefined;
};

/** One interface for every way text is written. */
export interface TextGenerator {
  /** The model id users choose in AI Settings. */
  readonly id: string;
  readonly isAiModel: boolean;
  /** The provider's own model name, e.g. "gpt-4o-mini". */
  readonly providerModel?: string | undefined;
  /** Text pieces in order; throws `TextGenerationError` when the provider fails. */
  streamText(request: TextGenerationRequest): AsyncIterable<string>;
  generateText(request: TextGenerationRequest): Promise<string>;
}

/** The provider failed (after its retries); `cause` holds the provider's error for the log. */
export class TextGenerationError extends Error {
  override name = 'TextGenerationError';
  constructor(message: string, options: { cause: unknown }) {
    super(message, options);
  }
}

/** The caller aborted (the client went away); not a failure worth logging. */
export class TextGenerationAbortedError extends Error {
  override name = 'TextGenerationAbortedError';
}
