/*
 * The service worker (/sw.js), built by vite-plugin-pwa (injectManifest, vite.config.ts): the app's
 * files precached, every page address answered with index.html except /api/ and /u/ (the
 * server-rendered unsubscribe page a contact opens from an email), a new version taking over at
 * once, the photos of a share from another app kept for the new-idea form, and Background Sync of
 * the ideas kept on this device while offline.
 */
import { del, set, values } from 'idb-keyval';
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import {
  incomingShareLocation,
  sharedPhotosField,
  sharedTextFields,
  shareTargetPath,
  type SharedText,
} from '@life-updates/contract/share-target-options';
import { storeIncomingPhotos } from './features/ideas/offline/incoming-photos';
import { hasPhotosToSend, ideaSyncTag, openQueueStore, type QueuedIdea } from './features/ideas/offline/queue-store';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Parameters<typeof precacheAndRoute>[0] };

void self.skipWaiting();
clientsClaim();
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//, /^\/u\//] }));

/*
 * The manifest's share target: another app's share sheet opens POST /share with the title, text,
 * link and photos as multipart form data. A page cannot read the POST it was opened with, so the
 * photos are kept here for the new-idea form (features/ideas/offline/incoming-photos.ts), and the
 * browser is sent on to GET /share with the text, which the page keeps for the box as for any share.
 * 303, so that the browser follows it with a GET and a reload does not post the share again
 * (https://developer.chrome.com/docs/capabilities/web-apis/web-share-target#processing-post-shares).
 * Photos that cannot be kept (no room on the device) are reported as not having come through, like
 * those of a share that reaches the server without this worker
 * (packages/server/src/plugins/share-target.ts).
 */
async function receiveShare(request: Request): Promise<Response> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    // Not form data after all: the share page with nothing, which opens My Stories.
    return Response.redirect(shareTargetPath, 303);
  }
  const text: SharedText = {};
  for (const field of sharedTextFields) {
    const value = form.get(field);
    if (typeof value === 'string') text[field] = value;
  }
  const files = form.getAll(sharedPhotosField).filter((entry): entry is File => typeof entry !== 'string');
  let missedPhotos = 0;
  try {
    await storeIncomingPhotos(files);
  } catch {
    missedPhotos = files.filter((file) => file.size > 0).length;
  }
  return Response.redirect(incomingShareLocation({ ...text, missedPhotos }), 303);
}

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname === shareTargetPath,
  ({ request }) => receiveShare(request),
  'POST',
);

/*
 * When the browser has Background Sync, the page registers `ideaSyncTag` as it keeps an idea
 * (features/ideas/offline/idea-queue.ts), and the browser fires it once the connection returns,
 * even with no page of the app open. The page sends the same queue when it is open; both send each
 * idea with its Idempotency-Key, so the server stores it once. Only the signed-in user's typed
 * ideas are sent here: recordings wait for a page, which transcribes them first, and so does an
 * idea with photos, which the page sends after it (an idea never arrives here without its photos).
 */
async function sendWaitingIdeas() {
  const headers = { accept: 'application/json', 'accept-language': self.navigator.language || 'en' };
  // Whose session this is: only that user's ideas are sent with it.
  const me = await fetch('/api/me', { credentials: 'same-origin', headers });
  if (!me.ok) return;
  const { id: userId } = (await me.json()) as { id: string };
  const store = openQueueStore();
  const ideas = await values<QueuedIdea>(store);
  ideas.sort((a, b) => String(a.createdAt).localeCompare(String(b.createdAt)));
  for (const idea of ideas) {
    if (
      idea.userId !== userId ||
      idea.error !== undefined ||
      idea.audio !== undefined ||
      hasPhotosToSend(idea) ||
      !idea.content
    )
      continue;
    // A failed fetch rejects the sync: the browser tries it again later.
    const response = await fetch('/api/ideas', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': idea.key },
      body: JSON.stringify({ content: idea.content, isAudioRecording: idea.isAudioRecording }),
    });
    if (response.ok) {
      await del(idea.key, store);
    } else if (response.status === 401) {
      return;
    } else if (response.status >= 500) {
      throw new Error(`The server answered ${response.status}`);
    } else {
      // Refused (the open-ideas limit, say): it stays, with the server's message, for the user to edit.
      const body = (await response.json().catch(() => ({}))) as { message?: unknown };
      const message = typeof body.message === 'string' ? body.message : `HTTP ${response.status}`;
      await set(idea.key, { ...idea, error: message }, store);
    }
  }
}

self.addEventListener('sync', (event) => {
  const sync = event as ExtendableEvent & { tag: string };
  if (sync.tag === ideaSyncTag) sync.waitUntil(sendWaitingIdeas());
});
