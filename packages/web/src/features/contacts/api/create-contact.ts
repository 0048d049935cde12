import type { Contact, ContactInput } from '@life-updates/contract/contacts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { contactsQueryKey } from './get-contacts';

export const createContact = (input: ContactInput) => api<Contact>('/api/contacts', { method: 'POST', body: input });

export function useCreateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createContact,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactsQueryKey }),
  });
}
