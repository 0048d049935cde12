import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordFormSchema, type ForgotPasswordForm as ForgotPasswordValues } from '@life-updates/contract/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { requestPasswordReset } from '@/api/me';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { AuthFormEnd } from './auth-form-end';

/** Forgot password: asks for the account's email; the answer never says whether it has an account. */
export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState<'email' | 'outbox' | null>(null);
  const form = useForm<ForgotPasswordValues>({
    resolver: zodResolver(forgotPasswordFormSchema),
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const answer = await requestPasswordReset(values.email);
      setSent(answer.delivery);
    } catch (error) {
      setFormError(errorMessage(error, t('auth.authError')));
    }
  });

  if (sent) {
    return (
      <div className="space-y-4">
        <p role="status" className="text-sm">
          {t('auth.resetLinkSent')}
        </p>
        {sent === 'outbox' ? <p className="text-sm text-muted-foreground">{t('auth.resetLinkOutbox')}</p> : null}
        <p className="text-center text-sm">
          <Link to={paths.login} className="text-primary underline-offset-4 hover:underline">
            {t('auth.backToSignIn')}
          </Link>
        </p>
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-sm text-muted-foreground">{t('auth.forgotPasswordIntro')}</p>
      <FormField label={t('auth.email')} error={errors.email}>
        <Input type="email" autoComplete="email" {...form.register('email')} />
      </FormField>
      <AuthFormEnd
        error={formError}
        isSubmitting={isSubmitting}
        submit={t('auth.sendResetLink')}
        submitting={t('auth.sendingResetLink')}
        other={{ to: paths.login, label: t('auth.backToSignIn') }}
      />
    </form>
  );
}
