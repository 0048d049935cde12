import type { SaveShareTextRequest, Share } from '@life-updates/contract/shares';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/shares/save-for-later: stores the preferences, marks the ideas saved_for_later, keeps the text. */
export const saveForLater = (request: SaveShareTextRequest) =>
  api<{ share: Share }>('/api/shares/save-for-later', { method: 'POST', body: request }).then((body) => body.share);

export function useSaveForLater() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveForLater,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['events'] }),
        queryClient.invalidateQueries({ queryKey: ['shares'] }),
      ]),
  });
}
