import type { AiSettings } from '@life-updates/contract/generation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { aiSettingsQueryKey } from './get-voice-sample';

export const updateVoiceSample = (voiceSample: string) =>
  api<{ voiceSample: string }>('/api/voice-sample', { method: 'PUT', body: { voiceSample } });

export function useUpdateVoiceSample() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVoiceSample,
    onSuccess: ({ voiceSample }) =>
      queryClient.setQueryData<AiSettings>(aiSettingsQueryKey, (current) =>
        current ? { ...current, voiceSample } : current,
      ),
  });
}
