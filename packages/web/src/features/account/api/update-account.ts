import type { AccountUpdate, Me } from '@life-updates/contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const meQueryKey = ['me'] as const;

export const updateAccount = (update: AccountUpdate) => api<Me>('/api/account', { method: 'PATCH', body: update });

export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccount,
    onSuccess: (me) => queryClient.setQueryData(meQueryKey, me),
  });
}
