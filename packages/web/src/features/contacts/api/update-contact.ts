import type { Contact, ContactInput } from '@life-updates/contract/contacts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { contactsQueryKey } from './get-contacts';

/** PUT keeps fields the body leaves out (the description, which the form does not edit). */
export const updateContact = ({ id, input }: { id: string; input: ContactInput }) =>
  api<Contact>(`/api/contacts/${encodeURIComponent(id)}`, { method: 'PUT', body: input });

export function useUpdateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContact,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactsQueryKey }),
  });
}
