import { testEmailRequestSchema } from '@life-updates/contract/email';
import { MailCheckIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useSendTestEmail } from '@/api/email';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ApiRequestError } from '@/lib/api-client';

/** The Test Email Configuration panel. */
export function TestEmailPanel() {
  const { t } = useTranslation();
  const sendTest = useSendTestEmail();
  const [isOpen, setIsOpen] = useState(false);
  const [address, setAddress] = useState('');
  const [error, setError] = useState<string>();

  const close = () => {
    setIsOpen(false);
    setAddress('');
    setError(undefined);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = testEmailRequestSchema.safeParse({ to: address });
    if (!parsed.success) {
      setError(t(parsed.error.issues[0]?.message ?? 'email.invalidEmail'));
      return;
    }
    try {
      const result = await sendTest.mutateAsync(parsed.data.to);
      toast.success(result.message);
      close();
    } catch (failure) {
      if (failure instanceof ApiRequestError) {
        if (failure.fields?.to) setError(failure.fields.to);
        toast.error(failure.message);
      } else {
        const message = failure instanceof Error && failure.message ? failure.message : t('email.test.unknownError');
        toast.error(t('email.test.error', { message }));
      }
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('email.test.title')}</CardTitle>
        <CardDescription>{t('email.test.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {isOpen ? (
          <form onSubmit={onSubmit} noValidate className="space-y-4">
            <FormField label={t('email.test.address')} error={error}>
              <Input
                type="email"
                autoComplete="email"
                value={address}
                placeholder={t('email.test.addressPlaceholder')}
                onChange={(event) => {
                  setAddress(event.target.value);
                  setError(undefined);
                }}
              />
            </FormField>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={sendTest.isPending}>
                {sendTest.isPending ? t('email.test.sending') : t('email.test.send')}
              </Button>
              <Button type="button" variant="outline" onClick={close}>
                {t('email.test.cancel')}
              </Button>
            </div>
          </form>
        ) : (
          <Button type="button" variant="outline" onClick={() => setIsOpen(true)}>
            <MailCheckIcon aria-hidden />
            {t('email.test.title')}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
