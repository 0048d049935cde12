import type { ShareDeliveriesResponse } from '@life-updates/contract/email';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { deliveriesQueryKey } from './get-deliveries';
import { summerisQueryKey } from './get-summeris';

export const retryFailed = (shareId: string) =>
  api<{ requeued: number; deliveries: ShareDeliveriesResponse }>(
    `/api/shares/${encodeURIComponent(shareId)}/retry-failed`,
    { method: 'POST' },
  );

export function useRetryFailed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryFailed,
    onSuccess: (result, shareId) => {
      queryClient.setQueryData(deliveriesQueryKey(shareId), result.deliveries);
      void queryClient.invalidateQueries({ queryKey: summerisQueryKey });
    },
  });
}
