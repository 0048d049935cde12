import {
  generationInputsHeader,
  generationInputsSchema,
  generationModelHeader,
  type GenerationInputs,
  type AiConfigInput,
  type AiModelsResponse,
  type AiSettings,
  type GenerateRequest,
} from '@life-updates/contract/generation';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiFetch } from '@/lib/api-client';
import { useReplacingMutation } from '@/lib/query-client';

/** The models the server offers, the user's AI settings (with the voice sample), and generation. */
export const aiKeys = {
  all: ['ai'] as const,
  models: () => [...aiKeys.all, 'models'] as const,
  settings: () => [...aiKeys.all, 'settings'] as const,
};

/** Labels of the models, and which of them is not an AI model (the offline composer). */
export const useAiModels = () =>
  useQuery({
    queryKey: aiKeys.models(),
    queryFn: () => api<AiModelsResponse>('/api/ai/models'),
    staleTime: 5 * 60_000,
  });

const aiSettingsQueryOptions = () =>
  queryOptions({ queryKey: aiKeys.settings(), queryFn: () => api<AiSettings>('/api/ai-settings') });
export const useAiSettings = () => useQuery(aiSettingsQueryOptions());

/** The voice sample is part of the user's AI settings: the same cache entry. */
export const useVoiceSample = () =>
  useQuery({ ...aiSettingsQueryOptions(), select: (settings) => settings.voiceSample });

export const useUpdateAiSettings = () =>
  useReplacingMutation(aiKeys.settings(), (settings: AiConfigInput) =>
    api<AiSettings>('/api/ai-settings', { method: 'PUT', body: settings }),
  );

export function useUpdateVoiceSample() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (voiceSample: string) =>
      api<{ voiceSample: string }>('/api/voice-sample', { method: 'PUT', body: { voiceSample } }),
    onSuccess: ({ voiceSample }) =>
      client.setQueryData<AiSettings>(aiKeys.settings(), (current) =>
        current ? { ...current, voiceSample } : current,
      ),
  });
}

/**
 * Generates a post: calls `onText` with each piece as it arrives and resolves with the model id
 * that wrote it. A failure before the first piece rejects with the server's error; a response cut
 * short rejects too (contract/generation.ts). Aborting `signal` stops the provider call.
 */
export async function generateStream({
  request,
  signal,
  onStart,
  onText,
}: {
  request: GenerateRequest;
  signal: AbortSignal;
  /** The model id, and what it was given beside the ideas (the user's sent texts, photos). */
  onStart: (model: string, inputs: GenerationInputs | null) => void;
  onText: (piece: string) => void;
}): Promise<{ model: string }> {
  const response = await apiFetch('/api/generate/stream', {
    method: 'POST',
    body: request,
    signal,
    headers: { accept: 'text/plain' },
  });
  const model = response.headers.get(generationModelHeader) ?? '';
  onStart(model, readInputs(response.headers.get(generationInputsHeader)));
  // Only a response of a no-content status has no body (https://fetch.spec.whatwg.org/#null-body-status).
  const reader = response.body!.getReader();
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

function readInputs(header: string | null): GenerationInputs | null {
  if (!header) return null;
  try {
    return generationInputsSchema.parse(JSON.parse(header));
  } catch {
    return null;
  }
}

/** The user has read that their model was removed: the notice is not shown again. */
export function useDismissRemovedModel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api('/api/ai-settings/removed-model/dismiss', { method: 'POST' }),
    onSuccess: () =>
      client.setQueryData<AiSettings>(aiKeys.settings(), (current) =>
        current ? { ...current, removedModel: null } : current,
      ),
  });
}
