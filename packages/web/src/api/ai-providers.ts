import type {
  AiProvider,
  AiProviderCreate,
  AiProvidersResponse,
  AiProviderTestResponse,
  AiProviderUpdate,
  TranscriptionSettingsResponse,
  TranscriptionSettingsUpdate,
  TranscriptionTestResponse,
} from '@life-updates/contract/ai-providers';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useRefreshingMutation, useReplacingMutation } from '@/lib/query-client';
import { adminKeys } from './admin';
import { aiKeys } from './ai';

/** Settings → Admin → AI providers: the admin's providers, their models and a test of one. */
export const aiProviderKeys = { list: () => [...adminKeys.all, 'ai-providers'] as const };

export const useAiProviders = () =>
  useQuery({ queryKey: aiProviderKeys.list(), queryFn: () => api<AiProvidersResponse>('/api/admin/ai-providers') });

// A change to the providers changes the models users may choose.
const refreshed = [aiProviderKeys.list(), aiKeys.models()] as const;

export const useCreateAiProvider = () =>
  useRefreshingMutation(refreshed, (provider: AiProviderCreate) =>
    api<{ provider: AiProvider }>('/api/admin/ai-providers', { method: 'POST', body: provider }),
  );

export const useUpdateAiProvider = () =>
  useRefreshingMutation(refreshed, ({ id, changes }: { id: string; changes: AiProviderUpdate }) =>
    api<{ provider: AiProvider }>(`/api/admin/ai-providers/${id}`, { method: 'PATCH', body: changes }),
  );

export const useRemoveAiProvider = () =>
  useRefreshingMutation(refreshed, (id: string) => api(`/api/admin/ai-providers/${id}`, { method: 'DELETE' }));

/** The model names the provider lists (asked of the provider each time). */
export const useListProviderModels = () =>
  useMutation({
    mutationFn: (id: string) => api<{ models: string[] }>(`/api/admin/ai-providers/${id}/models`, { method: 'POST' }),
  });

export const useTestProviderModel = () =>
  useMutation({
    mutationFn: ({ id, model }: { id: string; model: string }) =>
      api<AiProviderTestResponse>(`/api/admin/ai-providers/${id}/test`, { method: 'POST', body: { model } }),
  });

const transcriptionKey = [...adminKeys.all, 'transcription'] as const;

/** Settings → Admin → Speech to text. */
export const useTranscriptionSettings = () =>
  useQuery({
    queryKey: transcriptionKey,
    queryFn: () => api<TranscriptionSettingsResponse>('/api/admin/transcription'),
  });

export const useSaveTranscriptionSettings = () =>
  useReplacingMutation(transcriptionKey, (settings: TranscriptionSettingsUpdate) =>
    api<TranscriptionSettingsResponse>('/api/admin/transcription', { method: 'PUT', body: settings }),
  );

export const useRemoveTranscriptionSettings = () =>
  useReplacingMutation(transcriptionKey, () =>
    api<TranscriptionSettingsResponse>('/api/admin/transcription', { method: 'DELETE' }),
  );

export const useTestTranscription = () =>
  useMutation({
    mutationFn: () => api<TranscriptionTestResponse>('/api/admin/transcription/test', { method: 'POST' }),
  });
