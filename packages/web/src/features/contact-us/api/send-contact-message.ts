import type { ContactUsForm } from '@life-updates/contract/email';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const sendContactMessage = (form: ContactUsForm) =>
  api<{ success: boolean }>('/api/contact-us', { method: 'POST', body: form });

export const useSendContactMessage = () => useMutation({ mutationFn: sendContactMessage });
