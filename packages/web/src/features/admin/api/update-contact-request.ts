import type { ContactRequest, ContactRequestStatus } from '@life-updates/contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { contactRequestsQueryKey } from './get-contact-requests';

export const updateContactRequest = ({ requestId, status }: { requestId: string; status: ContactRequestStatus }) =>
  api<ContactRequest>(`/api/admin/contact-requests/${encodeURIComponent(requestId)}`, {
    method: 'PATCH',
    body: { status },
  });

export function useUpdateContactRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContactRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactRequestsQueryKey }),
  });
}
