import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { verifyTwoFactor } from '@/api/me';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ApiRequestError, errorMessage } from '@/lib/api-client';
import { formatTime } from '@/lib/format-date';
import { AuthFormEnd } from './auth-form-end';

/**
 * Why this sign-in cannot go on with a code (a catalogue key and its values), or null: its 5 codes
 * are used up or it took too long (the password is asked again), or 10 wrong codes locked two-factor
 * sign-in for the account (said with the end of the lock in the reader's own time).
 */
function signInEnded(failure: unknown, language: string): { key: string; values?: { time: string } } | null {
  if (!(failure instanceof ApiRequestError)) return null;
  if (failure.code === 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE') return { key: 'auth.twoFactor.signInAgain' };
  if (failure.code === 'INVALID_TWO_FACTOR_COOKIE') return { key: 'auth.twoFactor.expired' };
  if (failure.code !== 'ACCOUNT_TEMPORARILY_LOCKED') return null;
  return failure.lockedUntil
    ? { key: 'auth.twoFactor.lockedUntil', values: { time: formatTime(failure.lockedUntil, language) } }
    : { key: 'auth.twoFactor.locked' };
}

/**
 * Sign-in's second step with two-factor authentication on: the app's code, or a backup code. When
 * this sign-in cannot go on, `onEnded` takes the user back to the password with the reason.
 */
export function TwoFactorStep({
  onSignedIn,
  onEnded,
}: {
  onSignedIn: () => Promise<void>;
  onEnded: (reason: string) => void;
}) {
  const { t, i18n } = useTranslation();
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
      const ended = signInEnded(failure, i18n.language);
      if (ended !== null) {
        onEnded(t(ended.key, ended.values ?? {}));
        return;
      }
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
