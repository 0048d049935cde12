import { offlineModelId } from '@life-updates/contract/generation';
import { composeOfflinePost } from './offline-composer.ts';
import { TextGenerationAbortedError, type TextGenerationRequest, type TextGenerator } from './text-generator.ts';

/** Splits a text into line-sized pieces so the offline composer streams like the AI models do. */
function* pieces(text: string): Generator<string> {
  const lines = text.split('\n');
  for (const [index, line] of lines.entries()) yield index < lines.length - 1 ? `${line}\n` : line;
}

export function createOfflineGenerator(): TextGenerator {
  return {
    id: offlineModelId,
    isAiModel: false,
    // The composer only arranges the user's own sentences: it cannot see a photo, so it says nothing of one.
    acceptsImages: false,
    async *streamText(request: TextGenerationRequest) {
      for (const piece of pieces(composeOfflinePost(request.compose))) {
        if (request.abortSignal?.aborted) throw new TextGenerationAbortedError('aborted');
        if (piece !== '') yield piece;
      }
    },
    async generateText(request: TextGenerationRequest) {
      return composeOfflinePost(request.compose);
    },
  };
}
