import type { AccountSession } from '@life-updates/contract/auth';
import { LaptopIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useAccountSessions, useRevokeOtherSessions, useRevokeSession } from '@/api/account';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from 'sonner';
import { formatDateTime } from '@/lib/format-date';

/** Settings → Account: where the account is signed in; sign out one device, or all but this one. */
export function SignedInDevices() {
  const { t, i18n } = useTranslation();
  const sessions = useAccountSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const deviceName = (session: AccountSession) => {
    if (!session.browser) return t('settings.sessions.unknownBrowser');
    return session.os
      ? t('settings.sessions.browserOn', { browser: session.browser, os: session.os })
      : session.browser;
  };
  const hasOthers = (sessions.data ?? []).some((session) => !session.isCurrent);

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('settings.sessions.title')}</CardTitle>
        <CardDescription>{t('settings.sessions.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {sessions.isError ? <p role="alert">{t('settings.sessions.loadFailed')}</p> : null}
        <ul className="divide-y divide-border" aria-label={t('settings.sessions.title')}>
          {(sessions.data ?? []).map((session) => (
            <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="flex items-start gap-3">
                <LaptopIcon className="mt-0.5 size-5 text-muted-foreground" aria-hidden />
                <div className="text-sm">
                  <p className="font-medium">
                    {deviceName(session)}{' '}
                    {session.isCurrent ? <Badge variant="secondary">{t('settings.sessions.thisDevice')}</Badge> : null}
                  </p>
                  <p className="text-muted-foreground">
                    {t('settings.sessions.lastActive', { date: formatDateTime(session.lastActiveAt, i18n.language) })}
                    {session.ipAddress ? ` · ${t('settings.sessions.from', { address: session.ipAddress })}` : null}
                  </p>
                  <p className="text-muted-foreground">
                    {t('settings.sessions.signedInAt', { date: formatDateTime(session.createdAt, i18n.language) })}
                  </p>
                </div>
              </div>
              {session.isCurrent ? null : (
                <Button
                  variant="outline"
                  size="sm"
                  disabled={revoke.isPending}
                  aria-label={`${t('settings.sessions.signOut')}: ${deviceName(session)}`}
                  onClick={() =>
                    revoke.mutate(session.id, {
                      onSuccess: () => toast.success(t('settings.sessions.signedOut')),
                      onError: () => toast.error(t('settings.sessions.failed')),
                    })
                  }
                >
                  {t('settings.sessions.signOut')}
                </Button>
              )}
            </li>
          ))}
        </ul>
        {hasOthers ? (
          <Button
            variant="outline"
            disabled={revokeOthers.isPending}
            onClick={() =>
              revokeOthers.mutate(undefined, {
                onSuccess: () => toast.success(t('settings.sessions.othersSignedOut')),
                onError: () => toast.error(t('settings.sessions.failed')),
              })
            }
          >
            {t('settings.sessions.signOutOthers')}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
