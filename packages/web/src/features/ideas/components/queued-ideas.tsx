import { deriveTitle, formatDuration, previewContent } from '@life-updates/contract/idea-options';
import { CloudOffIcon, PencilIcon, RotateCwIcon, Trash2Icon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/input';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import {
  useDeleteQueuedIdea,
  useEditQueuedIdea,
  useRetryQueuedIdea,
  useSyncQueuedIdeas,
} from '../offline/queued-ideas';
import type { QueuedIdea } from '../offline/queue-store';

/**
 * The ideas waiting on this device, at the top of Raw (offline/idea-queue.ts): marked "Waiting to
 * sync", with the server's message when it refused one. They can be edited or deleted (after a
 * confirmation) until the server has them.
 */
export function QueuedIdeas({ ideas, userId }: { ideas: readonly QueuedIdea[]; userId: string }) {
  const { t } = useTranslation();
  const [deleting, setDeleting] = useState<QueuedIdea | null>(null);
  const deleteIdea = useDeleteQueuedIdea();
  return (
    <>
      {ideas.map((idea) => (
        <QueuedIdeaCard key={idea.key} idea={idea} userId={userId} onDelete={() => setDeleting(idea)} />
      ))}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={t('capture.queue.deleteTitle')}
        description={t('capture.queue.deleteMessage')}
        cancelLabel={t('capture.queue.cancel')}
        confirmLabel={t('capture.queue.deleteConfirm')}
        onConfirm={() => {
          if (deleting) deleteIdea.mutate(deleting.key);
        }}
      />
    </>
  );
}

function QueuedIdeaCard({ idea, userId, onDelete }: { idea: QueuedIdea; userId: string; onDelete: () => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<string | null>(null);
  const editIdea = useEditQueuedIdea();
  const retryIdea = useRetryQueuedIdea();
  const sync = useSyncQueuedIdeas();
  const fieldId = useId();
  const isVoice = idea.audio !== undefined;
  const title = isVoice
    ? t('capture.queue.voice', { duration: formatDuration(idea.audioSeconds ?? 0) })
    : deriveTitle(idea.content);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const content = draft?.trim() ?? '';
    if (!content) return;
    await editIdea.mutateAsync({ key: idea.key, content });
    setDraft(null);
    if (navigator.onLine) void sync(userId);
  };

  const retry = async () => {
    await retryIdea.mutateAsync(idea.key);
    void sync(userId);
  };

  return (
    <li className="rounded-lg border border-dashed border-border bg-card p-3" data-testid="queued-idea">
      {draft === null ? (
        <div className="flex items-start gap-1">
          <div className="min-w-0 flex-1">
            <span className="block truncate font-medium">{title}</span>
            {isVoice ? null : (
              <span className="mt-1 line-clamp-2 block text-sm whitespace-pre-line text-muted-foreground">
                {previewContent(idea.content)}
              </span>
            )}
            <Badge variant="outline" className="mt-2 gap-1">
              <CloudOffIcon className="size-3" aria-hidden />
              {t('capture.queue.waiting')}
            </Badge>
            {idea.photos?.length ? (
              <Badge variant="outline" className="ml-1 mt-2">
                {t('photos.queue.count', { count: idea.photos.length })}
              </Badge>
            ) : null}
            {idea.error !== undefined ? (
              <p className="mt-2 text-sm text-destructive">
                {/* Once the idea is stored, only one of its photos can have been refused. */}
                {idea.ideaId === undefined
                  ? t('capture.queue.refused', { message: idea.error })
                  : t('photos.queue.photoRefused', { message: idea.error })}
              </p>
            ) : null}
          </div>
          <div className="flex shrink-0 flex-col p-1">
            {/* Once the server has the idea (its photos still on their way) its text is no longer the queue's. */}
            {isVoice || idea.ideaId !== undefined ? null : (
              <Button
                variant="ghost"
                size="icon"
                onClick={() => setDraft(idea.content)}
                aria-label={t('capture.queue.editLabel', { title })}
              >
                <PencilIcon aria-hidden />
              </Button>
            )}
            <Button
              variant="ghost"
              size="icon"
              onClick={onDelete}
              aria-label={t('capture.queue.deleteLabel', { title })}
              className="text-destructive hover:text-destructive"
            >
              <Trash2Icon aria-hidden />
            </Button>
            {idea.error !== undefined ? (
              <Button variant="ghost" size="icon" onClick={() => void retry()} aria-label={t('capture.queue.retry')}>
                <RotateCwIcon aria-hidden />
              </Button>
            ) : null}
          </div>
        </div>
      ) : (
        <form onSubmit={(event) => void save(event)} className="space-y-2" aria-label={t('capture.queue.editTitle')}>
          <label htmlFor={fieldId} className="text-sm font-medium">
            {t('capture.queue.editField')}
          </label>
          <Textarea id={fieldId} rows={3} value={draft} onChange={(event) => setDraft(event.target.value)} />
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => setDraft(null)}>
              {t('capture.queue.cancel')}
            </Button>
            <Button type="submit" disabled={draft.trim() === '' || editIdea.isPending}>
              {t('capture.queue.save')}
            </Button>
          </div>
        </form>
      )}
    </li>
  );
}
