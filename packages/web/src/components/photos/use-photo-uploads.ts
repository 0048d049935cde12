import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { uploadPhoto, usePhotosChanged } from '@/api/photos';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { refusalMessage } from '@/lib/api-client';
import { checkPhotoFiles } from './photo-checks';

/** A photo chosen on this device and not stored yet. */
export type PendingPhoto = {
  id: string;
  file: File;
  /** A local preview (object URL), released when the photo is stored or dropped. */
  previewUrl: string;
  /** Its own Idempotency-Key, kept across retries. */
  key: string;
  /** The idea it goes to; null while the idea is still being written. */
  ideaId: string | null;
  state: 'attached' | 'uploading' | 'failed';
  /** 0–100 while uploading. */
  progress: number;
  /** The server's message (or ours) when it failed. */
  error?: string | undefined;
};

/**
 * Photos on their way to an idea: held with local previews, then uploaded one by one, each with its
 * progress; a failed one stays with its message and can be tried again. `ideaId` set: each photo is
 * sent as soon as it is chosen (an existing idea); unset: they wait for `sendTo` (the idea form,
 * after the idea is saved). `storedCount` is how many the idea already has, for the limit.
 */
export function usePhotoUploads({ ideaId = null, storedCount = 0 }: { ideaId?: string | null; storedCount?: number }) {
  const { t } = useTranslation();
  const photosChanged = usePhotosChanged();
  const [pending, setPending] = useState<PendingPhoto[]>([]);
  // The same list, read by the callbacks between renders; both change together in `change`.
  const pendingRef = useRef<PendingPhoto[]>([]);
  const change = (next: (current: PendingPhoto[]) => PendingPhoto[]) => {
    pendingRef.current = next(pendingRef.current);
    setPending(pendingRef.current);
  };
  // One upload at a time, in the order chosen.
  const chain = useRef<Promise<void>>(Promise.resolve());

  const patch = (id: string, values: Partial<PendingPhoto>) =>
    change((current) => current.map((photo) => (photo.id === id ? { ...photo, ...values } : photo)));

  const release = (id: string) =>
    change((current) => {
      const photo = current.find((candidate) => candidate.id === id);
      if (photo) URL.revokeObjectURL(photo.previewUrl);
      return current.filter((candidate) => candidate.id !== id);
    });

  // The previews of photos still held are released when the form goes away.
  useEffect(
    () => () => {
      for (const photo of pendingRef.current) URL.revokeObjectURL(photo.previewUrl);
    },
    [],
  );

  const upload = (photo: PendingPhoto, toIdea: string) => {
    patch(photo.id, { ideaId: toIdea, state: 'uploading', progress: 0, error: undefined });
    chain.current = chain.current.then(async () => {
      try {
        await uploadPhoto({
          ideaId: toIdea,
          file: photo.file,
          idempotencyKey: photo.key,
          onProgress: (fraction) => patch(photo.id, { progress: Math.round(fraction * 100) }),
        });
        release(photo.id);
        await photosChanged();
      } catch (error) {
        patch(photo.id, { state: 'failed', error: refusalMessage(error, t('photos.upload.failed')) });
      }
    });
    return chain.current;
  };

  /** Takes chosen, dropped or pasted files: checked against the limits, then held (or sent). */
  const add = (files: readonly File[]) => {
    const { accepted, refused } = checkPhotoFiles(files, storedCount + pendingRef.current.length);
    for (const { file, messageKey, values } of refused) {
      toast.error(t(messageKey, values), { description: file.name });
    }
    const added = accepted.map((file): PendingPhoto => ({
      id: newIdempotencyKey(),
      file,
      previewUrl: URL.createObjectURL(file),
      key: newIdempotencyKey(),
      ideaId,
      state: 'attached',
      progress: 0,
    }));
    change((current) => [...current, ...added]);
    if (ideaId !== null) for (const photo of added) void upload(photo, ideaId);
  };

  /** Sends the held photos to the idea just saved; resolves when each is stored or has failed. */
  const sendTo = async (savedIdeaId: string) => {
    const held = pendingRef.current.filter((photo) => photo.state === 'attached');
    await Promise.all(held.map((photo) => upload(photo, savedIdeaId)));
  };

  const retry = (id: string) => {
    const photo = pendingRef.current.find((candidate) => candidate.id === id);
    const toIdea = photo?.ideaId ?? ideaId;
    if (photo && toIdea) void upload(photo, toIdea);
  };

  /** The held photos leave the form (to the offline queue, say) without being sent from here. */
  const takeHeld = () => {
    const held = pendingRef.current.filter((photo) => photo.state === 'attached');
    for (const photo of held) release(photo.id);
    return held;
  };

  return { pending, add, sendTo, retry, discard: release, takeHeld };
}
