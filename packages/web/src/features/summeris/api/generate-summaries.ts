import type { Share } from '@life-updates/contract/shares';
import type { GenerateShareRequest } from '@life-updates/contract/shares';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { summerisQueryKey } from './get-summeris';

export const generateSummaries = (request: GenerateShareRequest) =>
  api<{ share: Share }>('/api/shares/generate', { method: 'POST', body: request });

export function useGenerateSummaries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateSummaries,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: summerisQueryKey }),
  });
}
