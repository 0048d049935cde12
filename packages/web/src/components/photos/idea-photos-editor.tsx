import { maxPhotoAltLength } from '@life-updates/contract/photo-options';
import type { Photo } from '@life-updates/contract/photos';
import { ArrowDownIcon, ArrowUpIcon, GripVerticalIcon, Trash2Icon } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useDeletePhoto, useIdeaPhotos, useReorderPhotos, useUpdatePhoto } from '@/api/photos';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Input } from '@/components/ui/input';
import { refusalMessage } from '@/lib/api-client';
import type { usePhotoUploads } from './use-photo-uploads';
import { PendingPhotos } from './pending-photos';
import { PhotoPickerButtons } from './photo-inputs';
import { PhotoThumbnail } from './photo-thumbnails';
import { PhotoViewer } from './photo-viewer';

export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [moved] = next.splice(from, 1);
  if (moved === undefined || to < 0 || to > items.length - 1) return [...items];
  next.splice(to, 0, moved);
  return next;
}

/**
 * The photos of an existing idea (the Edit dialog): add more (picker, camera, drop, paste: the
 * dialog passes the uploads it feeds), put them in order (drag, or the arrow buttons from the
 * keyboard), give each an alt text, remove one after confirming, open the full-size view.
 */
export function IdeaPhotosEditor({
  ideaId,
  initialPhotos,
  uploads,
}: {
  ideaId: string;
  initialPhotos: Photo[];
  uploads: ReturnType<typeof usePhotoUploads>;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const query = useIdeaPhotos(ideaId, initialPhotos);
  const reorder = useReorderPhotos();
  const remove = useDeletePhoto();
  const [viewIndex, setViewIndex] = useState<number | null>(null);
  const [toRemove, setToRemove] = useState<Photo | null>(null);
  const dragged = useRef<number | null>(null);

  // The order the user asked for, shown until the server's answer replaces it
  // (https://tanstack.com/query/v5/docs/framework/react/guides/optimistic-updates#via-the-ui).
  const requestedOrder = reorder.isPending ? reorder.variables.photoIds : null;
  const photos = requestedOrder
    ? requestedOrder.flatMap((id) => query.data.filter((photo) => photo.id === id))
    : query.data;

  const move = (from: number, to: number) => {
    const next = moveItem(photos, from, to).map((photo) => photo.id);
    if (next.every((id, index) => id === photos[index]?.id)) return;
    reorder.mutate(
      { ideaId, photoIds: next },
      { onError: (error) => toast.error(refusalMessage(error, t('photos.manage.failed'))) },
    );
  };

  const confirmRemove = () => {
    if (!toRemove) return;
    remove.mutate(toRemove.id, {
      onSuccess: () => toast.success(t('photos.manage.removed')),
      onError: (error) => toast.error(refusalMessage(error, t('photos.manage.failed'))),
    });
    setToRemove(null);
  };

  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-sm font-medium">
          {t('photos.list.label')}
        </h3>
        <div className="flex flex-wrap gap-2">
          <PhotoPickerButtons onFiles={uploads.add} />
        </div>
      </div>
      {photos.length === 0 && uploads.pending.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('photos.list.empty')}</p>
      ) : (
        <ol className="space-y-2">
          {photos.map((photo, index) => (
            <li
              key={photo.id}
              draggable
              onDragStart={(event) => {
                dragged.current = index;
                event.dataTransfer.effectAllowed = 'move';
              }}
              onDragOver={(event) => {
                if (dragged.current === null) return;
                event.preventDefault();
                // A reorder, not a drop of files on the dialog.
                event.stopPropagation();
              }}
              onDrop={(event) => {
                if (dragged.current === null) return;
                event.preventDefault();
                event.stopPropagation();
                move(dragged.current, index);
                dragged.current = null;
              }}
              onDragEnd={() => (dragged.current = null)}
              className="flex items-start gap-2 rounded-md border border-border p-2"
              data-testid="idea-photo"
            >
              <GripVerticalIcon className="mt-4 size-4 shrink-0 cursor-grab text-muted-foreground" aria-hidden />
              <PhotoThumbnail
                photo={photo}
                index={index}
                count={photos.length}
                onOpen={() => setViewIndex(index)}
                className="rounded"
              />
              <AltTextForm key={`${photo.id}:${photo.alt ?? ''}`} photo={photo} number={index + 1} />
              <div className="flex shrink-0 flex-col">
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-8"
                  disabled={index === 0 || reorder.isPending}
                  onClick={() => move(index, index - 1)}
                  aria-label={t('photos.manage.moveEarlier', { number: index + 1 })}
                >
                  <ArrowUpIcon aria-hidden />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-8"
                  disabled={index === photos.length - 1 || reorder.isPending}
                  onClick={() => move(index, index + 1)}
                  aria-label={t('photos.manage.moveLater', { number: index + 1 })}
                >
                  <ArrowDownIcon aria-hidden />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-8 text-destructive hover:text-destructive"
                  onClick={() => setToRemove(photo)}
                  aria-label={t('photos.manage.remove', { number: index + 1 })}
                >
                  <Trash2Icon aria-hidden />
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <PendingPhotos photos={uploads.pending} onRetry={uploads.retry} onRemove={uploads.discard} />
      <p className="text-xs text-muted-foreground">{t('photos.picker.dropHint')}</p>
      <PhotoViewer photos={photos} index={viewIndex} onIndexChange={setViewIndex} />
      <ConfirmDialog
        open={toRemove !== null}
        onOpenChange={(open) => !open && setToRemove(null)}
        title={t('photos.manage.removeTitle')}
        description={t('photos.manage.removeDescription')}
        confirmLabel={t('photos.manage.removeConfirm')}
        cancelLabel={t('common.cancel')}
        onConfirm={confirmRemove}
      />
    </section>
  );
}

/** One photo's alt text: saved when the user saves it; an empty one removes it. */
function AltTextForm({ photo, number }: { photo: Photo; number: number }) {
  const { t } = useTranslation();
  const update = useUpdatePhoto();
  const [alt, setAlt] = useState(photo.alt ?? '');
  const isChanged = alt.trim() !== (photo.alt ?? '');
  const save = async (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (!isChanged || update.isPending) return;
    // Awaited rather than mutate's callbacks: the saved alt text gives this form a new key, and
    // React Query calls no callback of a form that is gone.
    try {
      await update.mutateAsync({ id: photo.id, update: { alt: alt.trim() } });
      toast.success(t('photos.manage.altSaved'));
    } catch (error) {
      toast.error(refusalMessage(error, t('photos.manage.failed')));
    }
  };
  // Its own form would nest inside the Edit dialog's: the field saves on Enter and with its button instead.
  return (
    <div className="min-w-0 flex-1 space-y-1">
      <label className="text-xs font-medium" htmlFor={`alt-${photo.id}`}>
        {t('photos.manage.altLabel', { number })}
      </label>
      <div className="flex gap-1">
        <Input
          id={`alt-${photo.id}`}
          value={alt}
          maxLength={maxPhotoAltLength}
          placeholder={t('photos.manage.altPlaceholder')}
          onChange={(event) => setAlt(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') void save(event);
          }}
          className="h-8"
        />
        <Button
          variant="outline"
          size="sm"
          className="h-8"
          disabled={!isChanged || update.isPending}
          onClick={(event) => void save(event)}
          aria-label={t('photos.manage.saveAltLabel', { number })}
        >
          {t('photos.manage.saveAlt')}
        </Button>
      </div>
    </div>
  );
}
