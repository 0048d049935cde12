import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { outboxQueryKey } from './get-outbox';

export const sendTestEmail = (to: string) =>
  api<{ success: true; message: string }>('/api/email-settings/test', { method: 'POST', body: { to } });

export function useSendTestEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTestEmail,
    // With the outbox transport the test message appears in the list below.
    onSettled: () => queryClient.invalidateQueries({ queryKey: outboxQueryKey }),
  });
}
