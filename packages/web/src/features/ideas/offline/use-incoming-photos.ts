import { maxPhotosPerIdea } from '@life-updates/contract/photo-options';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { takeIncomingPhotos } from './incoming-photos';

/**
 * The photos shared into the app from another app, for the new-idea form: taken from the device's
 * store once, when the form first shows (a reload does not bring them back), with a message when some
 * of the shared files could not come along. `discard` lets the user drop them.
 */
export function useIncomingPhotos(): { photos: File[]; discard: () => void } {
  const { t } = useTranslation();
  const [photos, setPhotos] = useState<File[]>([]);

  useEffect(() => {
    takeIncomingPhotos().then(
      ({ files, leftOut, missed }) => {
        // Only what was there: a second read (React runs effects twice in development) finds nothing
        // and must not clear what the first one found.
        if (files.length > 0) setPhotos(files);
        if (leftOut > 0) toast.warning(t('capture.share.photosLeftOut', { count: leftOut, limit: maxPhotosPerIdea }));
        if (missed > 0) toast.warning(t('capture.share.photosMissed', { count: missed }));
      },
      () => {
        // No storage on this device (a private window may refuse IndexedDB): nothing was kept for the form.
      },
    );
  }, [t]);

  const discard = useCallback(() => setPhotos([]), []);
  return { photos, discard };
}
