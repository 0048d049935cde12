import type {
  LinkedinConnectionResponse,
  LinkedinPublish,
  LinkedinPublishResponse,
  LinkedinSchedule,
  ScheduledLinkedinPost,
  ScheduledLinkedinPostList,
} from '@life-updates/contract/linkedin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ideaKeys } from './ideas';

export const linkedinKeys = {
  all: ['linkedin'] as const,
  connection: () => [...linkedinKeys.all, 'connection'] as const,
  posts: () => [...linkedinKeys.all, 'posts'] as const,
};

export const useLinkedinConnection = () =>
  useQuery({
    queryKey: linkedinKeys.connection(),
    queryFn: () => api<LinkedinConnectionResponse>('/api/linkedin/connection'),
    staleTime: 60_000,
  });

/** Starts the authorisation on the server and sends the browser to LinkedIn, which sends it back to Settings. */
export const useConnectLinkedin = () =>
  useMutation({
    mutationFn: () => api<{ authorizationUrl: string }>('/api/linkedin/connect', { method: 'POST', body: {} }),
    onSuccess: ({ authorizationUrl }) => window.location.assign(authorizationUrl),
  });

export function useDisconnectLinkedin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>('/api/linkedin/connection', { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: linkedinKeys.connection() }),
  });
}

export function usePublishToLinkedin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: LinkedinPublish) =>
      api<LinkedinPublishResponse>('/api/linkedin/publish', { method: 'POST', body }),
    // Published ideas are sent; a refusal may have ended the connection (expired token).
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ideaKeys.all });
      void client.invalidateQueries({ queryKey: linkedinKeys.connection() });
    },
  });
}

export const useLinkedinPosts = () =>
  useQuery({ queryKey: linkedinKeys.posts(), queryFn: () => api<ScheduledLinkedinPostList>('/api/linkedin/posts') });

function usePostsMutation<T, R>(mutationFn: (value: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => client.invalidateQueries({ queryKey: linkedinKeys.posts() }) });
}

export const useScheduleLinkedinPost = () =>
  usePostsMutation((body: LinkedinSchedule) =>
    api<ScheduledLinkedinPost>('/api/linkedin/posts', { method: 'POST', body }),
  );

export const useCancelLinkedinPost = () =>
  usePostsMutation((postId: string) =>
    api<void>(`/api/linkedin/posts/${encodeURIComponent(postId)}`, { method: 'DELETE' }),
  );
