import type {
  EmailSettingsResponse,
  EmailSettingsUpdate,
  EmailTransportInfo,
  OutboxPage,
} from '@life-updates/contract/email';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/query-client';

export const outboxPageSize = 10;

/** The user's email settings, the transport that sends their mail, and the outbox. */
export const emailKeys = {
  all: ['email'] as const,
  settings: () => [...emailKeys.all, 'settings'] as const,
  transport: () => [...emailKeys.all, 'transport'] as const,
  outbox: () => [...emailKeys.all, 'outbox'] as const,
  outboxPage: (page: number) => [...emailKeys.outbox(), page] as const,
};

export const useEmailSettings = () =>
  useQuery({ queryKey: emailKeys.settings(), queryFn: () => api<EmailSettingsResponse>('/api/email-settings') });

export const useEmailTransport = () =>
  useQuery({ queryKey: emailKeys.transport(), queryFn: () => api<EmailTransportInfo>('/api/email/transport') });

export const useOutbox = (page: number) =>
  useQuery({
    queryKey: emailKeys.outboxPage(page),
    queryFn: () => api<OutboxPage>('/api/outbox', { query: { page, pageSize: outboxPageSize } }),
    placeholderData: keepPreviousData,
  });

/** Saves the settings; a saved or removed key changes which transport sends this user's mail. */
function useSettingsMutation<T>(mutationFn: (value: T) => Promise<EmailSettingsResponse>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (saved) => {
      client.setQueryData(emailKeys.settings(), saved);
      await client.invalidateQueries({ queryKey: emailKeys.transport() });
    },
  });
}

export const useUpdateEmailSettings = () =>
  useSettingsMutation((update: EmailSettingsUpdate) =>
    api<EmailSettingsResponse>('/api/email-settings', { method: 'PUT', body: update }),
  );

export const useRemoveEmailApiKey = () =>
  useSettingsMutation(() => api<EmailSettingsResponse>('/api/email-settings/api-key', { method: 'DELETE' }));

// With the outbox transport the test message appears in the list below.
export const useSendTestEmail = () =>
  useRefreshingMutation([emailKeys.outbox()], (to: string) =>
    api<{ success: true; message: string }>('/api/email-settings/test', { method: 'POST', body: { to } }),
  );
