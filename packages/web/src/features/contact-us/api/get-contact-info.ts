import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const getContactInfo = () => api<{ supportEmail: string }>('/api/contact-us/info');

export const contactInfoQueryOptions = () =>
  queryOptions({ queryKey: ['contact-us', 'info'], queryFn: getContactInfo, staleTime: Infinity });

export const useContactInfo = () => useQuery(contactInfoQueryOptions());
