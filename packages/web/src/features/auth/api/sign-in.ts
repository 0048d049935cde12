import type { LoginForm } from '@life-updates/contract/auth';
import { api } from '@/lib/api-client';
import { clearSignedOut } from './sign-out';

export async function signIn(form: LoginForm) {
  const result = await api<{ user: { id: string } }>('/api/auth/sign-in/email', {
    method: 'POST',
    body: { email: form.email, password: form.password },
  });
  clearSignedOut();
  return result;
}
