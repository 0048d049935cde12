import type { ShareWithContacts } from '@life-updates/contract/shares';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { summerisQueryKey } from './get-summeris';

export const updateSummary = ({ shareId, contactId, text }: { shareId: string; contactId: string; text: string }) =>
  api<{ share: ShareWithContacts }>(
    `/api/shares/${encodeURIComponent(shareId)}/texts/${encodeURIComponent(contactId)}`,
    { method: 'PUT', body: { text } },
  );

export function useUpdateSummary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSummary,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: summerisQueryKey }),
  });
}
