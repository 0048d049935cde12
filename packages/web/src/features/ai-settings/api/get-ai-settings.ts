import type { AiSettings } from '@life-updates/contract/generation';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const aiSettingsQueryKey = ['ai-settings'] as const;

export const getAiSettings = () => api<AiSettings>('/api/ai-settings');

export const aiSettingsQueryOptions = () => queryOptions({ queryKey: aiSettingsQueryKey, queryFn: getAiSettings });

export const useAiSettings = () => useQuery(aiSettingsQueryOptions());
