import type { Share } from '@life-updates/contract/shares';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * GET /api/shares/for-idea/:ideaId: the newest saved, approved or sent share containing the idea,
 * whose text Create Content opens with.
 */
export const getShareForEvent = (eventId: string) =>
  api<{ share: Share | null }>(`/api/shares/for-idea/${encodeURIComponent(eventId)}`).then((body) => body.share);

export const shareForEventQueryOptions = (eventId: string) =>
  queryOptions({ queryKey: ['shares', 'for-event', eventId], queryFn: () => getShareForEvent(eventId), staleTime: 0 });

export const useShareForEvent = (eventId: string) => useQuery(shareForEventQueryOptions(eventId));
