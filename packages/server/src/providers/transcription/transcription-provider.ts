import type { AcceptedAudioType } from '@life-updates/contract/ideas';

export type TranscriptionRequest = {
  audio: Uint8Array;
  mimeType: AcceptedAudioType;
};

/**
 * Why a transcription failed. `http`: the provider answered with an error status (`statusCode`),
 * and `providerMessage` holds its error.message when it sent one (shown to the user).
 * `other`: no usable answer (network, timeout, malformed body).
 */
export class TranscriptionError extends Error {
  override name = 'TranscriptionError';
  readonly kind: 'http' | 'other';
  readonly providerMessage: string | null;
  readonly statusCode: number | undefined;

  constructor(
    message: string,
    options: {
      kind: 'http' | 'other';
      statusCode?: number | undefined;
      providerMessage?: string | undefined;
      cause?: unknown;
    },
  ) {
    super(message, { cause: options.cause });
    this.kind = options.kind;
    this.statusCode = options.statusCode;
    this.providerMessage = options.providerMessage ?? null;
  }
}

/** Speech to text. One implementation per provider. */
export interface TranscriptionProvider {
  /** The recognised text, possibly empty; throws TranscriptionError. */
  transcribe(request: TranscriptionRequest): Promise<string>;
}
