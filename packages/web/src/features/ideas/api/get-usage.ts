import type { Usage } from '@life-updates/contract/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Shares sent this calendar month against the monthly limit (spec §4 Usage meter, §7 Monthly limit). */
export const getUsage = () => api<Usage>('/api/usage');

export const usageQueryKey = ['usage'] as const;
export const usageQueryOptions = () => queryOptions({ queryKey: usageQueryKey, queryFn: getUsage });
export const useUsage = () => useQuery(usageQueryOptions());
