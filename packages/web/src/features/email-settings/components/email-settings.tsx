import { SendIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useEmailSettings, useEmailTransport } from '@/api/email';
import { Spinner } from '@/components/ui/spinner';
import { EmailSettingsForm } from './email-settings-form';
import { OutboxList } from './outbox-list';
import { TestEmailPanel } from './test-email-panel';

/** Settings → Email: the form, the test panel, the transport in use and, for the outbox, its messages. */
export function EmailSettings() {
  const { t } = useTranslation();
  const settings = useEmailSettings();
  const transport = useEmailTransport();

  if (settings.isPending) return <Spinner label={t('common.loading')} />;
  if (settings.isError) return <p className="text-destructive">{t('email.settings.loadFailed')}</p>;

  return (
    <div className="space-y-6">
      {/* Keyed by the saved state so a removed or saved key resets the form from the server's answer. */}
      <EmailSettingsForm key={String(settings.data.hasApiKey)} settings={settings.data} />
      {transport.data ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <SendIcon className="size-4" aria-hidden />
          {t('email.transport.current', { transport: t(`email.transport.${transport.data.kind}`) })}
        </p>
      ) : null}
      <TestEmailPanel />
      {transport.data?.kind === 'outbox' ? <OutboxList /> : null}
    </div>
  );
}
