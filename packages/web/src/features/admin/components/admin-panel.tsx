import { FileTextIcon, LightbulbIcon, UsersIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useAdminStats } from '@/api/admin';
import { Card, CardContent } from '@/components/ui/card';
import { AiProvidersCard } from './ai-providers-card';
import { TranscriptionCard } from './transcription-card';
import { ContactRequests } from './contact-requests';
import { BackupsCard } from './backups-card';
import { PublicAddressCard } from './public-address-card';
import { UsersTable } from './users-table';

/** Settings → Admin: figures, users and requests, all from the server. */
export function AdminPanel({ currentUserId }: { currentUserId: string }) {
  const { t } = useTranslation();
  const stats = useAdminStats();
  const figures = [
    { label: t('admin.stats.totalUsers'), value: stats.data?.totalUsers, Icon: UsersIcon },
    { label: t('admin.stats.totalSummaries'), value: stats.data?.totalShares, Icon: FileTextIcon },
    { label: t('admin.stats.totalIdeas'), value: stats.data?.totalIdeas, Icon: LightbulbIcon },
  ];
  return (
    <div className="space-y-6">
      <p className="text-sm text-muted-foreground">{t('admin.description')}</p>
      {stats.isError ? <p className="text-sm text-destructive">{t('admin.stats.loadFailed')}</p> : null}
      <section className="grid gap-4 sm:grid-cols-3" aria-label={t('admin.title')}>
        {figures.map(({ label, value, Icon }) => (
          <Card key={label}>
            <CardContent className="flex items-center gap-4 pt-6">
              <span className="rounded-full bg-muted p-3" aria-hidden>
                <Icon className="size-5" />
              </span>
              <div>
                <p className="text-sm text-muted-foreground">{label}</p>
                <p className="text-2xl font-bold tabular-nums">{value ?? '…'}</p>
              </div>
            </CardContent>
          </Card>
        ))}
      </section>
      <UsersTable currentUserId={currentUserId} />
      <ContactRequests />
      <AiProvidersCard />
      <TranscriptionCard />
      <PublicAddressCard />
      <BackupsCard />
    </div>
  );
}
