import type { EmailTransportInfo } from '@life-updates/contract/email';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const emailTransportQueryKey = ['email', 'transport'] as const;

export const getEmailTransport = () => api<EmailTransportInfo>('/api/email/transport');

export const emailTransportQueryOptions = () =>
  queryOptions({ queryKey: emailTransportQueryKey, queryFn: getEmailTransport });

export const useEmailTransport = () => useQuery(emailTransportQueryOptions());
