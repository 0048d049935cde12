import { generationModelHeader, type GenerateRequest } from '@life-updates/contract/generation';
import { apiFetch } from '@/lib/api-client';

/**
 * POST /api/generate/stream: calls `onText` with each piece as it arrives and resolves with the
 * model id that wrote it. A failure before the first piece rejects with the server's error; a
 * response cut short rejects too (contract/generation.ts). Aborting `signal` stops the provider call.
 */
export async function generateStream({
  request,
  signal,
  onStart,
  onText,
}: {
  request: GenerateRequest;
  signal: AbortSignal;
  onStart?: (model: string) => void;
  onText: (piece: string) => void;
}): Promise<{ model: string }> {
  const response = await apiFetch('/api/generate/stream', {
    method: 'POST',
    body: request,
    signal,
    headers: { accept: 'text/plain' },
  });
  const model = response.headers.get(generationModelHeader) ?? '';
  onStart?.(model);
  if (!response.body) {
    onText(await response.text());
    return { model };
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    // `stream: true` keeps a multi-byte character split across chunks intact.
    const piece = decoder.decode(value, { stream: true });
    if (piece) onText(piece);
  }
  const rest = decoder.decode();
  if (rest) onText(rest);
  return { model };
}
