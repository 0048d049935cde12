import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { useMe } from '@/api/me';
import { AuthCard } from '@/features/auth/components/auth-card';
import { LoginForm, useReturnPath } from '@/features/auth/components/login-form';
import { usePageTitle } from '@/lib/use-page-title';

export function Component() {
  const { t } = useTranslation();
  usePageTitle('login');
  const { data: me } = useMe();
  const returnPath = useReturnPath();
  const [searchParams] = useSearchParams();
  const isVerified = searchParams.get('verified') === '1';
  useEffect(() => {
    if (isVerified) toast.success(t('auth.emailVerified'));
  }, [isVerified, t]);
  // Already signed in: straight on to where the sign-in would have led.
  if (me) return <Navigate to={returnPath} replace />;
  return (
    <AuthCard title={t('auth.loginTitle')}>
      <LoginForm />
    </AuthCard>
  );
}
