import type { OfflineComposeInput } from './offline-composer.ts';

/**
 * What follows the prompt for a model that accepts images: a line saying what the next photo is,
 * or the photo itself (its bytes and IANA media type).
 */
export type PromptPhotoPart = { type: 'text'; text: string } | { type: 'image'; data: Uint8Array; mediaType: string };

/** What a generator is asked to write: the prompt for AI models, the raw material for the offline composer. */
export type TextGenerationRequest = {
  system: string;
  prompt: string;
  compose: OfflineComposeInput;
  temperature: number;
  maxOutputTokens: number;
  abortSignal?: AbortSignal | undefined;
  /** The ideas' photos, sent after the prompt to a model that accepts images; ignored by the others. */
  photoParts?: readonly PromptPhotoPart[] | undefined;
  /** Told when the model refused the photos and the text was written from the prompt alone. */
  onPhotosRefused?: ((cause: unknown) => void) | undefined;
};

/** One interface for every way text is written. */
export interface TextGenerator {
  /** The model id users choose in AI Settings. */
  readonly id: string;
  /** Shown as the model's name when set (a model of a provider set up in Settings → Admin). */
  readonly label?: string | undefined;
  readonly isAiModel: boolean;
  /** The provider's own model name, e.g. "gpt-4o-mini". */
  readonly providerModel?: string | undefined;
  /** Whether the model is given the ideas' photos; false once the model has refused them. */
  readonly acceptsImages: boolean;
  /** Text pieces in order; throws `TextGenerationError` when the provider fails. */
  streamText(request: TextGenerationRequest): AsyncIterable<string>;
  generateText(request: TextGenerationRequest): Promise<string>;
}

/** The provider failed (after its retries); `cause` holds the provider's error for the log. */
export class TextGenerationError extends Error {
  override name = 'TextGenerationError';
}

/** The caller aborted (the client went away); not a failure worth logging. */
export class TextGenerationAbortedError extends Error {
  override name = 'TextGenerationAbortedError';
}
