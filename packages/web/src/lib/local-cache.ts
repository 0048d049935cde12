/**
 * Cached app data in the browser. Each entry carries a
 * timestamp; entries older than 24 hours, or unreadable, are dropped.
 */
const prefix = 'life-updates.cache.';
const staleAfterMs = 24 * 60 * 60 * 1000;
export const appRefreshEvent = 'life-updates:app-refresh';

export function writeCache<T>(key: string, value: T) {
  localStorage.setItem(prefix + key, JSON.stringify({ value, timestamp: Date.now() }));
}

export function readCache<T>(key: string): T | undefined {
  const raw = localStorage.getItem(prefix + key);
  if (!raw) return undefined;
  try {
    return (JSON.parse(raw) as { value: T }).value;
  } catch {
    return undefined;
  }
}

export function removeCache(key: string) {
  localStorage.removeItem(prefix + key);
}

/** Removes stale or unreadable entries; returns how many were removed and broadcasts a refresh. */
export function pruneStaleCache(now = Date.now()): number {
  let removed = 0;
  for (const key of Object.keys(localStorage)) {
    if (!key.startsWith(prefix)) continue;
    try {
      const entry = JSON.parse(localStorage.getItem(key) ?? '') as { timestamp?: unknown };
      if (typeof entry.timestamp !== 'number' || now - entry.timestamp > staleAfterMs) throw new Error('stale');
    } catch {
      localStorage.removeItem(key);
      removed += 1;
    }
  }
  if (removed > 0) window.dispatchEvent(new Event(appRefreshEvent));
  return removed;
}

/** Clears every cached entry (the not-found screen's "Refresh App Data"). */
export function clearCache() {
  for (const key of Object.keys(localStorage)) if (key.startsWith(prefix)) localStorage.removeItem(key);
  window.dispatchEvent(new Event(appRefreshEvent));
}
