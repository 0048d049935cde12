import type { LinkedinConnectionResponse } from '@life-updates/contract/linkedin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const linkedinConnectionQueryKey = ['linkedin', 'connection'] as const;

export const getLinkedinConnection = () => api<LinkedinConnectionResponse>('/api/linkedin/connection');

export const linkedinConnectionQueryOptions = () =>
  queryOptions({ queryKey: linkedinConnectionQueryKey, queryFn: getLinkedinConnection, staleTime: 60_000 });

export const useLinkedinConnection = () => useQuery(linkedinConnectionQueryOptions());
