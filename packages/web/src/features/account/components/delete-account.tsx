import { Trash2Icon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteAccount } from '@/api/me';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ApiRequestError } from '@/lib/api-client';
import { CurrentPasswordField } from './current-password-field';

/** Settings → Account: delete the account; typing the password is the confirmation. */
export function DeleteAccount() {
  const { t } = useTranslation();
  const deleteAccount = useDeleteAccount();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    if (password === '') {
      setError(t('validation.required'));
      return;
    }
    deleteAccount.mutate(password, {
      onError: (failure) =>
        setError(
          failure instanceof ApiRequestError && failure.status < 500
            ? (failure.fields?.password ?? failure.message)
            : t('settings.deleteAccount.failed'),
        ),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('settings.deleteAccount.title')}</CardTitle>
        <CardDescription>{t('settings.deleteAccount.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="flex flex-wrap items-end gap-4">
          <div className="min-w-64 flex-1">
            <CurrentPasswordField
              label={t('settings.deleteAccount.password')}
              error={error}
              value={password}
              onChange={setPassword}
            />
          </div>
          <Button type="submit" variant="destructive" disabled={deleteAccount.isPending}>
            <Trash2Icon aria-hidden />
            {deleteAccount.isPending ? t('settings.deleteAccount.deleting') : t('settings.deleteAccount.confirm')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
