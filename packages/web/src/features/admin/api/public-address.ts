import type { PublicAddress, PublicAddressUpdate } from '@life-updates/contract/public-address';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminQueryKey } from './get-admin-stats';

const publicAddressQueryKey = [...adminQueryKey, 'public-address'] as const;

export const getPublicAddress = () => api<PublicAddress>('/api/admin/public-address');

export const publicAddressQueryOptions = () =>
  queryOptions({ queryKey: publicAddressQueryKey, queryFn: getPublicAddress });

export const usePublicAddress = () => useQuery(publicAddressQueryOptions());

export const updatePublicAddress = (update: PublicAddressUpdate) =>
  api<PublicAddress>('/api/admin/public-address', { method: 'PUT', body: update });

export function useUpdatePublicAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePublicAddress,
    onSuccess: (saved) => queryClient.setQueryData(publicAddressQueryKey, saved),
  });
}
