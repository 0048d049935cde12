import type { AiModelsResponse } from '@life-updates/contract/generation';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const getAiModels = () => api<AiModelsResponse>('/api/ai/models');

export const aiModelsQueryOptions = () =>
  queryOptions({ queryKey: ['ai', 'models'], queryFn: getAiModels, staleTime: 5 * 60_000 });

export const useAiModels = () => useQuery(aiModelsQueryOptions());
