import { zodResolver } from '@hookform/resolvers/zod';
import { loginFormSchema, type LoginForm as LoginFormValues } from '@life-updates/contract/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { claimWelcome, meKeys, signIn } from '@/api/me';
import { signInWithPasskey } from '@/api/passkeys';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { ApiRequestError } from '@/lib/api-client';
import { AuthFormEnd } from './auth-form-end';
import { TwoFactorStep } from './two-factor-step';

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
    resolver: zodResolver(loginFormSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const [isAskingCode, setIsAskingCode] = useState(false);
  const [isUsingPasskey, setIsUsingPasskey] = useState(false);

  /** Signed in: say so, welcome a new profile once, and go where the visitor was heading. */
  const finishSignIn = async () => {
    toast.success(t('auth.loginSuccess'));
    try {
      const welcome = await claimWelcome();
      if (welcome.shouldWelcome) toast.message(t('auth.welcome', { username: welcome.username }));
    } catch {
      // The welcome is a courtesy; signing in already succeeded.
    }
    await queryClient.invalidateQueries({ queryKey: meKeys.all });
    await navigate(returnPath, { replace: true });
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const result = await signIn(values);
      if (result.twoFactorRedirect) {
        setIsAskingCode(true);
        return;
      }
    } catch (error) {
      // Opened at another address than BASE_URL: the server's message names the one to use.
      const wrongAddress = error instanceof ApiRequestError && error.code === 'WRONG_ADDRESS';
      setFormError(wrongAddress ? error.message : t(loginErrorKey(error)));
      return;
    }
    await finishSignIn();
  });

  /** A passkey replaces the password and the two-factor code: the device's screen lock is the second factor. */
  const onPasskey = async () => {
    setFormError(null);
    setIsUsingPasskey(true);
    try {
      await signInWithPasskey();
    } catch (error) {
      setFormError(
        error instanceof ApiRequestError && error.code === 'RATE_LIMITED'
          ? t('auth.tooManyRequests')
          : t('auth.passkeyFailed'),
      );
      return;
    } finally {
      setIsUsingPasskey(false);
    }
    await finishSignIn();
  };

  /** Back to the password, saying why: the sign-in's codes are used up, it expired, or the account is locked. */
  const onTwoFactorEnded = (reason: string) => {
    form.resetField('password');
    setFormError(reason);
    setIsAskingCode(false);
  };

  if (isAskingCode) return <TwoFactorStep onSignedIn={finishSignIn} onEnded={onTwoFactorEnded} />;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormField label={t('auth.emailOrUsername')} error={errors.email}>
        <Input type="text" inputMode="email" autoComplete="username" {...form.register('email')} />
      </FormField>
      <FormField label={t('auth.password')} error={errors.password}>
        <Input type="password" autoComplete="current-password" {...form.register('password')} />
      </FormField>
      <p className="text-right text-sm">
        <Link to={paths.forgotPassword} className="text-primary underline-offset-4 hover:underline">
          {t('auth.forgotPasswordLink')}
        </Link>
      </p>
      <AuthFormEnd
        error={formError}
        isSubmitting={isSubmitting}
        submit={t('auth.signIn')}
        submitting={t('auth.signingIn')}
        other={{ to: paths.register, label: t('auth.noAccount') }}
      />
      <Button
        type="button"
        variant="outline"
        className="w-full"
        disabled={isSubmitting || isUsingPasskey}
        onClick={() => void onPasskey()}
      >
        {t('auth.signInWithPasskey')}
      </Button>
    </form>
  );
}
