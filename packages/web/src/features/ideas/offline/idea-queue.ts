import type { Idea } from '@life-updates/contract/ideas';
import { del, get, set, values } from 'idb-keyval';
import { createIdea } from '@/api/ideas';
import { uploadPhoto } from '@/api/photos';
import { transcribeAudio } from '@/api/transcription';
import { ApiRequestError } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { ideaSyncTag, openQueueStore, type QueuedIdea, type QueuedPhoto } from './queue-store';

/**
 * Ideas written on this device that the server does not have yet: saved without a connection, or
 * sent while the connection dropped (the answer never came). They live in IndexedDB, so they outlive
 * a reload and a closed browser, until the server has them. Each carries the `Idempotency-Key` it is
 * sent with every time: the server answers a key it has seen with the idea it stored then, so a
 * retry never makes a second idea.
 *
 * A recording made offline is kept as its audio and transcribed when the connection returns; its
 * text then becomes the idea.
 *
 * The store, its names and the Background Sync tag are shared with the service worker
 * (queue-store.ts, src/sw.ts), which sends the typed ideas of this store while no page is open.
 */
let cachedStore: ReturnType<typeof openQueueStore> | undefined;
const ideasStore = () => (cachedStore ??= openQueueStore());

/** The user's waiting ideas, oldest first. */
export async function findQueuedIdeas(userId: string): Promise<QueuedIdea[]> {
  const all = await values<QueuedIdea>(ideasStore());
  return all.filter((idea) => idea.userId === userId).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** Raised on the window when an idea joins the queue (the app then tries to send it again soon). */
export const ideaQueuedEvent = 'life-updates:idea-queued';

export async function enqueueIdea(idea: Omit<QueuedIdea, 'createdAt'> & { createdAt?: string }) {
  await set(idea.key, { ...idea, createdAt: idea.createdAt ?? new Date().toISOString() }, ideasStore());
  window.dispatchEvent(new Event(ideaQueuedEvent));
  await requestBackgroundSync();
}

/**
 * An edit of a waiting idea gets a new key: its old text may already have reached the server (an
 * answer lost on the way), and the new text must not be answered with it.
 */
export async function editQueuedIdea(key: string, content: string) {
  const idea = await get<QueuedIdea>(key, ideasStore());
  if (!idea) return;
  const nextKey = newIdempotencyKey();
  // The new entry first: the idea is never missing from the store.
  const edited: QueuedIdea = {
    ...idea,
    key: nextKey,
    content,
    isAudioRecording: false,
    audio: undefined,
    error: undefined,
  };
  await set(nextKey, edited, ideasStore());
  await del(key, ideasStore());
  await requestBackgroundSync();
}

export async function deleteQueuedIdea(key: string) {
  await del(key, ideasStore());
}

/** Asks the service worker to send the queue when the connection returns, where the browser has Background Sync. */
async function requestBackgroundSync() {
  try {
    if (!('serviceWorker' in navigator)) return;
    const registration = (await Promise.race([
      navigator.serviceWorker.ready,
      new Promise((resolve) => setTimeout(resolve, 1000, null)),
    ])) as (ServiceWorkerRegistration & { sync?: { register: (tag: string) => Promise<void> } }) | null;
    await registration?.sync?.register(ideaSyncTag);
  } catch {
    // No Background Sync here: the app sends the queue when it is open and online.
  }
}

/** Changes the stored entry (read afresh, so that no other change to it is lost). */
async function updateEntry(key: string, change: (idea: QueuedIdea) => QueuedIdea) {
  const idea = await get<QueuedIdea>(key, ideasStore());
  if (idea) await set(key, change(idea), ideasStore());
}

/**
 * Sends the entry's photos not sent yet to the stored idea, one at a time, in order. Each is
 * marked sent as soon as the server has it: a run cut short never sends it again (and its own
 * key covers an answer lost on the way).
 */
async function sendQueuedPhotos(key: string, ideaId: string, photos: readonly QueuedPhoto[]) {
  for (const photo of photos) {
    if (photo.isSent) continue;
    await uploadPhoto({
      ideaId,
      file: new File([photo.file], photo.name, { type: photo.file.type }),
      idempotencyKey: photo.key,
    });
    await updateEntry(key, (entry) => ({
      ...entry,
      photos: entry.photos?.map((each) => (each.key === photo.key ? { ...each, isSent: true } : each)),
    }));
  }
}

/** Sends one waiting idea, then its photos; the stored idea. */
async function sendQueuedIdea(idea: QueuedIdea): Promise<Idea> {
  let content = idea.content;
  let { isAudioRecording } = idea;
  if (idea.audio) {
    const text = (await transcribeAudio(idea.audio)).trim();
    content = text;
    isAudioRecording = true;
    // The recording is not needed once its text is here; the text keeps the idea's key.
    await set(idea.key, { ...idea, content, isAudioRecording, audio: undefined }, ideasStore());
  }
  const stored = await createIdea({ input: { content, isAudioRecording }, idempotencyKey: idea.key });
  if (idea.photos?.length) {
    await updateEntry(idea.key, (entry) => ({ ...entry, ideaId: stored.id }));
    await sendQueuedPhotos(idea.key, stored.id, idea.photos);
  }
  return stored;
}

export type SyncResult = { saved: number; refused: number };

let running: Promise<SyncResult> | null = null;

/**
 * Sends the user's waiting ideas, oldest first; one run at a time. An idea the server stores
 * leaves the queue; one it refuses stays with the server's message (and is not sent again until
 * it is edited); a lost connection ends the run, to be tried again on the next occasion.
 */
export function syncQueuedIdeas(userId: string): Promise<SyncResult> {
  running ??= (async () => {
    const result: SyncResult = { saved: 0, refused: 0 };
    try {
      for (const idea of await findQueuedIdeas(userId)) {
        if (idea.error !== undefined) continue;
        try {
          await sendQueuedIdea(idea);
        } catch (error) {
          if (!(error instanceof ApiRequestError) || error.status === 401 || error.status >= 500) break;
          await set(idea.key, { ...idea, error: error.message }, ideasStore());
          result.refused += 1;
          continue;
        }
        await del(idea.key, ideasStore());
        result.saved += 1;
      }
    } finally {
      running = null;
    }
    return result;
  })();
  return running;
}

/** Sends a refused idea again as it is (say, after ideas were sent and the limit has room again). */
export async function retryQueuedIdea(key: string) {
  await updateEntry(key, (idea) => ({ ...idea, error: undefined }));
}
