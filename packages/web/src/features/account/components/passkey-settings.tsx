import { KeyRoundIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useAddPasskey, usePasskeys, useRemovePasskey, type Passkey } from '@/api/passkeys';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { formatDate } from '@/lib/format-date';

/** Settings → Account: passkeys that sign in instead of the password (better-auth's passkey plugin). */
export function PasskeySettings() {
  const { t, i18n } = useTranslation();
  const passkeys = usePasskeys();
  const addPasskey = useAddPasskey();
  const removePasskey = useRemovePasskey();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const passkeyName = (passkey: Passkey) => passkey.name || t('settings.passkeys.unnamed');

  const add = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    addPasskey.mutate(name.trim(), {
      onSuccess: () => {
        setName('');
        toast.success(t('settings.passkeys.added'));
      },
      // Closing the browser's dialog is a choice, not a failure to explain.
      onError: (failure) =>
        setError(
          failure instanceof Error && failure.name === 'NotAllowedError'
            ? t('settings.passkeys.cancelled')
            : t('settings.passkeys.failed'),
        ),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRoundIcon className="size-5" aria-hidden />
          {t('settings.passkeys.title')}
        </CardTitle>
        <CardDescription>{t('settings.passkeys.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {passkeys.data?.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('settings.passkeys.none')}</p>
        ) : (
          <ul className="divide-y divide-border" aria-label={t('settings.passkeys.listLabel')}>
            {(passkeys.data ?? []).map((passkey) => (
              <li key={passkey.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="text-sm">
                  <p className="font-medium">{passkeyName(passkey)}</p>
                  {passkey.createdAt ? (
                    <p className="text-muted-foreground">
                      {t('settings.passkeys.createdAt', { date: formatDate(passkey.createdAt, i18n.language) })}
                    </p>
                  ) : null}
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={removePasskey.isPending}
                  aria-label={t('settings.passkeys.removeNamed', { name: passkeyName(passkey) })}
                  onClick={() =>
                    removePasskey.mutate(passkey.id, {
                      onSuccess: () => toast.success(t('settings.passkeys.removed')),
                      onError: () => toast.error(t('settings.passkeys.failed')),
                    })
                  }
                >
                  {t('settings.passkeys.remove')}
                </Button>
              </li>
            ))}
          </ul>
        )}
        <form onSubmit={add} noValidate className="flex flex-wrap items-end gap-4">
          <div className="min-w-64 flex-1">
            <FormField label={t('settings.passkeys.name')} error={error}>
              <Input
                value={name}
                maxLength={100}
                placeholder={t('settings.passkeys.namePlaceholder')}
                onChange={(event) => setName(event.target.value)}
              />
            </FormField>
          </div>
          <Button type="submit" disabled={addPasskey.isPending}>
            {addPasskey.isPending ? t('settings.passkeys.adding') : t('settings.passkeys.add')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
