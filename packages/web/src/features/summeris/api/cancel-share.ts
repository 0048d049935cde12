import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { summerisQueryKey } from './get-summeris';

export const cancelShare = (shareId: string) =>
  api<{ success: true }>(`/api/shares/${encodeURIComponent(shareId)}`, { method: 'DELETE' });

export function useCancelShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelShare,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: summerisQueryKey }),
  });
}
