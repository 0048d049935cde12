import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { usePageTitle } from '@/lib/use-page-title';

/** Where a reset link leads: better-auth checked the token and passes it (?token=), or says it is not valid (?error=). */
export function Component() {
  const { t } = useTranslation();
  usePageTitle('resetPassword');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('error') ? null : searchParams.get('token');
  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-10">
      <Card>
        <CardHeader>
          <CardTitle>
            <span role="heading" aria-level={1}>
              {t('auth.resetPasswordTitle')}
            </span>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <ResetPasswordForm token={token} />
        </CardContent>
      </Card>
    </div>
  );
}
