import type { AdminUsersPage } from '@life-updates/contract/admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const adminUsersQueryKey = ['admin', 'users'] as const;
export const adminUsersPageSize = 10;

export const getAdminUsers = ({ search, page }: { search: string; page: number }) =>
  api<AdminUsersPage>('/api/admin/users', { query: { search, page, pageSize: adminUsersPageSize } });

export const adminUsersQueryOptions = (params: { search: string; page: number }) =>
  queryOptions({
    queryKey: [...adminUsersQueryKey, params],
    queryFn: () => getAdminUsers(params),
    placeholderData: keepPreviousData,
  });

export const useAdminUsers = (params: { search: string; page: number }) => useQuery(adminUsersQueryOptions(params));
