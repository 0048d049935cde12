import type { EmailSettingsResponse, EmailSettingsUpdate } from '@life-updates/contract/email';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { emailSettingsQueryKey } from './get-email-settings';
import { emailTransportQueryKey } from './get-email-transport';

export const updateEmailSettings = (update: EmailSettingsUpdate) =>
  api<EmailSettingsResponse>('/api/email-settings', { method: 'PUT', body: update });

export function useUpdateEmailSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEmailSettings,
    onSuccess: async (saved) => {
      queryClient.setQueryData(emailSettingsQueryKey, saved);
      // A saved key changes which transport sends this user's mail.
      await queryClient.invalidateQueries({ queryKey: emailTransportQueryKey });
    },
  });
}
