import type { SummerisShare } from '@life-updates/contract/summeris';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { summerisQueryKey } from './get-summeris';

export const updateSummary = ({ shareId, contactId, text }: { shareId: string; contactId: string; text: string }) =>
  api<{ share: SummerisShare }>(
    `/api/summeris/${encodeURIComponent(shareId)}/summaries/${encodeURIComponent(contactId)}`,
    { method: 'PUT', body: { text } },
  );

export function useUpdateSummary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSummary,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: summerisQueryKey }),
  });
}
