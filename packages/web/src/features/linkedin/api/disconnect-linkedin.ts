import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { linkedinConnectionQueryKey } from './get-linkedin-connection';

export const disconnectLinkedin = () => api<void>('/api/linkedin/connection', { method: 'DELETE' });

export function useDisconnectLinkedin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectLinkedin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linkedinConnectionQueryKey }),
  });
}
