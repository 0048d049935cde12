import type { ApproveShareTextRequest, Share } from '@life-updates/contract/shares';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * POST /api/shares/approve: stores the preferences, approves the ideas and every share containing
 * them, with the contacts chosen to receive it.
 */
export const approveIdeas = (request: ApproveShareTextRequest) =>
  api<{ share: Share }>('/api/shares/approve', { method: 'POST', body: request }).then((body) => body.share);

export function useApproveIdeas() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveIdeas,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['events'] }),
        queryClient.invalidateQueries({ queryKey: ['shares'] }),
      ]),
  });
}
