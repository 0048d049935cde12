import { missedPhotosParam } from '@life-updates/contract/share-target-options';
import { useEffect, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { noteMissedIncomingPhotos } from '@/features/ideas/offline/incoming-photos';
import { composeIncomingText, storeIncomingText } from '@/features/ideas/offline/incoming-text';

/**
 * The manifest's share target (GET /share?title=…&text=…&url=…): keeps what was shared and opens My
 * Stories, whose new-idea box takes it; a signed-out visitor signs in first and finds it there.
 * A share with photos arrives as a POST, which the service worker answers by keeping the photos on
 * the device and sending the browser here with the text; without the service worker the server
 * answers it, dropping the photos, and `missedPhotos` says how many, noted for the form to tell.
 */
export function Component() {
  const [params] = useSearchParams();
  storeIncomingText(
    composeIncomingText({ title: params.get('title'), text: params.get('text'), url: params.get('url') }),
  );
  const missedPhotos = Number.parseInt(params.get(missedPhotosParam) ?? '', 10);
  const hasMissedPhotos = Number.isSafeInteger(missedPhotos) && missedPhotos > 0;
  // My Stories opens once the note is kept, so that its form finds it.
  const [isNoted, setIsNoted] = useState(!hasMissedPhotos);
  useEffect(() => {
    if (!hasMissedPhotos) return;
    // Storage refused (a private window): the form cannot say it, the text still goes on.
    void noteMissedIncomingPhotos(missedPhotos)
      .catch(() => undefined)
      .finally(() => setIsNoted(true));
  }, [hasMissedPhotos, missedPhotos]);
  return isNoted ? <Navigate to={paths.dashboard} replace /> : null;
}
