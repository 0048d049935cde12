import type { EmailSettingsResponse } from '@life-updates/contract/email';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const emailSettingsQueryKey = ['email-settings'] as const;

export const getEmailSettings = () => api<EmailSettingsResponse>('/api/email-settings');

export const emailSettingsQueryOptions = () =>
  queryOptions({ queryKey: emailSettingsQueryKey, queryFn: getEmailSettings });

export const useEmailSettings = () => useQuery(emailSettingsQueryOptions());
