import type { SendResult, SendShareRequest } from '@life-updates/contract/email';
import { api } from '@/lib/api-client';

/** POST /api/shares/:id/send: queues one delivery per recipient through the email pipeline. */
export const sendShare = ({ shareId, request }: { shareId: string; request: SendShareRequest }) =>
  api<SendResult>(`/api/shares/${encodeURIComponent(shareId)}/send`, { method: 'POST', body: request });
