import type { IdeaList } from '@life-updates/contract/ideas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The user's ideas, newest first, with the open-ideas limit. */
export const getEvents = () => api<IdeaList>('/api/ideas');

export const eventsQueryKey = ['events'] as const;
export const eventsQueryOptions = () => queryOptions({ queryKey: eventsQueryKey, queryFn: getEvents });
export const useEvents = () => useQuery(eventsQueryOptions());
