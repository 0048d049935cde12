import type { AccountSession } from '@life-updates/contract/auth';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Settings → Account: signed-in devices. */
export const accountSessionKeys = { all: ['account', 'sessions'] as const };

const getSessions = () => api<{ sessions: AccountSession[] }>('/api/account/sessions');

export const accountSessionsQueryOptions = () =>
  queryOptions({ queryKey: accountSessionKeys.all, queryFn: getSessions, select: (data) => data.sessions });
export const useAccountSessions = () => useQuery(accountSessionsQueryOptions());

export function useRevokeSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/account/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: accountSessionKeys.all }),
  });
}

export function useRevokeOtherSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>('/api/account/sessions/revoke-others', { method: 'POST' }),
    onSettled: () => client.invalidateQueries({ queryKey: accountSessionKeys.all }),
  });
}
