import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { useMe } from '@/api/me';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
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
  // /login redirects to /dashboard when already authenticated.
  if (me) return <Navigate to={returnPath} replace />;
  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-10">
      <Card>
        <CardHeader>
          <CardTitle>
            <span role="heading" aria-level={1}>
              {t('auth.loginTitle')}
            </span>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <LoginForm />
        </CardContent>
      </Card>
    </div>
  );
}
