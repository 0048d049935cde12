import type { AccountUpdate, LoginForm, Me, RegisterForm } from '@life-updates/contract/auth';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { paths } from '@/config/paths';
import { api, ApiRequestError } from '@/lib/api-client';
import { clearCache } from '@/lib/local-cache';
import { useReplacingMutation } from '@/lib/query-client';

/** The signed-in user: profile, account, session (sign-in, sign-up, sign-out). */
export const meKeys = { all: ['me'] as const };

/*
 * Whether this browser had a session last time it looked. It only picks which question to ask
 * first; the server decides every request on the session cookie as always.
 */
const sessionHintKey = 'life-updates.signed-in';

function hasSessionHint() {
  try {
    return localStorage.getItem(sessionHintKey) === '1';
  } catch {
    return false;
  }
}

function setSessionHint(signedIn: boolean) {
  try {
    if (signedIn) localStorage.setItem(sessionHintKey, '1');
    else localStorage.removeItem(sessionHintKey);
  } catch {
    // storage unavailable (private mode): every visit asks get-session first
  }
}

/** How long the profile may take before the protected area stops waiting and offers a retry. */
const profileTimeoutMs = 10_000;

/** /api/me did not answer in time ("Timeout fetching profile"). */
export class ProfileTimeoutError extends Error {
  override name = 'ProfileTimeoutError';
}

/**
 * The signed-in user's profile, or null when signed out. The app's session state.
 * A visitor without a session is recognised through better-auth's get-session, which answers
 * 200 with null, so public pages make no failing request (a 401 is logged in the browser console);
 * /api/me is asked only when there is a session, or was one last time, or when a signed-in screen
 * is opened (`sessionExpected`: one round trip less before that screen paints).
 */
export async function getMe({
  sessionExpected = false,
  signal,
}: {
  sessionExpected?: boolean;
  signal: AbortSignal;
}): Promise<Me | null> {
  const timeout = AbortSignal.timeout(profileTimeoutMs);
  const combined = AbortSignal.any([signal, timeout]);
  try {
    if (!sessionExpected && !hasSessionHint()) {
      const session = await api<{ session: unknown } | null>('/api/auth/get-session', { signal: combined });
      if (!session) return null;
    }
    const me = await api<Me>('/api/me', { signal: combined });
    setSessionHint(true);
    return me;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) {
      setSessionHint(false);
      return null;
    }
    if (timeout.aborted && !signal.aborted) throw new ProfileTimeoutError('Timeout fetching profile');
    throw error;
  }
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: meKeys.all,
    queryFn: ({ signal }) => getMe({ signal }),
    staleTime: 60_000,
    // A timed-out profile is not asked again on its own (nor when a screen mounts, which would
    // mean ten more seconds of "Loading..."): the protected area offers a retry.
    retryOnMount: false,
    retry: (failureCount, error) =>
      !(error instanceof ProfileTimeoutError) &&
      !(error instanceof ApiRequestError && error.status < 500) &&
      failureCount < 2,
  });
export const useMe = () => useQuery(meQueryOptions());

export const updateAccount = (update: AccountUpdate) => api<Me>('/api/account', { method: 'PATCH', body: update });

export const useUpdateAccount = () => useReplacingMutation(meKeys.all, updateAccount);

/** Marks the welcome as shown; says whether this was the first time. */
export const claimWelcome = () =>
  api<{ shouldWelcome: boolean; username: string }>('/api/me/welcome', { method: 'POST' });

export const signUp = (form: RegisterForm) =>
  api<{ user: { id: string } | null }>('/api/auth/sign-up/email', {
    method: 'POST',
    body: { name: form.fullName, email: form.email, password: form.password },
  });

let hasJustSignedOut = false;

/** True after a deliberate sign-out, until the next sign-in: the protected area then goes to / rather than /login. */
export function wasSignedOut(): boolean {
  return hasJustSignedOut;
}

export async function signIn(form: LoginForm) {
  // With two-factor authentication on, the password step ends in `twoFactorRedirect` and no session yet.
  const result = await api<{ user?: { id: string }; twoFactorRedirect?: boolean }>('/api/auth/sign-in/email', {
    method: 'POST',
    body: { email: form.email, password: form.password },
  });
  hasJustSignedOut = false;
  return result;
}

/** After a sign-in by another way than the password (a passkey): the next signed-out visit goes to /login again. */
export function noteSignedIn() {
  hasJustSignedOut = false;
}

/** Once the session has ended on the server: goes to /, forgets cached data and says `message`. */
function useLeaveSignedOut() {
  const client = useQueryClient();
  const navigate = useNavigate();
  return async (message: string) => {
    // The protected area sends a signed-out visitor to /login; after a sign-out it goes to / instead.
    hasJustSignedOut = true;
    setSessionHint(false);
    // A profile request still in flight would answer with the old session and sign the user back in.
    await client.cancelQueries({ queryKey: meKeys.all });
    client.setQueryData(meKeys.all, null);
    await navigate(paths.landing, { replace: true });
    client.removeQueries({ predicate: (query) => query.queryKey[0] !== meKeys.all[0] });
    clearCache();
    toast.success(message);
  };
}

/** Signs out, forgets cached data, says so and goes to /. */
export function useSignOut() {
  const leave = useLeaveSignedOut();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: () => api<{ success: boolean }>('/api/auth/sign-out', { method: 'POST', body: {} }),
    onSuccess: () => leave(t('auth.loggedOut')),
    onError: () => toast.error(t('auth.logoutFailed')),
  });
}

/** Forgot password: the answer is the same whether the address has an account or not. */
export const requestPasswordReset = (email: string) =>
  api<{ status: boolean; delivery: 'email' | 'outbox' }>('/api/auth/request-password-reset', {
    method: 'POST',
    body: { email },
  });

/** Sets the new password with the token of a reset link; every session of the account ends. */
export const resetPassword = ({ token, newPassword }: { token: string; newPassword: string }) =>
  api<{ status: boolean }>('/api/auth/reset-password', { method: 'POST', body: { token, newPassword } });

/** Deletes the account (the password confirms it), then leaves as a sign-out does: to /, with nothing cached. */
export function useDeleteAccount() {
  const leave = useLeaveSignedOut();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (password: string) => api<void>('/api/account/delete', { method: 'POST', body: { password } }),
    onSuccess: () => leave(t('settings.deleteAccount.done')),
  });
}

/** The second step of a sign-in with two-factor authentication: the app's code or a backup code. */
export async function verifyTwoFactor({
  code,
  isBackupCode,
  trustDevice,
}: {
  code: string;
  isBackupCode: boolean;
  trustDevice: boolean;
}) {
  const path = isBackupCode ? '/api/auth/two-factor/verify-backup-code' : '/api/auth/two-factor/verify-totp';
  const result = await api<{ user: { id: string } }>(path, {
    method: 'POST',
    body: { code: code.trim(), trustDevice },
  });
  hasJustSignedOut = false;
  return result;
}
