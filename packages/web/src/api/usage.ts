import type { Usage } from '@life-updates/contract/ideas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const usageKeys = { all: ['usage'] as const };

/** Shares sent this calendar month against the monthly limit. */
export const usageQueryOptions = () =>
  queryOptions({ queryKey: usageKeys.all, queryFn: () => api<Usage>('/api/usage') });
export const useUsage = () => useQuery(usageQueryOptions());
