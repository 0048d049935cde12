import type { Photo } from '@life-updates/contract/photos';
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { photoAlt } from './photo-alt';

/**
 * The full-size view of an idea's photos: a dialog (focus held inside, Escape closes) showing one
 * photo at a time; Previous / Next and the arrow keys move between them. Closed while `index` is
 * null; closing it sets null.
 */
export function PhotoViewer({
  photos,
  index,
  onIndexChange,
}: {
  photos: readonly Photo[];
  index: number | null;
  onIndexChange: (index: number | null) => void;
}) {
  const { t } = useTranslation();
  const photo = index === null ? undefined : photos[index];
  if (index === null || !photo) return null;
  const count = photos.length;
  const go = (step: number) => onIndexChange((index + step + count) % count);
  const position = { number: index + 1, count };
  return (
    <Dialog open onOpenChange={(open) => !open && onIndexChange(null)}>
      <DialogContent
        className="max-w-4xl"
        onKeyDown={(event) => {
          if (event.key === 'ArrowRight') go(1);
          else if (event.key === 'ArrowLeft') go(-1);
        }}
      >
        <DialogTitle>{t('photos.viewer.title', position)}</DialogTitle>
        <DialogDescription className={count > 1 ? 'sr-only' : 'hidden'}>{t('photos.viewer.keys')}</DialogDescription>
        <img
          src={photo.url}
          alt={photoAlt(t, photo, index)}
          width={photo.width}
          height={photo.height}
          className="mx-auto h-auto max-h-[70vh] w-auto max-w-full rounded object-contain"
        />
        {photo.alt ? <p className="text-sm text-muted-foreground">{photo.alt}</p> : null}
        {count > 1 ? (
          <div className="flex justify-between gap-2">
            <Button variant="outline" onClick={() => go(-1)}>
              <ChevronLeftIcon aria-hidden />
              {t('photos.viewer.previous')}
            </Button>
            <Button variant="outline" onClick={() => go(1)}>
              {t('photos.viewer.next')}
              <ChevronRightIcon aria-hidden />
            </Button>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
