import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { linkedinPostsQueryKey } from './get-linkedin-posts';

export const cancelLinkedinPost = (postId: string) =>
  api<void>(`/api/linkedin/posts/${encodeURIComponent(postId)}`, { method: 'DELETE' });

export function useCancelLinkedinPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelLinkedinPost,
    onSettled: () => queryClient.invalidateQueries({ queryKey: linkedinPostsQueryKey }),
  });
}
