import { previewContent } from '@life-updates/contract/idea-options';
import { resolvePreferences, preferenceFallbacks } from '@life-updates/contract/preferences';
import type { Share } from '@life-updates/contract/shares';
import { PencilIcon, RefreshCwIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { Idea } from '@life-updates/contract/ideas';
import { useIdeas } from '@/api/ideas';
import { useSavedShares } from '@/api/shares';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { formatCreatedAt, selectedIdeaIds } from '../selection';
import { shareText } from './create-content';
import { EditIdeaDialog } from '@/components/edit-idea-dialog';
import { GenerationWorkspace } from './generation-workspace';

/**
 * The text the Generate screen opens with: with one idea, the first
 * saved-for-later share containing it; with several, a saved-for-later share of exactly these ideas.
 */
function savedTextFor(ids: readonly string[], shares: readonly Share[]): string {
  const share =
    ids.length === 1
      ? shares.find((candidate) => candidate.ideaIds.includes(ids[0]!))
      : shares.find(
          (candidate) =>
            candidate.ideaIds.length === ids.length && candidate.ideaIds.every((id, index) => id === ids[index]),
        );
  return shareText(share);
}

/** The Generate screen (Edit, Approve & Finish and Send Email all work). */
export function GenerateScreen() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const ids = selectedIdeaIds(location.state, searchParams);
  const idsKey = ids.join(',');
  const ideas = useIdeas();
  const savedShares = useSavedShares();
  const [editing, setEditing] = useState<Idea | null>(null);

  // Keep the chosen ideas in the URL so a reload opens them again.
  useEffect(() => {
    if (idsKey && searchParams.get('ideas') !== idsKey) {
      void navigate({ search: `?ideas=${idsKey.split(',').map(encodeURIComponent).join(',')}` }, { replace: true });
    }
  }, [idsKey, searchParams, navigate]);

  const byId = new Map((ideas.data?.ideas ?? []).map((idea) => [idea.id, idea]));
  const chosen = ids.map((id) => byId.get(id)).filter((idea) => idea !== undefined);
  const chosenIds = chosen.map((idea) => idea.id);
  const isLoading = ids.length > 0 && (ideas.isPending || savedShares.isPending);
  const single = chosen.length === 1 ? chosen[0] : undefined;

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-3 space-y-0">
          <CardTitle>{t('generation.ideasChosen')}</CardTitle>
          <Button variant="outline" size="sm" onClick={() => void navigate(paths.dashboard)}>
            <RefreshCwIcon aria-hidden />
            {t('generation.changeIdea')}
          </Button>
        </CardHeader>
        <CardContent>
          {isLoading ? (
            <Spinner label={t('common.loading')} className="flex justify-center py-6" />
          ) : chosen.length === 0 ? (
            <p className="py-4 text-center text-sm text-muted-foreground">{t('generation.noIdeasSelected')}</p>
          ) : (
            <ul className="space-y-3">
              {chosen.map((idea) => (
                <li
                  key={idea.id}
                  className="flex items-start justify-between gap-3 rounded-md border border-border p-3"
                >
                  <div className="min-w-0 space-y-1">
                    <h3 className="break-words font-medium">{idea.title}</h3>
                    <p className="break-words text-sm text-muted-foreground">{previewContent(idea.content)}</p>
                    <p className="text-xs text-muted-foreground">
                      <time dateTime={idea.createdAt}>{formatCreatedAt(idea.createdAt, i18n.language)}</time>
                    </p>
                  </div>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`${t('generation.edit')}: ${idea.title}`}
                    onClick={() => setEditing(idea)}
                  >
                    <PencilIcon aria-hidden />
                    {t('generation.edit')}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      {isLoading ? null : (
        <GenerationWorkspace
          key={chosenIds.join(',')}
          ideaIds={chosenIds}
          initialText={savedTextFor(chosenIds, savedShares.data ?? [])}
          // One idea: its stored preferences; otherwise the generation defaults (length Short).
          initialPreferences={
            single ? resolvePreferences(single.preferences, preferenceFallbacks) : preferenceFallbacks
          }
          generateLabel={t('generation.generate')}
        />
      )}
      {editing ? <EditIdeaDialog key={editing.id} idea={editing} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}
