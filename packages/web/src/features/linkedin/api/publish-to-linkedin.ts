import type { LinkedinPublish, LinkedinPublishResponse } from '@life-updates/contract/linkedin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { linkedinConnectionQueryKey } from './get-linkedin-connection';

export const publishToLinkedin = (body: LinkedinPublish) =>
  api<LinkedinPublishResponse>('/api/linkedin/publish', { method: 'POST', body });

export function usePublishToLinkedin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishToLinkedin,
    // Published ideas are sent; a refusal may have ended the connection (expired token).
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['events'] });
      void queryClient.invalidateQueries({ queryKey: linkedinConnectionQueryKey });
    },
  });
}
