import type { LoginForm as LoginFormValues, loginFormSchema } from '@life-updates/contract/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { claimWelcome, meKeys, signIn } from '@/api/me';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { ApiRequestError } from '@/lib/api-client';
import { loadOnce } from '@/lib/load-once';
import { toast } from '@/lib/toast';
import { AuthFormEnd } from './auth-form-end';
import { TwoFactorStep } from './two-factor-step';

type Field = keyof LoginFormValues;
type FieldErrors = Partial<Record<Field, string>>;

/*
 * The sign-in form checks its fields with the contract's schema, which (with zod, a large library)
 * loads on first use, or when a field gets focus, not with the page; the form itself needs no form
 * library to paint. It behaves as the app's react-hook-form forms do: nothing is checked until the
 * first submit; from then on a field is checked again as it changes, and a failed submit focuses the
 * first field in error.
 */
// offline: the next check tries again
const loadSchema: () => Promise<typeof loginFormSchema> = loadOnce(() =>
  import('@life-updates/contract/auth').then((module) => module.loginFormSchema),
);

async function validate(values: LoginFormValues): Promise<{ data?: LoginFormValues; errors: FieldErrors }> {
  const result = (await loadSchema()).safeParse(values);
  if (result.success) return { data: result.data, errors: {} };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'email' || field === 'password') && errors[field] === undefined) errors[field] = issue.message;
  }
  return { errors };
}

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
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isSubmitting, setIsSubmitting] = useState(false);
  const wasSubmitted = useRef(false);
  const [isAskingCode, setIsAskingCode] = useState(false);
  const values = (): LoginFormValues => ({
    email: emailInput.current?.value ?? '',
    password: passwordInput.current?.value ?? '',
  });

  const recheck = async (field: Field) => {
    if (!wasSubmitted.current) return;
    const found = (await validate(values())).errors[field];
    setErrors((current) => ({ ...current, [field]: found }));
  };

  const signInWith = async (values: LoginFormValues) => {
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
  };

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

  if (isAskingCode) return <TwoFactorStep onSignedIn={finishSignIn} />;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setIsSubmitting(true);
    wasSubmitted.current = true;
    try {
      const { data, errors: found } = await validate(values());
      setErrors(found);
      if (data) await signInWith(data);
      // The first field in error takes the focus.
      else (found.email ? emailInput : passwordInput).current?.focus();
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} onFocus={() => void loadSchema()} noValidate className="space-y-4">
      <FormField label={t('auth.emailOrUsername')} error={errors.email ? t(errors.email) : undefined}>
        <Input
          ref={emailInput}
          name="email"
          type="text"
          inputMode="email"
          autoComplete="username"
          onChange={() => void recheck('email')}
        />
      </FormField>
      <FormField label={t('auth.password')} error={errors.password ? t(errors.password) : undefined}>
        <Input
          ref={passwordInput}
          name="password"
          type="password"
          autoComplete="current-password"
          onChange={() => void recheck('password')}
        />
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
    </form>
  );
}
