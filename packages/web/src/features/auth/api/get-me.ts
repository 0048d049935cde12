import type { Me } from '@life-updates/contract/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiRequestError } from '@/lib/api-client';

/** The signed-in user's profile, or null when signed out. The app's session state (spec §4 Session). */
export async function getMe(): Promise<Me | null> {
  try {
    return await api<Me>('/api/me');
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) return null;
    throw error;
  }
}

export const meQueryKey = ['me'] as const;
export const meQueryOptions = () => queryOptions({ queryKey: meQueryKey, queryFn: getMe, staleTime: 60_000 });
export const useMe = () => useQuery(meQueryOptions());
