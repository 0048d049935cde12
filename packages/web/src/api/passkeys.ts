import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { useQuery } from '@tanstack/react-query';
import { noteSignedIn } from '@/api/me';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/query-client';

/** The signed-in user's passkeys (better-auth's passkey plugin, under /api/auth/passkey/). */
export const passkeyKeys = { all: ['passkeys'] as const };

export type Passkey = { id: string; name?: string | null; createdAt?: string | null };

/** Creates a passkey on this device (the browser asks for the screen lock) and saves it under `name`. */
export async function addPasskey(name: string) {
  const [{ startRegistration }, optionsJSON] = await Promise.all([
    import('@simplewebauthn/browser'),
    api<PublicKeyCredentialCreationOptionsJSON>('/api/auth/passkey/generate-register-options', {
      query: { name },
    }),
  ]);
  const response = await startRegistration({ optionsJSON });
  return api<Passkey>('/api/auth/passkey/verify-registration', { method: 'POST', body: { response, name } });
}

export const removePasskey = (id: string) =>
  api<{ status: boolean }>('/api/auth/passkey/delete-passkey', { method: 'POST', body: { id } });

export const usePasskeys = () =>
  useQuery({ queryKey: passkeyKeys.all, queryFn: () => api<Passkey[]>('/api/auth/passkey/list-user-passkeys') });

export const useAddPasskey = () => useRefreshingMutation([passkeyKeys.all], addPasskey);

export const useRemovePasskey = () => useRefreshingMutation([passkeyKeys.all], removePasskey);

/** Signs in with a passkey of this device instead of the password (the browser asks for the screen lock). */
export async function signInWithPasskey() {
  // The WebAuthn library loads only here, not with the sign-in page.
  const [{ startAuthentication }, optionsJSON] = await Promise.all([
    import('@simplewebauthn/browser'),
    api<PublicKeyCredentialRequestOptionsJSON>('/api/auth/passkey/generate-authenticate-options'),
  ]);
  // The plugin's own client leaves the extension results out of what it verifies.
  const { clientExtensionResults: _extensions, ...response } = await startAuthentication({ optionsJSON });
  const result = await api<{ session: unknown }>('/api/auth/passkey/verify-authentication', {
    method: 'POST',
    body: { response },
  });
  noteSignedIn();
  return result;
}
