import type { AiModelsResponse } from '@life-updates/contract/generation';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/ai/models: labels of the models, and which of them is not an AI model (the offline composer). */
export const getAiModels = () => api<AiModelsResponse>('/api/ai/models');

export const aiModelsQueryOptions = () =>
  queryOptions({ queryKey: ['ai', 'models'], queryFn: getAiModels, staleTime: 300_000 });
export const useAiModels = () => useQuery(aiModelsQueryOptions());
