import { api } from '@/lib/api-client';

/** Marks the welcome as shown; says whether this was the first time. */
export const claimWelcome = () =>
  api<{ shouldWelcome: boolean; username: string }>('/api/me/welcome', { method: 'POST' });
