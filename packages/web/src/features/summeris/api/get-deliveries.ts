import type { ShareDeliveriesResponse } from '@life-updates/contract/email';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const deliveriesQueryKey = (shareId: string) => ['summeris', 'deliveries', shareId] as const;

export const getDeliveries = (shareId: string) =>
  api<ShareDeliveriesResponse>(`/api/shares/${encodeURIComponent(shareId)}/deliveries`);

/** Polled every second while any email is queued or sending. */
export const deliveriesQueryOptions = (shareId: string) =>
  queryOptions({
    queryKey: deliveriesQueryKey(shareId),
    queryFn: () => getDeliveries(shareId),
    refetchInterval: (query) => (query.state.data && query.state.data.isDone ? false : 1000),
  });

export const useDeliveries = (shareId: string) => useQuery(deliveriesQueryOptions(shareId));
