import { countOpenIdeas, type IdeaStatus } from '@life-updates/contract/idea-options';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useIdeas } from '@/api/ideas';
import { useMe } from '@/api/me';
import { useIdeaShareTexts } from '@/api/shares';
import { useUsage } from '@/api/usage';
import { ScreenFrame } from '@/components/layout/screen-frame';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useQueuedIdeas } from '@/features/ideas/offline/queued-ideas';
import { IdeaForm } from '@/features/ideas/components/idea-form';
import { IdeaOrganizer } from '@/features/ideas/components/idea-organizer';
import { LoadingOverlay } from '@/features/ideas/components/loading-overlay';
import { OfflineBanner } from '@/features/ideas/components/offline-banner';
import { UsageMeter } from '@/features/ideas/components/usage-meter';
import { ShareIdeasFlow } from '@/features/shares/components/share-ideas-flow';
import { errorMessage } from '@/lib/api-client';
import { useIsOnline } from '@/lib/use-online-status';

/** My Stories: usage meter and entry form beside the Idea Organizer (3/2 grid when wide). */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ideaList = useIdeas();
  const usage = useUsage();
  const shareTexts = useIdeaShareTexts();
  const { data: me } = useMe();
  const queued = useQueuedIdeas(me?.id);
  const isOnline = useIsOnline();

  // The organizer's selection lives here so flows composed on this page (e.g. sharing the selected
  // ideas with contacts) can read it.
  const [tab, setTab] = useState<IdeaStatus>('raw');
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(new Set());
  const ideas = ideaList.data?.ideas ?? [];
  // The selected ideas of the current tab, newest first; ids of deleted ideas drop out.
  const selectedIdeas = ideas.filter((idea) => idea.status === tab && selectedIds.has(idea.id));
  // The selection in the order it was ticked: a share's ideas keep that order.
  const sharedIdeaIds = [...selectedIds].filter((id) => selectedIdeas.some((idea) => idea.id === id));

  const loadError = ideaList.error ?? usage.error;
  useEffect(() => {
    if (loadError)
      toast.error(t('ideas.loadAppDataError', { message: errorMessage(loadError, t('ideas.toasts.loadFailed')) }));
  }, [loadError, t]);

  const changeTab = (next: IdeaStatus) => {
    setTab(next);
    setSelectedIds(new Set());
  };

  const toggle = (id: string) =>
    setSelectedIds((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  // "Create" starts Create Content with the idea; "Open" does the same and Create Content reloads
  // the idea's saved share. Several selected ideas
  // go to the Generate screen, which writes one post from all of them ("Idea/s Chosen").
  const openSelected = () => {
    const [selectedIdea] = selectedIdeas;
    if (!selectedIdea) return;
    if (selectedIdeas.length > 1) void navigate(paths.generate, { state: { selectedIdeas } });
    else void navigate(paths.create, { state: { selectedIdea } });
  };

  // The overlay waits for the ideas only: the usage meter keeps its place until its figures arrive,
  // and the entry form is not held back for them. Offline, requests wait for the connection: the
  // screen shows what it has (the ideas as last loaded, app/offline-query-cache.ts) instead of loading.
  const isLoading = ideaList.isPending && isOnline;

  return (
    <ScreenFrame screen="dashboard">
      {/* Fixed over the whole screen: its place in the container does not matter. */}
      {isLoading ? <LoadingOverlay /> : null}
      {isOnline ? null : <OfflineBanner />}
      {ideaList.isError ? (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 rounded-lg border border-destructive p-4 text-sm"
        >
          <span>{t('ideas.toasts.loadFailed')}</span>
          <Button variant="outline" size="sm" onClick={() => void ideaList.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-5">
        <div className="space-y-6 lg:col-span-3">
          <UsageMeter usage={usage.data} />
          <IdeaForm
            openIdeas={
              ideaList.data ? { open: countOpenIdeas(ideaList.data.ideas), limit: ideaList.data.maxIdeas } : undefined
            }
          />
        </div>
        <div className="lg:col-span-2">
          <IdeaOrganizer
            ideas={ideas}
            shareTexts={shareTexts.data}
            tab={tab}
            onTabChange={changeTab}
            selectedIds={selectedIds}
            onToggle={toggle}
            onOpenSelected={openSelected}
            // Template picker → contact picker → Generate Summaries;
            // sent ideas are not shared again.
            shareAction={tab === 'sent' ? null : <ShareIdeasFlow selectedIdeaIds={sharedIdeaIds} />}
            waiting={me && queued.data ? { ideas: queued.data, userId: me.id } : undefined}
            isReadOnly={!isOnline}
          />
        </div>
      </div>
    </ScreenFrame>
  );
}
