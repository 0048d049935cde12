import type { Event, EventList } from '@life-updates/contract/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/events: the user's ideas, newest first (the Change idea dialog, the chosen ideas). */
export const getIdeas = () => api<EventList>('/api/events');

export const ideasQueryKey = ['events'] as const;
export const ideasQueryOptions = () => queryOptions({ queryKey: ideasQueryKey, queryFn: getIdeas });
export const useIdeas = () => useQuery(ideasQueryOptions());

export type Idea = Event;
