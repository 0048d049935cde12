import type { Share } from '@life-updates/contract/shares';
import type { GenerateSummariesRequest } from '@life-updates/contract/summeris';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { summerisQueryKey } from './get-summeris';

export const generateSummaries = (request: GenerateSummariesRequest) =>
  api<{ share: Share }>('/api/summaries/generate', { method: 'POST', body: request });

export function useGenerateSummaries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateSummaries,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: summerisQueryKey }),
  });
}
