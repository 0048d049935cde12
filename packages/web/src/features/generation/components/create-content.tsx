import { defaultPreferences, resolvePreferences } from '@life-updates/contract/preferences';
import { everyoneTextKey } from '@life-updates/contract/share-options';
import type { Share } from '@life-updates/contract/shares';
import { LightbulbIcon, RefreshCwIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { Idea } from '@life-updates/contract/ideas';
import { useIdeas } from '@/api/ideas';
import { useShareDeliveries, useShareForIdea } from '@/api/shares';
import { DeliveryStatusList } from '@/components/shares/delivery-status-list';
import { LoadFailed } from '@/components/load-failed';
import { PhotoThumbnails } from '@/components/photos/photo-thumbnails';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { selectedIdeaId } from '../selection';
import { GenerationWorkspace } from './generation-workspace';
import { IdeaPickerDialog } from './idea-picker-dialog';

export function shareText(share: Share | null | undefined): string {
  if (!share) return '';
  return share.texts[everyoneTextKey] ?? Object.values(share.texts)[0] ?? '';
}

/** Create Content: one idea, its preferences, generate, one exit. */
export function CreateContent() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const ideaId = selectedIdeaId(location.state, searchParams);
  const ideas = useIdeas();
  const [isPickerOpen, setPickerOpen] = useState(false);

  // Keep the chosen idea in the URL so a reload opens it again.
  useEffect(() => {
    if (ideaId && searchParams.get('idea') !== ideaId) {
      void navigate({ search: `?idea=${encodeURIComponent(ideaId)}` }, { replace: true });
    }
  }, [ideaId, searchParams, navigate]);

  const idea = ideaId ? ideas.data?.ideas.find((candidate) => candidate.id === ideaId) : undefined;

  function pick(next: Idea) {
    setPickerOpen(false);
    setSearchParams({ idea: next.id });
  }

  const picker = (
    <IdeaPickerDialog
      open={isPickerOpen}
      onOpenChange={setPickerOpen}
      ideas={ideas.data?.ideas ?? []}
      isLoading={ideas.isPending}
      selectedId={idea?.id ?? null}
      onPick={pick}
    />
  );

  if (ideaId && ideas.isPending) {
    return <Spinner label={t('common.loading')} className="flex justify-center py-16" />;
  }
  if (ideas.isError && ideaId) {
    return <LoadFailed message={t('ideas.toasts.loadFailed')} onRetry={ideas.refetch} className="py-12 text-center" />;
  }
  if (!idea) {
    return (
      <Card className="mx-auto max-w-lg text-center">
        <CardHeader className="items-center">
          <LightbulbIcon className="size-10 text-muted-foreground" aria-hidden />
          <CardTitle>{t('generation.noIdeaSelected')}</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col justify-center gap-2 sm:flex-row">
          <Button onClick={() => void navigate(paths.dashboard)}>{t('generation.goToMyStories')}</Button>
          <Button variant="outline" onClick={() => setPickerOpen(true)}>
            {t('generation.chooseIdea')}
          </Button>
        </CardContent>
        {picker}
      </Card>
    );
  }

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 space-y-0">
          <div className="min-w-0 space-y-1">
            <p className="text-sm text-muted-foreground">{t('generation.selectedIdea')}</p>
            <CardTitle className="break-words">{idea.title}</CardTitle>
          </div>
          <Button variant="outline" size="sm" onClick={() => setPickerOpen(true)}>
            <RefreshCwIcon aria-hidden />
            {t('generation.changeIdea')}
          </Button>
        </CardHeader>
        <CardContent>
          <p className="whitespace-pre-wrap break-words text-sm">{idea.content}</p>
          <PhotoThumbnails photos={idea.photos} className="mt-3" />
        </CardContent>
      </Card>
      <IdeaWorkspace key={idea.id} idea={idea} />
      {picker}
    </div>
  );
}

/** Waits for the idea's saved / approved / sent share, then opens with its text. */
function IdeaWorkspace({ idea }: { idea: Idea }) {
  const { t } = useTranslation();
  const share = useShareForIdea(idea.id);
  if (share.isPending) return <Spinner label={t('common.loading')} className="flex justify-center py-10" />;
  return (
    <>
      {share.data && ['sending', 'sent', 'failed'].includes(share.data.status) ? (
        <ShareRecipients shareId={share.data.id} />
      ) : null}
      <GenerationWorkspace
        ideaIds={[idea.id]}
        initialText={shareText(share.data)}
        // Stored preferences, else the Create Content defaults (length Medium).
        initialPreferences={resolvePreferences(idea.preferences, defaultPreferences)}
        generateLabel={t('generation.generateContent')}
      />
    </>
  );
}

/** Who a shared idea went to, each with their delivery status and when it changed. */
function ShareRecipients({ shareId }: { shareId: string }) {
  const { t } = useTranslation();
  const deliveries = useShareDeliveries(shareId);
  if (!deliveries.data || deliveries.data.deliveries.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle id={`recipients-${shareId}`}>{t('recipients.recipientStatus')}</CardTitle>
      </CardHeader>
      <CardContent>
        <DeliveryStatusList deliveries={deliveries.data.deliveries} labelId={`recipients-${shareId}`} />
      </CardContent>
    </Card>
  );
}
