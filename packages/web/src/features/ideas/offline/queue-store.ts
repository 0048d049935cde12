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
  /** The server's message when it refused the idea (it then stays here until edited or deleted). */
  error?: string | undefined;
};
