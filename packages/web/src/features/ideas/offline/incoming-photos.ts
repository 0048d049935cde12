import { maxPhotosPerIdea } from '@life-updates/contract/photo-options';
import { createStore, promisifyRequest, set } from 'idb-keyval';

/*
 * Photos shared into the app from another app (the manifest's share target). The service worker
 * (src/sw.ts) receives the share's POST and keeps its photos here, in IndexedDB, since a page cannot
 * read a POST it was opened with; the new-idea form takes them once (use-incoming-photos.ts). The text
 * of the same share goes its own way (incoming-text.ts). Nothing here may use the DOM: the service
 * worker imports it.
 */
export const incomingDatabaseName = 'life-updates-incoming';
export const incomingStoreName = 'photos';
/** One share waits at a time: a newer share replaces one the form has not taken. */
const shareKey = 'share';

const openIncomingStore = () => createStore(incomingDatabaseName, incomingStoreName);

export type IncomingPhotos = {
  /** The photos for the next idea, in the order the sharing app sent them. */
  files: File[];
  /** Shared files not kept: past an idea's `maxPhotosPerIdea`, or not images. */
  leftOut: number;
  /** Shared photos that reached the server instead of the service worker, which cannot keep them. */
  missed: number;
};

const nothingWaiting = (): IncomingPhotos => ({ files: [], leftOut: 0, missed: 0 });

/**
 * Keeps a share's images for the new-idea form, at most an idea's worth; the rest are counted so
 * that the form can say so. An empty part (a form's file input left empty) is no file at all.
 */
export async function storeIncomingPhotos(files: readonly File[]): Promise<IncomingPhotos> {
  const shared = files.filter((file) => file.size > 0);
  const images = shared.filter((file) => file.type.startsWith('image/'));
  const kept = images.slice(0, maxPhotosPerIdea);
  const waiting: IncomingPhotos = { files: kept, leftOut: shared.length - kept.length, missed: 0 };
  await set(shareKey, waiting, openIncomingStore());
  return waiting;
}

/** Photos of a share that the server received in place of the service worker (GET /share says how many). */
export async function noteMissedIncomingPhotos(count: number): Promise<void> {
  await set(shareKey, { ...nothingWaiting(), missed: count }, openIncomingStore());
}

/** What waits for the new-idea form, once: read and removed in one transaction, so two readers never both get it. */
export async function takeIncomingPhotos(): Promise<IncomingPhotos> {
  const waiting = await openIncomingStore()('readwrite', (store) => {
    const read = store.get(shareKey);
    store.delete(shareKey);
    return promisifyRequest<IncomingPhotos | undefined>(read);
  });
  return waiting ?? nothingWaiting();
}
