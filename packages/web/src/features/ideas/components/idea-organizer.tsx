import { organizerTabs, previewContent, type IdeaStatus } from '@life-updates/contract/idea-options';
import type { Idea } from '@life-updates/contract/ideas';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useDeleteIdea } from '@/api/ideas';
import { EditIdeaDialog } from '@/components/edit-idea-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ApiRequestError } from '@/lib/api-client';
import type { QueuedIdea } from '../offline/queue-store';
import { IdeaCard } from './idea-card';
import { QueuedIdeas } from './queued-ideas';

/** Raw and Later ideas can still be edited or deleted; Ready and Sent ones cannot. */
const isEditable = (status: IdeaStatus) => status === 'raw' || status === 'saved_for_later';
/** Ready and Sent cards show their share's saved text instead of the raw content. */
const showsShareText = (status: IdeaStatus) => status === 'approved' || status === 'sent';

/**
 * The Idea Organizer: tabs Raw / Later / Ready / Sent with count badges, cards
 * that toggle selection, and the bottom button "Create" (Raw) or "Open" (other tabs). The selection
 * lives with the caller, which also decides what the bottom button and `shareAction` do.
 */
export function IdeaOrganizer({
  ideas,
  shareTexts,
  tab,
  onTabChange,
  selectedIds,
  onToggle,
  onOpenSelected,
  shareAction,
  waiting,
  isReadOnly = false,
}: {
  ideas: readonly Idea[];
  shareTexts?: ReadonlyMap<string, string> | undefined;
  tab: IdeaStatus;
  onTabChange: (tab: IdeaStatus) => void;
  selectedIds: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onOpenSelected: () => void;
  /** Extra actions for the selection (the share-with-contacts flow), shown beside the bottom button. */
  shareAction?: ReactNode;
  /** Ideas kept on this device until the server has them: shown first under Raw, "Waiting to sync". */
  waiting?: { ideas: readonly QueuedIdea[]; userId: string } | undefined;
  /** Offline: the ideas are shown as last loaded, and nothing that needs the server is offered. */
  isReadOnly?: boolean;
}) {
  const { t } = useTranslation();
  const deleteIdea = useDeleteIdea();
  const [editing, setEditing] = useState<Idea | null>(null);
  const [deleting, setDeleting] = useState<Idea | null>(null);

  const ideasOf = (status: IdeaStatus) => ideas.filter((idea) => idea.status === status);
  const waitingIn = (status: IdeaStatus) => (status === 'raw' ? (waiting?.ideas ?? []) : []);
  const hasSelection = ideasOf(tab).some((idea) => selectedIds.has(idea.id));

  const confirmDelete = (idea: Idea) =>
    deleteIdea.mutate(idea.id, {
      onSuccess: () => toast.success(t('ideas.toasts.deleted')),
      onError: (error) =>
        toast.error(t('ideas.toasts.deleteFailed'), {
          description: error instanceof ApiRequestError ? error.message : undefined,
        }),
    });

  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="text-base">{t('ideas.organizer.title')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <Tabs value={tab} onValueChange={(value) => onTabChange(value as IdeaStatus)}>
          <TabsList className="grid w-full grid-cols-4">
            {organizerTabs.map(({ status, labelKey }) => (
              <TabsTrigger key={status} value={status} className="px-1.5">
                {t(labelKey)}
                <Badge variant={status === tab ? 'default' : 'outline'} className="px-1.5 py-0">
                  {ideasOf(status).length + waitingIn(status).length}
                </Badge>
              </TabsTrigger>
            ))}
          </TabsList>
          {organizerTabs.map(({ status, emptyKey }) => {
            const list = ideasOf(status);
            const waitingHere = waitingIn(status);
            return (
              <TabsContent key={status} value={status}>
                {list.length === 0 && waitingHere.length === 0 ? (
                  <p className="rounded-lg border border-dashed border-border p-8 text-center text-sm text-muted-foreground">
                    {t(emptyKey)}
                  </p>
                ) : (
                  <ul className="max-h-[400px] space-y-2 overflow-y-auto p-0.5">
                    {waiting && waitingHere.length > 0 ? (
                      <QueuedIdeas ideas={waitingHere} userId={waiting.userId} />
                    ) : null}
                    {list.map((idea) => (
                      <IdeaCard
                        key={idea.id}
                        idea={idea}
                        snippet={previewContent(
                          (showsShareText(status) ? shareTexts?.get(idea.id) : undefined) ?? idea.content,
                        )}
                        isSelected={selectedIds.has(idea.id)}
                        onToggle={() => onToggle(idea.id)}
                        onEdit={isEditable(status) && !isReadOnly ? () => setEditing(idea) : undefined}
                        onDelete={isEditable(status) && !isReadOnly ? () => setDeleting(idea) : undefined}
                      />
                    ))}
                  </ul>
                )}
              </TabsContent>
            );
          })}
        </Tabs>

        <div className="flex flex-wrap items-center justify-end gap-2">
          {isReadOnly ? null : shareAction}
          <Button onClick={onOpenSelected} disabled={!hasSelection || isReadOnly} className="min-w-28">
            {tab === 'raw' ? t('ideas.organizer.create') : t('ideas.organizer.open')}
          </Button>
        </div>
      </CardContent>

      {editing ? <EditIdeaDialog key={editing.id} idea={editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={t('ideas.deleteDialog.title')}
        description={t('ideas.deleteDialog.message')}
        cancelLabel={t('ideas.deleteDialog.cancel')}
        confirmLabel={t('ideas.deleteDialog.confirm')}
        onConfirm={() => {
          if (deleting) confirmDelete(deleting);
        }}
      />
    </Card>
  );
}
