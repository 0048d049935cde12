import type { LoginForm as LoginFormValues } from '@life-updates/contract/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { ApiRequestError } from '@/lib/api-client';
import { lazyResolver } from '@/lib/lazy-resolver';
import { toast } from '@/lib/toast';
import { meQueryKey } from '../api/get-me';
import { signIn } from '../api/sign-in';
import { claimWelcome } from '../api/welcome';

const validation = lazyResolver<LoginFormValues>(async () => {
  const [{ zodResolver }, { loginFormSchema }] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import('@life-updates/contract/auth'),
  ]);
  return zodResolver(loginFormSchema);
});

/** Where to go after sign-in: the protected page the visitor asked for, else My Stories. */
export function useReturnPath() {
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  return from && from.startsWith('/') && !from.startsWith('//') ? from : paths.dashboard;
}

function loginErrorKey(error: unknown): string {
  if (!(error instanceof ApiRequestError)) return 'auth.loginUnexpected';
  if (error.code === 'LOCKED_OUT' || /locked out/i.test(error.message)) return 'auth.lockedOut';
  if (error.code === 'EMAIL_NOT_VERIFIED') return 'auth.confirmEmail';
  if (error.code === 'RATE_LIMITED') return 'auth.tooManyRequests';
  if (error.status >= 500) return 'auth.loginUnexpected';
  return 'auth.invalidCredentials';
}

export function LoginForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const returnPath = useReturnPath();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<LoginFormValues>({
    resolver: validation.resolver,
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await signIn(values);
    } catch (error) {
      setFormError(t(loginErrorKey(error)));
      return;
    }
    toast.success(t('auth.loginSuccess'));
    try {
      const welcome = await claimWelcome();
      if (welcome.shouldWelcome) toast.message(t('auth.welcome', { username: welcome.username }));
    } catch {
      // The welcome is a courtesy; signing in already succeeded.
    }
    await queryClient.invalidateQueries({ queryKey: meQueryKey });
    await navigate(returnPath, { replace: true });
  });

  return (
    <form onSubmit={onSubmit} onFocus={() => void validation.preload()} noValidate className="space-y-4">
      <FormField label={t('auth.emailOrUsername')} error={errors.email?.message ? t(errors.email.message) : undefined}>
        <Input type="text" inputMode="email" autoComplete="username" {...form.register('email')} />
      </FormField>
      <FormField label={t('auth.password')} error={errors.password?.message ? t(errors.password.message) : undefined}>
        <Input type="password" autoComplete="current-password" {...form.register('password')} />
      </FormField>
      {formError ? (
        <p
          role="alert"
          className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive"
        >
          {formError}
        </p>
      ) : null}
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? t('auth.signingIn') : t('auth.signIn')}
      </Button>
      <p className="text-center text-sm">
        <Link to={paths.register} className="text-primary underline-offset-4 hover:underline">
          {t('auth.noAccount')}
        </Link>
      </p>
    </form>
  );
}
