import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AuthCard } from '@/features/auth/components/auth-card';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { usePageTitle } from '@/lib/use-page-title';

/** Where a reset link leads: better-auth checked the token and passes it (?token=), or says it is not valid (?error=). */
export function Component() {
  const { t } = useTranslation();
  usePageTitle('resetPassword');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('error') ? null : searchParams.get('token');
  return (
    <AuthCard title={t('auth.resetPasswordTitle')}>
      <ResetPasswordForm token={token} />
    </AuthCard>
  );
}
