import type { RegisterForm } from '@life-updates/contract/auth';
import { api } from '@/lib/api-client';

export const signUp = (form: RegisterForm) =>
  api<{ user: { id: string } | null }>('/api/auth/sign-up/email', {
    method: 'POST',
    body: { name: form.fullName, email: form.email, password: form.password },
  });
