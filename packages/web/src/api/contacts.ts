import { contactExportFileName, type ContactFileFormat } from '@life-updates/contract/contact-options';
import type {
  Contact,
  ContactImportRequest,
  ContactImportResult,
  ContactInput,
  ContactListQueryInput,
  ContactListResponse,
} from '@life-updates/contract/contacts';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api, apiFetch } from '@/lib/api-client';
import { download } from '@/lib/download';
import { useRefreshingMutation } from '@/lib/query-client';

/** Every cached contact list starts with `all`, so one invalidation refreshes them all. */
export const contactKeys = {
  all: ['contacts'] as const,
  list: (query: ContactListQueryInput) => [...contactKeys.all, 'list', query] as const,
  one: (id: string) => [...contactKeys.all, 'one', id] as const,
};

const contactPath = (id: string) => `/api/contacts/${encodeURIComponent(id)}`;

const getContacts = (query: ContactListQueryInput = {}) =>
  api<ContactListResponse>('/api/contacts', { query }).then((response) => response.contacts);

/** What the Contacts screen lists first (every relationship, newest first). */
export const initialContactList = { relationship: 'all', sortBy: 'created_at', sortDirection: 'desc' } as const;
/** The contact pickers' and the schedule's list. */
const byName = { sortBy: 'name', sortDirection: 'asc' } as const;

export const contactListQueryOptions = (query: ContactListQueryInput = {}) =>
  queryOptions({ queryKey: contactKeys.list(query), queryFn: () => getContacts(query) });

/** The list of the Contacts screen. While a new search runs, the previous result stays on screen. */
export const useContacts = (query: ContactListQueryInput) =>
  useQuery({ ...contactListQueryOptions(query), placeholderData: keepPreviousData });

/** Every contact by name, asked for only while `enabled` (a picker is open). */
export const useContactsByName = (enabled = true) => useQuery({ ...contactListQueryOptions(byName), enabled });

/**
 * One contact as stored now, asked for while `id` is set (the Edit Contact dialog is open). The
 * dialog opens on it rather than on the list's copy, which another tab or device may have changed
 * since: the form sends back every field it shows.
 */
export const useContact = (id: string | undefined) =>
  useQuery({
    queryKey: contactKeys.one(id ?? ''),
    queryFn: () => api<Contact>(contactPath(id!)),
    enabled: id !== undefined,
    staleTime: 0,
  });

export const useCreateContact = () =>
  useRefreshingMutation([contactKeys.all], (input: ContactInput) =>
    api<Contact>('/api/contacts', { method: 'POST', body: input }),
  );

/** PUT keeps fields the body leaves out (the description, which the form does not edit). */
export const useUpdateContact = () =>
  useRefreshingMutation([contactKeys.all], ({ id, input }: { id: string; input: ContactInput }) =>
    api<Contact>(contactPath(id), { method: 'PUT', body: input }),
  );

export const useDeleteContact = () =>
  useRefreshingMutation([contactKeys.all], (id: string) => api<void>(contactPath(id), { method: 'DELETE' }));

export const useImportContacts = () =>
  useRefreshingMutation([contactKeys.all], (request: ContactImportRequest) =>
    api<ContactImportResult>('/api/contacts/import', { method: 'POST', body: request }),
  );

/** Downloads the contacts as a file; failures reach the caller instead of saving an error page. */
async function exportContacts(format: ContactFileFormat): Promise<{ fileName: string }> {
  const response = await apiFetch('/api/contacts/export', { query: { format }, headers: { accept: '*/*' } });
  // The file name the server chose (Content-Disposition), else the same pattern made here.
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? contactExportFileName(format);
  download(await response.blob(), fileName);
  return { fileName };
}

export const useExportContacts = () => useMutation({ mutationFn: exportContacts });
