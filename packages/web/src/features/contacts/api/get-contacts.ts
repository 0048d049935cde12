import type { Contact, ContactListQueryInput, ContactListResponse } from '@life-updates/contract/contacts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Every cached contact list starts with this key, so one invalidation refreshes them all. */
export const contactsQueryKey = ['contacts'] as const;

export async function getContacts(query: ContactListQueryInput = {}): Promise<Contact[]> {
  const response = await api<ContactListResponse>('/api/contacts', { query });
  return response.contacts;
}

/** What the Contacts screen lists first (every relationship, newest first). */
export const initialContactList = { relationship: 'all', sortBy: 'created_at', sortDirection: 'desc' } as const;

export const contactsQueryOptions = (query: ContactListQueryInput = {}) =>
  queryOptions({ queryKey: [...contactsQueryKey, 'list', query], queryFn: () => getContacts(query) });

/** The list of the Contacts screen. While a new search runs, the previous result stays on screen. */
export const useContacts = (query: ContactListQueryInput) =>
  useQuery({ ...contactsQueryOptions(query), placeholderData: keepPreviousData });
