import type { Contact, ContactListResponse } from '@life-updates/contract/contacts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/contacts, sorted by name for the picker. */
export const getContacts = () =>
  api<ContactListResponse>('/api/contacts', { query: { sortBy: 'name', sortDirection: 'asc' } }).then(
    (body) => body.contacts,
  );

export const contactsQueryOptions = () => queryOptions({ queryKey: ['contacts', 'picker'], queryFn: getContacts });
export const useContacts = ({ enabled }: { enabled: boolean }) => useQuery({ ...contactsQueryOptions(), enabled });

export type { Contact };
