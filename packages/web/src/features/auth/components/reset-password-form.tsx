import { zodResolver } from '@hookform/resolvers/zod';
import { resetPasswordFormSchema, type ResetPasswordForm as ResetPasswordValues } from '@life-updates/contract/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { resetPassword } from '@/api/me';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { setServerFieldErrors } from '@/lib/form-errors';
import { toast } from 'sonner';
import { AuthFormEnd } from './auth-form-end';

/** The new password after a reset link: the sign-up rule; then sign in with it. */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ResetPasswordValues>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  if (!token) {
    return (
      <div className="space-y-4">
        <p role="alert" className="text-sm text-destructive">
          {t('auth.resetLinkInvalid')}
        </p>
        <p className="text-center text-sm">
          <Link to={paths.forgotPassword} className="text-primary underline-offset-4 hover:underline">
            {t('auth.askNewLink')}
          </Link>
        </p>
      </div>
    );
  }

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await resetPassword({ token, newPassword: values.password });
    } catch (error) {
      setServerFieldErrors(form, error, { newPassword: 'password' });
      setFormError(errorMessage(error, t('auth.authError')));
      return;
    }
    toast.success(t('auth.passwordResetDone'));
    await navigate(paths.login, { replace: true });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormField label={t('auth.newPassword')} error={errors.password}>
        <Input type="password" autoComplete="new-password" {...form.register('password')} />
      </FormField>
      <FormField label={t('auth.confirmNewPassword')} error={errors.confirmPassword}>
        <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
      </FormField>
      <AuthFormEnd
        error={formError}
        isSubmitting={isSubmitting}
        submit={t('auth.setNewPassword')}
        submitting={t('auth.settingNewPassword')}
        other={{ to: paths.forgotPassword, label: t('auth.askNewLink') }}
      />
    </form>
  );
}
