/* global self, indexedDB */
/*
 * Background Sync for the ideas kept on this device while offline (src/features/ideas/offline/
 * idea-queue.ts), imported into the service worker (vite.config.ts, workbox importScripts). When the
 * browser has Background Sync, the page registers the tag below as it keeps an idea, and the browser
 * fires it once the connection returns, even with no page of the app open. The page sends the same
 * queue when it is open; both send each idea with its Idempotency-Key, so the server stores it once.
 *
 * The queue is idb-keyval's store (database "life-updates-capture", object store "ideas", one
 * entry per idea under its key). Only the signed-in user's typed ideas are sent here: recordings
 * wait for a page, which transcribes them first.
 */
const ideaSyncTag = 'life-updates-ideas';
const databaseName = 'life-updates-capture';
const storeName = 'ideas';

function openQueue() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(databaseName);
    request.onupgradeneeded = () => request.result.createObjectStore(storeName);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function inStore(database, mode, work) {
  return new Promise((resolve, reject) => {
    const transaction = database.transaction(storeName, mode);
    const request = work(transaction.objectStore(storeName));
    transaction.oncomplete = () => resolve(request.result);
    transaction.onerror = () => reject(transaction.error);
  });
}

async function sendWaitingIdeas() {
  const headers = { accept: 'application/json', 'accept-language': self.navigator.language || 'en' };
  // Whose session this is: only that user's ideas are sent with it.
  const me = await fetch('/api/me', { credentials: 'same-origin', headers });
  if (!me.ok) return;
  const { id: userId } = await me.json();
  const database = await openQueue();
  const ideas = await inStore(database, 'readonly', (store) => store.getAll());
  ideas.sort((a, b) => String(a.createdAt).localeCompare(String(b.createdAt)));
  for (const idea of ideas) {
    if (idea.userId !== userId || idea.error !== undefined || idea.audio !== undefined || !idea.content) continue;
    // A failed fetch rejects the sync: the browser tries it again later.
    const response = await fetch('/api/ideas', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': idea.key },
      body: JSON.stringify({ content: idea.content, isAudioRecording: idea.isAudioRecording }),
    });
    if (response.ok) {
      await inStore(database, 'readwrite', (store) => store.delete(idea.key));
    } else if (response.status === 401) {
      return;
    } else if (response.status >= 500) {
      throw new Error(`The server answered ${response.status}`);
    } else {
      // Refused (the open-ideas limit, say): it stays, with the server's message, for the user to edit.
      const body = await response.json().catch(() => ({}));
      const message = typeof body.message === 'string' ? body.message : `HTTP ${response.status}`;
      await inStore(database, 'readwrite', (store) => store.put({ ...idea, error: message }, idea.key));
    }
  }
}

self.addEventListener('sync', (event) => {
  if (event.tag === ideaSyncTag) event.waitUntil(sendWaitingIdeas());
});
