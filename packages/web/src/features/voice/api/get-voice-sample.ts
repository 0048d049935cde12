import type { AiSettings } from '@life-updates/contract/generation';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The voice sample is part of the user's AI settings (GET /api/ai-settings); same cache entry. */
export const aiSettingsQueryKey = ['ai-settings'] as const;

export const voiceSampleQueryOptions = () =>
  queryOptions({
    queryKey: aiSettingsQueryKey,
    queryFn: () => api<AiSettings>('/api/ai-settings'),
    select: (settings) => settings.voiceSample,
  });

export const useVoiceSample = () => useQuery(voiceSampleQueryOptions());
