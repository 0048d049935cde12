import type { ContactListResponse } from '@life-updates/contract/contacts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The contact picker's list, by name. */
export const shareContactsQueryOptions = () =>
  queryOptions({
    queryKey: ['share-contacts'],
    queryFn: () => api<ContactListResponse>('/api/contacts', { query: { sortBy: 'name', sortDirection: 'asc' } }),
  });

export const useShareContacts = (enabled: boolean) => useQuery({ ...shareContactsQueryOptions(), enabled });
