import { createStore } from 'idb-keyval';

/*
 * The offline capture queue as both the page (idea-queue.ts) and the service worker (src/sw.ts)
 * see it: one idb-keyval store, one entry per idea under its idempotency key, and the Background
 * Sync tag the page registers so that the worker sends the queue once the connection returns.
 * Nothing here may use the DOM: the service worker imports it.
 */
export const queueDatabaseName = 'life-updates-capture';
export const queueStoreName = 'ideas';
export const ideaSyncTag = 'life-updates-ideas';

export const openQueueStore = () => createStore(queueDatabaseName, queueStoreName);

/** A photo written with a queued idea, sent after the idea, once. */
export type QueuedPhoto = {
  /** Its own Idempotency-Key: sending it again never stores it twice. */
  key: string;
  file: Blob;
  name: string;
  /** Set once the server has stored it, so it is never sent again. */
  isSent: boolean;
};

export type QueuedIdea = {
  /** The idempotency key, also the entry's key in the store. */
  key: string;
  /** Whose idea it is: only that user's session sends it, and only that user sees it. */
  userId: string;
  /** The text; empty for a recording not transcribed yet. */
  content: string;
  isAudioRecording: boolean;
  /** A recording waiting for transcription. */
  audio?: Blob | undefined;
  audioSeconds?: number | undefined;
  createdAt: string;
  /**
   * Photos to send once the idea is stored, in order. The service worker leaves an idea with photos
   * to the page (hasPhotosToSend), so an idea never arrives without them.
   */
  photos?: QueuedPhoto[] | undefined;
  /** The stored idea's id, once the server has it (its photos may still be on their way). */
  ideaId?: string | undefined;
  /** The server's message when it refused the idea (it then stays here until edited or deleted). */
  error?: string | undefined;
};

/** Photos of the entry the server does not have yet. */
export const hasPhotosToSend = (idea: QueuedIdea): boolean => (idea.photos ?? []).some((photo) => !photo.isSent);
