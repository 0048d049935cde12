import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShareReview } from '@/api/shares';
import { LoadFailed } from '@/components/load-failed';
import { Badge } from '@/components/ui/badge';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { DeliveredShareCard } from './delivered-share-card';
import { PendingShareCard } from './pending-share-card';
import { ScheduledShareCard } from './scheduled-share-card';

const tabs = ['pending', 'scheduled', 'sent', 'failed'] as const;
type Tab = (typeof tabs)[number];

/**
 * Summeris: everything that goes out, on every channel. Pending: shares waiting for review;
 * Scheduled: waiting for their time; Sent: each destination's status; Failed: the destinations that
 * did not get it (a partial send is in Sent and in Failed). Each tab in the server's order, newest first.
 */
export function ShareReviewPage() {
  const { t } = useTranslation();
  const summeris = useShareReview();
  const [tab, setTab] = useState<Tab>('pending');

  if (summeris.isPending) return <Spinner label={t('common.loading')} />;
  if (summeris.isError) return <LoadFailed message={t('summeris.toasts.loadFailed')} onRetry={summeris.refetch} />;
  const review = summeris.data;
  return (
    <Tabs value={tab} onValueChange={(value) => setTab(tabs.find((candidate) => candidate === value) ?? 'pending')}>
      <TabsList className="grid w-full grid-cols-2 sm:inline-flex sm:w-auto">
        {tabs.map((name) => (
          <TabsTrigger key={name} value={name}>
            {t(`summeris.tabs.${name}`)}{' '}
            <Badge variant="secondary" className="ml-2">
              {review[name].length}
            </Badge>
          </TabsTrigger>
        ))}
      </TabsList>
      {tabs.map((name) => (
        <TabsContent key={name} value={name} className="space-y-4">
          {review[name].length === 0 ? (
            <p className="py-8 text-center text-muted-foreground">{t(`summeris.empty.${name}`)}</p>
          ) : (
            review[name].map((share) =>
              name === 'pending' ? (
                <PendingShareCard key={share.id} share={share} />
              ) : name === 'scheduled' ? (
                <ScheduledShareCard key={share.id} share={share} />
              ) : (
                <DeliveredShareCard key={share.id} share={share} view={name} />
              ),
            )
          )}
        </TabsContent>
      ))}
    </Tabs>
  );
}
