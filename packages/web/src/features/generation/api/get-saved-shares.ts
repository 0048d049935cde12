import type { Share } from '@life-updates/contract/shares';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/shares?status=saved_for_later, newest first: the Generate screen loads its text from these. */
export const getSavedShares = () =>
  api<{ shares: Share[] }>('/api/shares', { query: { status: 'saved_for_later' } }).then((body) => body.shares);

export const savedSharesQueryOptions = () =>
  queryOptions({ queryKey: ['shares', 'list', 'saved_for_later'], queryFn: getSavedShares, staleTime: 0 });

export const useSavedShares = () => useQuery(savedSharesQueryOptions());
