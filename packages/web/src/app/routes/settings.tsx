import { ShieldCheckIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useMe, useSignOut } from '@/api/me';
import { ScreenFrame } from '@/components/layout/screen-frame';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { AccountSettings } from '@/features/account/components/account-settings';
import { DeleteAccount } from '@/features/account/components/delete-account';
import { ExportData } from '@/features/account/components/export-data';
import { SignedInDevices } from '@/features/account/components/signed-in-devices';
import { PasskeySettings } from '@/features/account/components/passkey-settings';
import { TwoFactorSettings } from '@/features/account/components/two-factor-settings';
import { AdminPanel } from '@/features/admin/components/admin-panel';
import { AiSettings } from '@/features/settings/components/ai-settings';
import { ConnectedAccounts } from '@/features/linkedin/components/connected-accounts';
import { ScheduleSettings } from '@/features/settings/components/schedule-settings';
import { EmailSettings } from '@/features/email-settings/components/email-settings';
import { VoiceSettings } from '@/features/settings/components/voice-settings';
import { TemplatesSettings } from '@/features/settings/components/templates-settings';
import { TelegramSettings } from '@/features/settings/components/telegram-settings';

const tabIds = [
  'scheduling',
  'templates',
  'email',
  'voice',
  'ai',
  'connected',
  'telegram',
  'account',
  'admin',
] as const;
type TabId = (typeof tabIds)[number];

/** The tab from ?tab=, defaulting to Scheduling; a non-admin asking for Admin gets Scheduling. */
function resolveTab(requested: string | null, isAdmin: boolean): TabId {
  const tab = tabIds.find((id) => id === requested) ?? 'scheduling';
  return tab === 'admin' && !isAdmin ? 'scheduling' : tab;
}

export function Component() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const signOut = useSignOut();
  const [searchParams, setSearchParams] = useSearchParams();
  if (!me) return null;
  const activeTab = resolveTab(searchParams.get('tab'), me.isAdmin);
  const visibleTabs = tabIds.filter((id) => id !== 'admin' || me.isAdmin);
  const panels: Record<TabId, ReactNode> = {
    scheduling: <ScheduleSettings />,
    templates: <TemplatesSettings />,
    email: <EmailSettings />,
    voice: <VoiceSettings />,
    ai: <AiSettings />,
    connected: <ConnectedAccounts />,
    telegram: <TelegramSettings />,
    account: (
      <div className="space-y-6">
        <AccountSettings me={me} onSignOut={() => signOut.mutate()} isSigningOut={signOut.isPending} />
        <TwoFactorSettings me={me} />
        <PasskeySettings />
        <SignedInDevices />
        <ExportData />
        <DeleteAccount />
      </div>
    ),
    admin: <AdminPanel currentUserId={me.id} />,
  };

  return (
    <ScreenFrame
      screen="settings"
      beside={
        me.isAdmin ? (
          <Badge variant="success">
            <ShieldCheckIcon className="mr-1 size-3.5" aria-hidden />
            {t('settings.adminAccess')}
          </Badge>
        ) : null
      }
    >
      <Tabs value={activeTab} onValueChange={(tab) => setSearchParams({ tab }, { replace: true })}>
        <TabsList>
          {visibleTabs.map((id) => (
            <TabsTrigger key={id} value={id}>
              {id === 'telegram' ? t('telegram.tab') : t(`settings.tabs.${id}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        {visibleTabs.map((id) => (
          <TabsContent key={id} value={id}>
            {panels[id]}
          </TabsContent>
        ))}
      </Tabs>
      <Card>
        <CardHeader>
          <CardTitle>{t('settings.about.title')}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-1 text-sm">
          <p className="font-medium">{t('settings.about.version')}</p>
          <p className="text-muted-foreground">{t('settings.about.text')}</p>
        </CardContent>
      </Card>
    </ScreenFrame>
  );
}
