import type { AdminStats } from '@life-updates/contract/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const adminQueryKey = ['admin'] as const;

export const getAdminStats = () => api<AdminStats>('/api/admin/stats');

export const adminStatsQueryOptions = () =>
  queryOptions({ queryKey: [...adminQueryKey, 'stats'], queryFn: getAdminStats });

export const useAdminStats = () => useQuery(adminStatsQueryOptions());
