import type { ContactImportRequest, ContactImportResult } from '@life-updates/contract/contacts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { contactsQueryKey } from './get-contacts';

export const importContacts = (request: ContactImportRequest) =>
  api<ContactImportResult>('/api/contacts/import', { method: 'POST', body: request });

export function useImportContacts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importContacts,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactsQueryKey }),
  });
}
