import type { IdeaList } from '@life-updates/contract/ideas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/ideas: the user's ideas, newest first (the Change idea dialog, the chosen ideas). */
export const getIdeas = () => api<IdeaList>('/api/ideas');

export const ideasQueryKey = ['events'] as const;
export const ideasQueryOptions = () => queryOptions({ queryKey: ideasQueryKey, queryFn: getIdeas });
export const useIdeas = () => useQuery(ideasQueryOptions());

export type { Idea } from '@life-updates/contract/ideas';
