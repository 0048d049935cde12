import type {
  AdminStats,
  AdminUser,
  AdminUsersPage,
  AdminUserUpdate,
  ContactRequest,
  ContactRequestsPage,
  ContactRequestStatus,
} from '@life-updates/contract/admin';
import type { BackupFile, BackupList } from '@life-updates/contract/backups';
import type { PublicAddress, PublicAddressUpdate } from '@life-updates/contract/public-address';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useRefreshingMutation, useReplacingMutation } from '@/lib/query-client';

export const adminPageSize = 10;

type UsersParams = { search: string; page: number };
type ContactRequestsParams = { status: ContactRequestStatus | undefined; page: number };

export const adminKeys = {
  all: ['admin'] as const,
  stats: () => [...adminKeys.all, 'stats'] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  usersPage: (params: UsersParams) => [...adminKeys.users(), params] as const,
  contactRequests: () => [...adminKeys.all, 'contact-requests'] as const,
  contactRequestsPage: (params: ContactRequestsParams) => [...adminKeys.contactRequests(), params] as const,
  publicAddress: () => [...adminKeys.all, 'public-address'] as const,
  backups: () => [...adminKeys.all, 'backups'] as const,
};

export const useAdminStats = () =>
  useQuery({ queryKey: adminKeys.stats(), queryFn: () => api<AdminStats>('/api/admin/stats') });

export const useAdminUsers = ({ search, page }: UsersParams) =>
  useQuery({
    queryKey: adminKeys.usersPage({ search, page }),
    queryFn: () => api<AdminUsersPage>('/api/admin/users', { query: { search, page, pageSize: adminPageSize } }),
    placeholderData: keepPreviousData,
  });

export const useUpdateAdminUser = () =>
  useRefreshingMutation([adminKeys.users()], ({ userId, update }: { userId: string; update: AdminUserUpdate }) =>
    api<AdminUser>(`/api/admin/users/${encodeURIComponent(userId)}`, { method: 'PATCH', body: update }),
  );

export const useContactRequests = ({ status, page }: ContactRequestsParams) =>
  useQuery({
    queryKey: adminKeys.contactRequestsPage({ status, page }),
    queryFn: () =>
      api<ContactRequestsPage>('/api/admin/contact-requests', { query: { status, page, pageSize: adminPageSize } }),
    placeholderData: keepPreviousData,
  });

export const useUpdateContactRequest = () =>
  useRefreshingMutation(
    [adminKeys.contactRequests()],
    ({ requestId, status }: { requestId: string; status: ContactRequestStatus }) =>
      api<ContactRequest>(`/api/admin/contact-requests/${encodeURIComponent(requestId)}`, {
        method: 'PATCH',
        body: { status },
      }),
  );

export const usePublicAddress = () =>
  useQuery({ queryKey: adminKeys.publicAddress(), queryFn: () => api<PublicAddress>('/api/admin/public-address') });

export const useUpdatePublicAddress = () =>
  useReplacingMutation(adminKeys.publicAddress(), (update: PublicAddressUpdate) =>
    api<PublicAddress>('/api/admin/public-address', { method: 'PUT', body: update }),
  );

export const useBackups = () =>
  useQuery({ queryKey: adminKeys.backups(), queryFn: () => api<BackupList>('/api/admin/backups') });

/** Takes a backup now (kept with the automatic ones); the caller then downloads it from backupDownloadUrl. */
export const useCreateBackup = () =>
  useRefreshingMutation([adminKeys.backups()], () => api<BackupFile>('/api/admin/backups', { method: 'POST' }));

export const backupDownloadUrl = (name: string) => `/api/admin/backups/${encodeURIComponent(name)}`;

/** Disable / enable an account, or clear its two-factor authentication. */
export const useAdminUserAction = () =>
  useRefreshingMutation(
    [adminKeys.users()],
    ({ userId, action }: { userId: string; action: 'disable' | 'enable' | 'clear-two-factor' }) =>
      api<AdminUser>(`/api/admin/users/${encodeURIComponent(userId)}/${action}`, { method: 'POST' }),
  );
