import type { GenerateRequest, GenerationInputs } from '@life-updates/contract/generation';
import { useCallback, useEffect, useRef, useState } from 'react';
import { generateStream } from '@/api/ai';
import { ApiRequestError } from '@/lib/api-client';

/** idle → waiting (spinner, nothing yet) → streaming (words arriving) → idle. */
export type GenerationPhase = 'idle' | 'waiting' | 'streaming';

export type GenerationOutcome =
  { kind: 'done'; model: string } | { kind: 'stopped' } | { kind: 'failed'; error: unknown };

/**
 * The Generated Text area's state: the text, editable by the user, filled piece by piece while a
 * generation streams; `stop` aborts the request, which stops the provider call on the server. A
 * failure keeps the text the user had.
 */
export function useGenerationStream(initialText = '') {
  const [text, setText] = useState(initialText);
  const [phase, setPhase] = useState<GenerationPhase>('idle');
  const [model, setModel] = useState<string | null>(null);
  const [inputs, setInputs] = useState<GenerationInputs | null>(null);
  const controllerRef = useRef<AbortController | null>(null);

  useEffect(() => () => controllerRef.current?.abort(), []);

  const generate = useCallback(
    async (request: GenerateRequest): Promise<GenerationOutcome> => {
      controllerRef.current?.abort();
      const controller = new AbortController();
      controllerRef.current = controller;
      const previousText = text;
      const previousModel = model;
      let received = '';
      setPhase('waiting');
      try {
        const result = await generateStream({
          request,
          signal: controller.signal,
          onStart: (started, given) => {
            setModel(started);
            setInputs(given);
          },
          onText: (piece) => {
            received += piece;
            setText(received);
            setPhase('streaming');
          },
        });
        if (received.trim() === '') throw new ApiRequestError(502, { code: 'EMPTY', message: '' });
        return { kind: 'done', model: result.model };
      } catch (error) {
        if (controller.signal.aborted) return { kind: 'stopped' };
        // Nothing lost on failure: the text from before this attempt comes back.
        setText(previousText);
        setModel(previousModel);
        setInputs(null);
        return { kind: 'failed', error };
      } finally {
        if (controllerRef.current === controller) {
          controllerRef.current = null;
          setPhase('idle');
        }
      }
    },
    [text, model],
  );

  const stop = useCallback(() => controllerRef.current?.abort(), []);

  return { text, setText, phase, isGenerating: phase !== 'idle', model, inputs, generate, stop };
}
