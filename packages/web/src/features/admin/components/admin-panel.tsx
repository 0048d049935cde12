import { FileTextIcon, LightbulbIcon, UsersIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminStats } from '@/api/admin';
import { Card, CardContent } from '@/components/ui/card';
import { ContactRequests } from './contact-requests';
import { BackupsCard } from './backups-card';
import { PublicAddressCard } from './public-address-card';
import { UsersTable } from './users-table';

function StatCard({ label, value, icon }: { label: string; value: number | undefined; icon: ReactNode }) {
  return (
    <Card>
      <CardContent className="flex items-center gap-4 pt-6">
        <span className="rounded-full bg-muted p-3" aria-hidden>
          {icon}
        </span>
        <div>
          <p className="text-sm text-muted-foreground">{label}</p>
          <p className="text-2xl font-bold tabular-nums">{value ?? '…'}</p>
        </div>
      </CardContent>
    </Card>
  );
}

/** Settings → Admin: figures, users and requests, all from the server. */
export function AdminPanel({ currentUserId }: { currentUserId: string }) {
  const { t } = useTranslation();
  const stats = useAdminStats();
  return (
    <div className="space-y-6">
      <p className="text-sm text-muted-foreground">{t('admin.description')}</p>
      {stats.isError ? <p className="text-sm text-destructive">{t('admin.stats.loadFailed')}</p> : null}
      <section className="grid gap-4 sm:grid-cols-3" aria-label={t('admin.title')}>
        <StatCard
          label={t('admin.stats.totalUsers')}
          value={stats.data?.totalUsers}
          icon={<UsersIcon className="size-5" />}
        />
        <StatCard
          label={t('admin.stats.totalSummaries')}
          value={stats.data?.totalShares}
          icon={<FileTextIcon className="size-5" />}
        />
        <StatCard
          label={t('admin.stats.totalIdeas')}
          value={stats.data?.totalIdeas}
          icon={<LightbulbIcon className="size-5" />}
        />
      </section>
      <UsersTable currentUserId={currentUserId} />
      <ContactRequests />
      <PublicAddressCard />
      <BackupsCard />
    </div>
  );
}
