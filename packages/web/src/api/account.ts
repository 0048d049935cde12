import type { AccountSession } from '@life-updates/contract/auth';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/query-client';

/** Settings → Account: signed-in devices. */
export const accountSessionKeys = { all: ['account', 'sessions'] as const };

export const useAccountSessions = () =>
  useQuery({
    queryKey: accountSessionKeys.all,
    queryFn: () => api<{ sessions: AccountSession[] }>('/api/account/sessions'),
    select: (data) => data.sessions,
  });

export const useRevokeSession = () =>
  useRefreshingMutation([accountSessionKeys.all], (id: string) =>
    api<void>(`/api/account/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  );

export const useRevokeOtherSessions = () =>
  useRefreshingMutation([accountSessionKeys.all], () =>
    api<void>('/api/account/sessions/revoke-others', { method: 'POST' }),
  );
