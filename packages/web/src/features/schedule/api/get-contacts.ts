import type { ContactListResponse } from '@life-updates/contract/contacts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The user's contacts, for choosing who receives the scheduled updates. */
export const getScheduleContacts = () =>
  api<ContactListResponse>('/api/contacts', { query: { sortBy: 'name', sortDirection: 'asc' } });

export const scheduleContactsQueryOptions = () =>
  queryOptions({ queryKey: ['contacts', 'list', { sort: 'name' }], queryFn: getScheduleContacts });

export const useScheduleContacts = ({ isEnabled }: { isEnabled: boolean }) =>
  useQuery({ ...scheduleContactsQueryOptions(), enabled: isEnabled });
