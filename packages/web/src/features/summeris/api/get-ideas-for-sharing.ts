import type { EventList } from '@life-updates/contract/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const ideasForSharingQueryOptions = () =>
  queryOptions({ queryKey: ['share-ideas'], queryFn: () => api<EventList>('/api/events') });

export const useIdeasForSharing = () => useQuery(ideasForSharingQueryOptions());
