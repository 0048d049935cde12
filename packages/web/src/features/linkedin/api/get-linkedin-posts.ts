import type { ScheduledLinkedinPostList } from '@life-updates/contract/linkedin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const linkedinPostsQueryKey = ['linkedin', 'posts'] as const;

export const getLinkedinPosts = () => api<ScheduledLinkedinPostList>('/api/linkedin/posts');

export const linkedinPostsQueryOptions = () =>
  queryOptions({ queryKey: linkedinPostsQueryKey, queryFn: getLinkedinPosts });

export const useLinkedinPosts = () => useQuery(linkedinPostsQueryOptions());
