import type { LinkedinConnectionResponse } from '@life-updates/contract/linkedin';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/query-client';

const connectionKey = ['linkedin', 'connection'] as const;

export const useLinkedinConnection = ({ enabled = true } = {}) =>
  useQuery({
    queryKey: connectionKey,
    queryFn: () => api<LinkedinConnectionResponse>('/api/linkedin/connection'),
    staleTime: 60_000,
    enabled,
  });

/** Starts the authorisation on the server and sends the browser to LinkedIn, which sends it back to Settings. */
export const useConnectLinkedin = () =>
  useMutation({
    mutationFn: () => api<{ authorizationUrl: string }>('/api/linkedin/connect', { method: 'POST', body: {} }),
    onSuccess: ({ authorizationUrl }) => window.location.assign(authorizationUrl),
  });

export const useDisconnectLinkedin = () =>
  useRefreshingMutation([connectionKey], () => api<void>('/api/linkedin/connection', { method: 'DELETE' }));
