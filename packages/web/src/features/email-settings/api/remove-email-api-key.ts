import type { EmailSettingsResponse } from '@life-updates/contract/email';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { emailSettingsQueryKey } from './get-email-settings';
import { emailTransportQueryKey } from './get-email-transport';

export const removeEmailApiKey = () => api<EmailSettingsResponse>('/api/email-settings/api-key', { method: 'DELETE' });

export function useRemoveEmailApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeEmailApiKey,
    onSuccess: async (saved) => {
      queryClient.setQueryData(emailSettingsQueryKey, saved);
      await queryClient.invalidateQueries({ queryKey: emailTransportQueryKey });
    },
  });
}
