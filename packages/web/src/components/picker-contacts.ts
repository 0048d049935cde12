import type { ContactListResponse } from '@life-updates/contract/contacts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * The contact picker's list (components/contact-picker-dialog.tsx), by name: GET /api/contacts.
 * Under the ['contacts'] key, so whatever changes the contacts refreshes it too.
 */
export const pickerContactsQueryOptions = () =>
  queryOptions({
    queryKey: ['contacts', 'picker'],
    queryFn: () =>
      api<ContactListResponse>('/api/contacts', { query: { sortBy: 'name', sortDirection: 'asc' } }).then(
        (body) => body.contacts,
      ),
  });

/** The picker's contacts, asked for only while the picker is `enabled` (open). */
export const usePickerContacts = (enabled: boolean) => useQuery({ ...pickerContactsQueryOptions(), enabled });
