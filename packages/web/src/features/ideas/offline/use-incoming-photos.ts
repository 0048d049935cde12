import { maxPhotosPerIdea } from '@life-updates/contract/photo-options';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { takeIncomingPhotos } from './incoming-photos';

/**
 * The photos shared into the app from another app, handed to the new-idea form (`onPhotos`, its
 * photos to upload with the idea): taken from the device's store once, when the form first shows (a
 * reload does not bring them back), with a message when some of the shared files could not come along.
 */
export function useIncomingPhotos(onPhotos: (files: File[]) => void) {
  const { t } = useTranslation();
  const latest = useRef(onPhotos);
  useEffect(() => {
    latest.current = onPhotos;
  });

  useEffect(() => {
    takeIncomingPhotos().then(
      ({ files, leftOut, missed }) => {
        // Only what was there: a second read (React runs effects twice in development) finds nothing.
        if (files.length > 0) latest.current(files);
        if (leftOut > 0) toast.warning(t('capture.share.photosLeftOut', { count: leftOut, limit: maxPhotosPerIdea }));
        if (missed > 0) toast.warning(t('capture.share.photosMissed', { count: missed }));
      },
      () => {
        // No storage on this device (a private window may refuse IndexedDB): nothing was kept for the form.
      },
    );
  }, [t]);
}
