import type { ContactRequestsPage, ContactRequestStatus } from '@life-updates/contract/admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const contactRequestsQueryKey = ['admin', 'contact-requests'] as const;
export const contactRequestsPageSize = 10;

type Params = { status: ContactRequestStatus | undefined; page: number };

export const getContactRequests = ({ status, page }: Params) =>
  api<ContactRequestsPage>('/api/admin/contact-requests', {
    query: { status, page, pageSize: contactRequestsPageSize },
  });

export const contactRequestsQueryOptions = (params: Params) =>
  queryOptions({
    queryKey: [...contactRequestsQueryKey, params],
    queryFn: () => getContactRequests(params),
    placeholderData: keepPreviousData,
  });

export const useContactRequests = (params: Params) => useQuery(contactRequestsQueryOptions(params));
