import type { AiConfigInput, AiSettings } from '@life-updates/contract/generation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { aiSettingsQueryKey } from './get-ai-settings';

export const updateAiSettings = (settings: AiConfigInput) =>
  api<AiSettings>('/api/ai-settings', { method: 'PUT', body: settings });

export function useUpdateAiSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAiSettings,
    onSuccess: (saved) => queryClient.setQueryData(aiSettingsQueryKey, saved),
  });
}
