import type { ContactUsForm } from '@life-updates/contract/email';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const contactUsKeys = {
  all: ['contact-us'] as const,
  info: () => [...contactUsKeys.all, 'info'] as const,
};

/** Where Contact Us messages go, shown on the page. */
export const useContactInfo = () =>
  useQuery({
    queryKey: contactUsKeys.info(),
    queryFn: () => api<{ supportEmail: string }>('/api/contact-us/info'),
    staleTime: Infinity,
  });

export const useSendContactMessage = () =>
  useMutation({
    mutationFn: (form: ContactUsForm) => api<{ success: boolean }>('/api/contact-us', { method: 'POST', body: form }),
  });
