import type { ShareDeliveriesResponse } from '@life-updates/contract/email';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/shares/:id/deliveries: per-recipient status; polled until `isDone`. */
export const getShareDeliveries = (shareId: string) =>
  api<ShareDeliveriesResponse>(`/api/shares/${encodeURIComponent(shareId)}/deliveries`);

/** A shared idea's recipients and their status, refreshed while any email is still in flight. */
export const useShareDeliveries = (shareId: string) =>
  useQuery(
    queryOptions({
      queryKey: ['shares', 'deliveries', shareId],
      queryFn: () => getShareDeliveries(shareId),
      refetchInterval: (query) => (query.state.data && query.state.data.isDone ? false : 1000),
    }),
  );
