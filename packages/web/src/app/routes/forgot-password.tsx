import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { usePageTitle } from '@/lib/use-page-title';

export function Component() {
  const { t } = useTranslation();
  usePageTitle('forgotPassword');
  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-10">
      <Card>
        <CardHeader>
          <CardTitle>
            <span role="heading" aria-level={1}>
              {t('auth.forgotPasswordTitle')}
            </span>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <ForgotPasswordForm />
        </CardContent>
      </Card>
    </div>
  );
}
