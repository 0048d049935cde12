import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { verifyTwoFactor } from '@/api/me';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { AuthFormEnd } from './auth-form-end';

/** Sign-in's second step with two-factor authentication on: the app's code, or a backup code. */
export function TwoFactorStep({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [isBackupCode, setIsBackupCode] = useState(false);
  const [trustDevice, setTrustDevice] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!isBackupCode && !/^\d{6}$/.test(code.trim())) {
      setError(t('auth.twoFactor.codeFormat'));
      return;
    }
    setIsSubmitting(true);
    try {
      await verifyTwoFactor({ code, isBackupCode, trustDevice });
    } catch (failure) {
      setError(errorMessage(failure, t('auth.loginUnexpected')));
      setIsSubmitting(false);
      return;
    }
    await onSignedIn();
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
      <h2 className="text-lg font-semibold">{t('auth.twoFactor.title')}</h2>
      {isBackupCode ? null : <p className="text-sm text-muted-foreground">{t('auth.twoFactor.intro')}</p>}
      <FormField label={isBackupCode ? t('auth.twoFactor.backupCode') : t('auth.twoFactor.code')}>
        <Input
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="one-time-code"
          inputMode={isBackupCode ? 'text' : 'numeric'}
        />
      </FormField>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={trustDevice} onChange={(event) => setTrustDevice(event.target.checked)} />
        {t('auth.twoFactor.trustDevice')}
      </label>
      <AuthFormEnd
        error={error}
        isSubmitting={isSubmitting}
        submit={t('auth.twoFactor.verify')}
        submitting={t('auth.twoFactor.verifying')}
      />
      <Button
        type="button"
        variant="link"
        className="w-full"
        onClick={() => {
          setIsBackupCode(!isBackupCode);
          setCode('');
          setError(null);
        }}
      >
        {isBackupCode ? t('auth.twoFactor.useAuthenticator') : t('auth.twoFactor.useBackupCode')}
      </Button>
    </form>
  );
}
