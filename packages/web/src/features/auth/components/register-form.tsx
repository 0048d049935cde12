import { zodResolver } from '@hookform/resolvers/zod';
import { registerFormSchema, type RegisterForm as RegisterFormValues } from '@life-updates/contract/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { signUp } from '@/api/me';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { setServerFieldErrors } from '@/lib/form-errors';
import { AuthFormEnd } from './auth-form-end';

export function RegisterForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<RegisterFormValues>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { fullName: '', email: '', password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onInvalid = () => {
    // Register: an email without @ is also announced as a toast.
    if (form.getFieldState('email').error?.message === 'validation.emailNeedsAt')
      toast.error(t('validation.emailNeedsAt'));
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const result = await signUp(values);
      if (!result.user) {
        setFormError(t('auth.failedToCreateUser'));
        return;
      }
    } catch (error) {
      setServerFieldErrors(form, error, { name: 'fullName', email: 'email', password: 'password' });
      setFormError(errorMessage(error, t('auth.registrationError')));
      return;
    }
    toast.success(t('auth.registrationSuccess'));
    await navigate(paths.login);
  }, onInvalid);

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormField label={t('auth.fullName')} error={errors.fullName}>
        <Input autoComplete="name" placeholder={t('auth.fullNamePlaceholder')} {...form.register('fullName')} />
      </FormField>
      <FormField label={t('auth.email')} hint={t('auth.emailHelper')} error={errors.email}>
        <Input type="email" autoComplete="email" {...form.register('email')} />
      </FormField>
      <FormField label={t('auth.password')} error={errors.password}>
        <Input type="password" autoComplete="new-password" {...form.register('password')} />
      </FormField>
      <FormField label={t('auth.confirmPassword')} error={errors.confirmPassword}>
        <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
      </FormField>
      <AuthFormEnd
        error={formError}
        isSubmitting={isSubmitting}
        submit={t('auth.signUp')}
        submitting={t('auth.signingUp')}
        other={{ to: paths.login, label: t('auth.haveAccount') }}
      />
    </form>
  );
}
