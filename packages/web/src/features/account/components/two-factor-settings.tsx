import type { Me } from '@life-updates/contract/auth';
import { useQueryClient } from '@tanstack/react-query';
import { ShieldCheckIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { meKeys } from '@/api/me';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { api, refusalMessage } from '@/lib/api-client';
import { toast } from 'sonner';
import { CurrentPasswordField } from './current-password-field';
import { download } from '@/lib/download';

type Setup = { totpURI: string; backupCodes: string[]; qrDataUrl: string };

/** Where turning it on stands: the password, then the QR code and first code, then the backup codes once. */
type Step = { name: 'idle' } | { name: 'scan'; setup: Setup } | { name: 'backup-codes'; codes: string[] };

/** Offers the backup codes as a text file. */
function downloadCodes(codes: string[]) {
  const text = `Life Updates backup codes\n\n${codes.join('\n')}\n`;
  download(new Blob([text], { type: 'text/plain' }), 'life-updates-backup-codes.txt');
}

/** Settings → Account: two-factor authentication with an authenticator app (better-auth's twoFactor plugin). */
export function TwoFactorSettings({ me }: { me: Me }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [step, setStep] = useState<Step>({ name: 'idle' });
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [isWorking, setIsWorking] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setError(undefined);
    setIsWorking(true);
    try {
      await work();
    } catch (failure) {
      setError(refusalMessage(failure, t('settings.twoFactor.failed')));
    } finally {
      setIsWorking(false);
    }
  };

  const turnOn = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const answer = await api<{ totpURI: string; backupCodes: string[] }>('/api/auth/two-factor/enable', {
        method: 'POST',
        body: { password },
      });
      // The QR code library loads only here, not with the settings screen.
      const { toDataURL } = await import('qrcode');
      setStep({
        name: 'scan',
        setup: { ...answer, qrDataUrl: await toDataURL(answer.totpURI, { margin: 1, width: 192 }) },
      });
      setPassword('');
    });
  };

  const confirm = (setup: Setup) => (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await api('/api/auth/two-factor/verify-totp', { method: 'POST', body: { code: code.trim() } });
      setCode('');
      setStep({ name: 'backup-codes', codes: setup.backupCodes });
      toast.success(t('settings.twoFactor.enabled'));
    });
  };

  const turnOff = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await api('/api/auth/two-factor/disable', { method: 'POST', body: { password } });
      setPassword('');
      toast.success(t('settings.twoFactor.disabled'));
      await client.invalidateQueries({ queryKey: meKeys.all });
    });
  };

  const passwordField = (
    <CurrentPasswordField
      label={t('settings.twoFactor.password')}
      error={error}
      value={password}
      onChange={setPassword}
    />
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheckIcon className="size-5" aria-hidden />
          {t('settings.twoFactor.title')}
          <Badge variant={me.twoFactorEnabled ? 'success' : 'outline'}>
            {me.twoFactorEnabled ? t('settings.twoFactor.on') : t('settings.twoFactor.off')}
          </Badge>
        </CardTitle>
        <CardDescription>{t('settings.twoFactor.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {step.name === 'scan' ? (
          <form onSubmit={confirm(step.setup)} noValidate className="space-y-4">
            <p className="text-sm">{t('settings.twoFactor.scan')}</p>
            <img src={step.setup.qrDataUrl} alt={t('settings.twoFactor.title')} width={192} height={192} />
            <p className="text-sm">
              {t('settings.twoFactor.secret')}:{' '}
              <code className="break-all">{new URL(step.setup.totpURI).searchParams.get('secret')}</code>
            </p>
            <FormField label={t('settings.twoFactor.confirmCode')} error={error}>
              <Input
                value={code}
                onChange={(event) => setCode(event.target.value)}
                inputMode="numeric"
                autoComplete="one-time-code"
              />
            </FormField>
            <Button type="submit" disabled={isWorking}>
              {isWorking ? t('settings.twoFactor.working') : t('settings.twoFactor.confirm')}
            </Button>
          </form>
        ) : step.name === 'backup-codes' ? (
          <div className="space-y-4">
            <h3 className="font-semibold">{t('settings.twoFactor.backupTitle')}</h3>
            <p className="text-sm text-muted-foreground">{t('settings.twoFactor.backupHint')}</p>
            <ul aria-label={t('settings.twoFactor.backupTitle')} className="grid grid-cols-2 gap-1 font-mono text-sm">
              {step.codes.map((backupCode) => (
                <li key={backupCode}>{backupCode}</li>
              ))}
            </ul>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={() => downloadCodes(step.codes)}>
                {t('settings.twoFactor.download')}
              </Button>
              <Button
                onClick={() => {
                  setStep({ name: 'idle' });
                  void client.invalidateQueries({ queryKey: meKeys.all });
                }}
              >
                {t('settings.twoFactor.done')}
              </Button>
            </div>
          </div>
        ) : (
          <form onSubmit={me.twoFactorEnabled ? turnOff : turnOn} noValidate className="flex flex-wrap items-end gap-4">
            <div className="min-w-64 flex-1">{passwordField}</div>
            <Button type="submit" variant={me.twoFactorEnabled ? 'outline' : 'default'} disabled={isWorking}>
              {isWorking
                ? t('settings.twoFactor.working')
                : me.twoFactorEnabled
                  ? t('settings.twoFactor.disable')
                  : t('settings.twoFactor.enable')}
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
