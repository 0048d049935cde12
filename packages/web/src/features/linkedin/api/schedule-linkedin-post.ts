import type { LinkedinSchedule, ScheduledLinkedinPost } from '@life-updates/contract/linkedin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { linkedinPostsQueryKey } from './get-linkedin-posts';

export const scheduleLinkedinPost = (body: LinkedinSchedule) =>
  api<ScheduledLinkedinPost>('/api/linkedin/posts', { method: 'POST', body });

export function useScheduleLinkedinPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: scheduleLinkedinPost,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linkedinPostsQueryKey }),
  });
}
