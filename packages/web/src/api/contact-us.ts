import type { ContactUsForm, ContactUsInfo } from '@life-updates/contract/email';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Where Contact Us messages go, shown on the page. */
export const useContactInfo = () =>
  useQuery({
    queryKey: ['contact-us', 'info'],
    queryFn: () => api<ContactUsInfo>('/api/contact-us/info'),
    staleTime: Infinity,
  });

export const useSendContactMessage = () =>
  useMutation({
    mutationFn: (form: ContactUsForm) => api<{ success: boolean }>('/api/contact-us', { method: 'POST', body: form }),
  });
