import type { SendResult } from '@life-updates/contract/email';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { summerisQueryKey } from './get-summeris';

/**
 * Summeris → Approve: the share goes through the email pipeline with its texts, to its contacts or
 * to the ones just chosen.
 */
export const approveShare = ({ shareId, contactIds }: { shareId: string; contactIds?: string[] | undefined }) =>
  api<SendResult>(`/api/shares/${encodeURIComponent(shareId)}/send`, {
    method: 'POST',
    body: { method: 'email', ...(contactIds ? { contactIds } : {}) },
  });

export function useApproveShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveShare,
    onSettled: () => queryClient.invalidateQueries({ queryKey: summerisQueryKey }),
  });
}
