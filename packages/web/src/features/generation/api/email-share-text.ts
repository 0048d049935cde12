import type { EmailShareTextRequest, EmailShareTextResult } from '@life-updates/contract/shares';
import { api } from '@/lib/api-client';

/**
 * POST /api/shares/email: keeps the text in the ideas' share and queues one email per picked
 * contact, all or nothing (a refused send changes no idea and no share).
 */
export const emailShareText = (request: EmailShareTextRequest) =>
  api<EmailShareTextResult>('/api/shares/email', { method: 'POST', body: request });
