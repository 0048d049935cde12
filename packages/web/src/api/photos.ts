import { idempotencyKeyHeader } from '@life-updates/contract/idea-options';
import { photoFieldName } from '@life-updates/contract/photo-options';
import type { Photo, PhotoList, UpdatePhoto } from '@life-updates/contract/photos';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { NetworkError, api, failedRequest } from '@/lib/api-client';
import { currentLocale } from '@/lib/i18n';
import { useRefreshingMutation } from '@/lib/query-client';
import { ideaKeys } from './ideas';
import { shareKeys } from './shares';

/*
 * Photos on ideas. The ideas list carries each idea's photos (and Summeris' shares theirs), so
 * every change here refreshes those lists rather than a cache of its own.
 */

const ideaPhotosPath = (ideaId: string) => `/api/ideas/${encodeURIComponent(ideaId)}/photos`;
const photoPath = (photoId: string) => `/api/photos/${encodeURIComponent(photoId)}`;

/** One idea's photos in their order; under the ideas' keys, so every change to ideas refreshes it too. */
export const useIdeaPhotos = (ideaId: string, initial: Photo[]) =>
  useQuery({
    queryKey: [...ideaKeys.all, 'photos', ideaId],
    queryFn: async () => (await api<PhotoList>(ideaPhotosPath(ideaId))).photos,
    // Asked again at once: the list it came from may be old.
    initialData: initial,
    initialDataUpdatedAt: 0,
  });

/**
 * Uploads one photo to an idea, reporting how much of it has been sent (0–1). It carries its own
 * Idempotency-Key, made once per photo: sending it again (a retry, the offline queue) never stores
 * it twice. XMLHttpRequest rather than fetch: only it reports upload progress.
 */
export function uploadPhoto({
  ideaId,
  file,
  idempotencyKey,
  onProgress,
}: {
  ideaId: string;
  file: Blob;
  idempotencyKey: string;
  onProgress?: (fraction: number) => void;
}): Promise<Photo> {
  const form = new FormData();
  form.append(photoFieldName, file, file instanceof File ? file.name : 'photo');
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', ideaPhotosPath(ideaId));
    request.withCredentials = true;
    request.setRequestHeader('accept', 'application/json');
    request.setRequestHeader('accept-language', currentLocale());
    request.setRequestHeader(idempotencyKeyHeader, idempotencyKey);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    request.onerror = () => reject(new NetworkError('The photo upload did not reach the server'));
    // A body that is not JSON is then null (https://developer.mozilla.org/en-US/docs/Web/API/XMLHttpRequest/response).
    request.responseType = 'json';
    request.onload = () => {
      const body: unknown = request.response;
      const photo = request.status < 300 ? (body as PhotoList | null)?.photos[0] : undefined;
      if (photo) resolve(photo);
      else reject(failedRequest(request.status, body));
    };
    request.send(form);
  });
}

/** What any change to photos refreshes: the ideas (My Stories, Create Content) and shares (Summeris) show them. */
const photoListKeys = [ideaKeys.all, shareKeys.all];

export function usePhotosChanged() {
  const client = useQueryClient();
  return () => Promise.all(photoListKeys.map((queryKey) => client.invalidateQueries({ queryKey })));
}

/** The idea's photos in a new order: every one of them, once each. */
const reorderPhotos = ({ ideaId, photoIds }: { ideaId: string; photoIds: string[] }) =>
  api<PhotoList>(`${ideaPhotosPath(ideaId)}/order`, { method: 'PUT', body: { photoIds } });
export const useReorderPhotos = () => useRefreshingMutation(photoListKeys, reorderPhotos);

/** Alt text; an empty one removes it. */
const updatePhoto = ({ id, update }: { id: string; update: UpdatePhoto }) =>
  api<Photo>(photoPath(id), { method: 'PATCH', body: update });
export const useUpdatePhoto = () => useRefreshingMutation(photoListKeys, updatePhoto);

const deletePhoto = (id: string) => api<void>(photoPath(id), { method: 'DELETE' });
export const useDeletePhoto = () => useRefreshingMutation(photoListKeys, deletePhoto);
