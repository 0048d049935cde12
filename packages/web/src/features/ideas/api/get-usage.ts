import type { Usage } from '@life-updates/contract/ideas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Shares sent this calendar month against the monthly limit. */
export const getUsage = () => api<Usage>('/api/usage');

export const usageQueryKey = ['usage'] as const;
export const usageQueryOptions = () => queryOptions({ queryKey: usageQueryKey, queryFn: getUsage });
export const useUsage = () => useQuery(usageQueryOptions());
