import type { ShareDeliveriesResponse } from '@life-updates/contract/email';
import { api } from '@/lib/api-client';

/** GET /api/shares/:id/deliveries: per-recipient status; polled until `isDone`. */
export const getShareDeliveries = (shareId: string) =>
  api<ShareDeliveriesResponse>(`/api/shares/${encodeURIComponent(shareId)}/deliveries`);
