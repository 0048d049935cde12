import { RotateCwIcon, XIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import type { PendingPhoto } from './use-photo-uploads';

/**
 * Photos not stored yet: each with its local preview; while it uploads, its progress; when it
 * failed, the reason and Retry. Attached ones (waiting for the idea to be saved) can be removed.
 */
export function PendingPhotos({
  photos,
  onRetry,
  onRemove,
}: {
  photos: readonly PendingPhoto[];
  onRetry: (id: string) => void;
  onRemove: (id: string) => void;
}) {
  const { t } = useTranslation();
  if (photos.length === 0) return null;
  return (
    <ul className="grid grid-cols-[repeat(auto-fill,minmax(6rem,1fr))] gap-2" aria-label={t('photos.upload.heading')}>
      {photos.map((photo) => (
        <li key={photo.id} className="space-y-1 rounded-md border border-border p-1 text-xs">
          <div className="relative">
            <img
              src={photo.previewUrl}
              alt={photo.file.name}
              width={96}
              height={96}
              className="aspect-square w-full rounded object-cover"
            />
            {photo.state !== 'uploading' ? (
              <Button
                variant="secondary"
                size="icon"
                className="absolute right-1 top-1 size-6"
                onClick={() => onRemove(photo.id)}
                aria-label={t('photos.upload.remove', { name: photo.file.name })}
              >
                <XIcon aria-hidden />
              </Button>
            ) : null}
          </div>
          {photo.state === 'uploading' ? (
            <Progress
              value={photo.progress}
              aria-label={t('photos.upload.progress', { name: photo.file.name, percent: photo.progress })}
            />
          ) : null}
          {photo.state === 'failed' ? (
            <div role="alert" className="space-y-1">
              <p className="text-destructive">{photo.error}</p>
              <Button variant="outline" size="sm" className="h-7 w-full" onClick={() => onRetry(photo.id)}>
                <RotateCwIcon aria-hidden />
                {t('photos.upload.retry')}
              </Button>
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
