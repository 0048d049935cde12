import type { LoginForm } from '@life-updates/contract/auth';
import { api } from '@/lib/api-client';

export const signIn = (form: LoginForm) =>
  api<{ user: { id: string } }>('/api/auth/sign-in/email', { method: 'POST', body: { email: form.email, password: form.password } });
