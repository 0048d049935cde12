import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { contactsQueryKey } from './get-contacts';

export const deleteContact = (id: string) => api<void>(`/api/contacts/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContact,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactsQueryKey }),
  });
}
