import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { paths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { clearCache } from '@/lib/local-cache';
import { meQueryKey } from './get-me';

export const signOut = () => api<{ success: boolean }>('/api/auth/sign-out', { method: 'POST', body: {} });

/** Signs out, forgets cached data, says so and goes to / (spec §8 Authentication). */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: signOut,
    onSuccess: async () => {
      // Leave the protected area first, so it does not bounce to /login on the way out.
      await navigate(paths.landing);
      queryClient.setQueryData(meQueryKey, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
      clearCache();
      toast.success(t('auth.loggedOut'));
    },
    onError: () => toast.error(t('auth.logoutFailed')),
  });
}
