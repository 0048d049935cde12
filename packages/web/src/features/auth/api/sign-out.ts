import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { clearCache } from '@/lib/local-cache';
import { meQueryKey, setSessionHint } from './get-me';

let hasJustSignedOut = false;

/** Remembers that the user left on purpose, until the next sign-in (see ProtectedLayout). */
function markSignedOut() {
  hasJustSignedOut = true;
}

/** True after a deliberate sign-out, until the next sign-in: the protected area then goes to / rather than /login. */
export function wasSignedOut(): boolean {
  return hasJustSignedOut;
}

export function clearSignedOut() {
  hasJustSignedOut = false;
}

export const signOut = () => api<{ success: boolean }>('/api/auth/sign-out', { method: 'POST', body: {} });

/** Signs out, forgets cached data, says so and goes to /. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: signOut,
    onSuccess: async () => {
      // The protected area sends a signed-out visitor to /login; after a sign-out it goes to / instead.
      markSignedOut();
      setSessionHint(false);
      // A profile request still in flight would answer with the old session and sign the user back in.
      await queryClient.cancelQueries({ queryKey: meQueryKey });
      queryClient.setQueryData(meQueryKey, null);
      await navigate(paths.landing, { replace: true });
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
      clearCache();
      toast.success(t('auth.loggedOut'));
    },
    onError: () => toast.error(t('auth.logoutFailed')),
  });
}
