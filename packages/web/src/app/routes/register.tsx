import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useMe } from '@/api/me';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { RegisterForm } from '@/features/auth/components/register-form';
import { usePageTitle } from '@/lib/use-page-title';

export function Component() {
  const { t } = useTranslation();
  usePageTitle('register');
  const { data: me } = useMe();
  if (me) return <Navigate to={paths.dashboard} replace />;
  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-10">
      <Card>
        <CardHeader>
          <CardTitle>
            <span role="heading" aria-level={1}>
              {t('auth.registerTitle')}
            </span>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <RegisterForm />
        </CardContent>
      </Card>
    </div>
  );
}
