import type { AdminUser, AdminUserUpdate } from '@life-updates/contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminUsersQueryKey } from './get-admin-users';

export const updateAdminUser = ({ userId, update }: { userId: string; update: AdminUserUpdate }) =>
  api<AdminUser>(`/api/admin/users/${encodeURIComponent(userId)}`, { method: 'PATCH', body: update });

export function useUpdateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdminUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }),
  });
}
