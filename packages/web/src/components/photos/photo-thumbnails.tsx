import type { Photo } from '@life-updates/contract/photos';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { photoAlt } from './photo-alt';
import { PhotoViewer } from './photo-viewer';

/** Thumbnail size: set on each image so the list does not move as they load. */
const size = 56;

/** One photo's thumbnail, a button that opens the full-size view; lazy, sized before it loads. */
export function PhotoThumbnail({
  photo,
  index,
  count,
  onOpen,
  className,
}: {
  photo: Photo;
  index: number;
  count: number;
  onOpen: () => void;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-label={t('photos.list.open', { number: index + 1, count })}
      className={cn(
        'shrink-0 overflow-hidden focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        className,
      )}
    >
      <img
        src={photo.thumbnailUrl}
        alt={photoAlt(t, photo, index)}
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
        className="size-14 object-cover"
      />
    </button>
  );
}

/**
 * An idea's (or a share's) photos as small thumbnails, loaded as they scroll into view; each opens
 * the full-size view. Nothing when there are none.
 */
export function PhotoThumbnails({ photos, className }: { photos: readonly Photo[]; className?: string }) {
  const { t } = useTranslation();
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  if (photos.length === 0) return null;
  return (
    <>
      <ul className={cn('flex flex-wrap gap-1.5', className)} aria-label={t('photos.list.label')}>
        {photos.map((photo, index) => (
          <li key={photo.id}>
            <PhotoThumbnail
              photo={photo}
              index={index}
              count={photos.length}
              onOpen={() => setOpenIndex(index)}
              className="block rounded-md border border-border"
            />
          </li>
        ))}
      </ul>
      <PhotoViewer photos={photos} index={openIndex} onIndexChange={setOpenIndex} />
    </>
  );
}
