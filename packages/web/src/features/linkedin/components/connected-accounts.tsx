import { linkedinCallbackOutcomes } from '@life-updates/contract/linkedin';
import { LinkIcon, UnlinkIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { useConnectLinkedin, useDisconnectLinkedin, useLinkedinConnection } from '@/api/linkedin';
import { ServiceCard } from '@/components/service-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/lib/api-client';
import { formatLinkedinDate } from './linkedin-dates';

/**
 * Settings → Connected accounts: LinkedIn's state (the member's name and when access expires), and
 * Connect / Reconnect / Disconnect. Coming back from LinkedIn, `?linkedin=` says how it went.
 */
export function ConnectedAccounts() {
  const { t, i18n } = useTranslation();
  const status = useLinkedinConnection();
  const connect = useConnectLinkedin();
  const disconnect = useDisconnectLinkedin();
  const [isConfirming, setConfirming] = useState(false);
  const [searchParams, setSearchParams] = useSearchParams();
  const outcome = linkedinCallbackOutcomes.find((value) => value === searchParams.get('linkedin'));

  useEffect(() => {
    if (!outcome) return;
    if (outcome === 'connected') toast.success(t('linkedin.callback.connected'));
    else if (outcome === 'denied') toast.info(t('linkedin.callback.denied'));
    else toast.error(t('linkedin.callback.failed'));
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('linkedin');
        return next;
      },
      { replace: true },
    );
  }, [outcome, setSearchParams, t]);

  const startConnect = () =>
    connect.mutate(undefined, { onError: (error) => toast.error(errorMessage(error, t('linkedin.callback.failed'))) });

  const connection = status.data?.connection ?? null;
  return (
    <ServiceCard
      title={t('linkedin.connectedAccounts')}
      description={t('linkedin.connectedAccountsDescription')}
      status={status}
      failedMessage={t('errors.internal')}
      notConfiguredMessage={t('linkedin.notConfigured')}
      after={
        <ConfirmDialog
          open={isConfirming}
          onOpenChange={setConfirming}
          title={t('linkedin.disconnectConfirmTitle')}
          description={t('linkedin.disconnectConfirmDescription')}
          cancelLabel={t('common.cancel')}
          confirmLabel={t('linkedin.disconnect')}
          onConfirm={() =>
            disconnect.mutate(undefined, {
              onSuccess: () => toast.success(t('linkedin.disconnected')),
              onError: (error) => toast.error(errorMessage(error, t('errors.internal'))),
            })
          }
        />
      }
    >
      <section aria-labelledby="linkedin-account-title" className="space-y-3 rounded-md border border-border p-4">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id="linkedin-account-title" className="font-semibold">
            {t('linkedin.name')}
          </h3>
          {connection ? (
            <Badge
              variant={
                connection.state === 'valid' ? 'success' : connection.state === 'expiring' ? 'warning' : 'destructive'
              }
            >
              {t('linkedin.connectedAs', { name: connection.name })}
            </Badge>
          ) : (
            <Badge variant="secondary">{t('linkedin.notConnected')}</Badge>
          )}
        </div>
        {connection ? (
          <p className="text-sm text-muted-foreground">
            {t(connection.state === 'expired' ? 'linkedin.expiredOn' : 'linkedin.expiresOn', {
              date: formatLinkedinDate(connection.expiresAt, i18n.language),
            })}
          </p>
        ) : null}
        {status.data?.isConfigured ? (
          <div className="flex flex-wrap gap-2">
            <Button onClick={startConnect} disabled={connect.isPending || connect.isSuccess}>
              <LinkIcon aria-hidden />
              {connect.isPending || connect.isSuccess
                ? t('linkedin.connecting')
                : connection
                  ? t('linkedin.reconnect')
                  : t('linkedin.connect')}
            </Button>
            {connection ? (
              <Button variant="outline" onClick={() => setConfirming(true)} disabled={disconnect.isPending}>
                <UnlinkIcon aria-hidden />
                {t('linkedin.disconnect')}
              </Button>
            ) : null}
          </div>
        ) : null}
      </section>
    </ServiceCard>
  );
}
