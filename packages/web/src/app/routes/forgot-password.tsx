import { useTranslation } from 'react-i18next';
import { AuthCard } from '@/features/auth/components/auth-card';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { usePageTitle } from '@/lib/use-page-title';

export function Component() {
  const { t } = useTranslation();
  usePageTitle('forgotPassword');
  return (
    <AuthCard title={t('auth.forgotPasswordTitle')}>
      <ForgotPasswordForm />
    </AuthCard>
  );
}
