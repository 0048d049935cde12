import { maxIdeaContentLength } from '@life-updates/contract/idea-options';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Idea } from '@life-updates/contract/ideas';
import { toast } from 'sonner';
import { useUpdateIdea } from '@/api/ideas';
import { useIdeaPhotos } from '@/api/photos';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/input';
import { ApiRequestError } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { IdeaPhotosEditor } from './photos/idea-photos-editor';
import { usePhotoDropTarget } from './photos/photo-inputs';
import { usePhotoUploads } from './photos/use-photo-uploads';

/**
 * The idea editor ("Edit Event": content, Cancel, Update / "Saving..."), of My Stories' cards and
 * the Generate screen's Edit. Mounted while an idea is edited; it stays open until the save ends.
 * Its photos are changed at once (each upload, order, alt text and removal is saved by itself);
 * photos can be dropped or pasted anywhere on the dialog.
 */
export function EditIdeaDialog({ idea, onClose }: { idea: Idea; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateIdea();
  const [content, setContent] = useState(idea.content);
  const trimmed = content.trim();
  const isValid = trimmed !== '' && trimmed.length <= maxIdeaContentLength;
  const stored = useIdeaPhotos(idea.id, idea.photos);
  const uploads = usePhotoUploads({ ideaId: idea.id, storedCount: stored.data.length });
  const drop = usePhotoDropTarget(uploads.add);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isValid || update.isPending) return;
    update.mutate(
      { id: idea.id, update: { content: trimmed } },
      {
        onSuccess: () => {
          toast.success(t('ideas.toasts.updated'));
          onClose();
        },
        onError: (error) =>
          toast.error(t('ideas.toasts.updateFailed'), {
            description: error instanceof ApiRequestError ? error.message : undefined,
          }),
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && !update.isPending && onClose()}>
      <DialogContent {...drop.handlers} className={cn(drop.isDragging && 'ring-4 ring-primary')}>
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{t('ideas.editDialog.title')}</DialogTitle>
            <DialogDescription className="sr-only">{idea.title}</DialogDescription>
          </DialogHeader>
          <FormField label={t('ideas.editDialog.content')}>
            <Textarea rows={6} value={content} onChange={(event) => setContent(event.target.value)} />
          </FormField>
          <IdeaPhotosEditor ideaId={idea.id} initialPhotos={idea.photos} uploads={uploads} />
          <DialogFooter>
            <Button variant="outline" disabled={update.isPending} onClick={onClose}>
              {t('ideas.editDialog.cancel')}
            </Button>
            <Button type="submit" disabled={!isValid || update.isPending}>
              {update.isPending ? t('ideas.editDialog.saving') : t('ideas.editDialog.update')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
