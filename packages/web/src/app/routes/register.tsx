import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useMe } from '@/api/me';
import { paths } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { RegisterForm } from '@/features/auth/components/register-form';
import { usePageTitle } from '@/lib/use-page-title';

export function Component() {
  const { t } = useTranslation();
  usePageTitle('register');
  const { data: me } = useMe();
  if (me) return <Navigate to={paths.dashboard} replace />;
  return (
    <AuthCard title={t('auth.registerTitle')}>
      <RegisterForm />
    </AuthCard>
  );
}
