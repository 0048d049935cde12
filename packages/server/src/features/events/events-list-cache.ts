import { LRUCache } from 'lru-cache';

/**
 * The ideas list of recently active users, as the JSON the API answers (UTF-8, written to the socket
 * as it is), per server instance.
 * An entry is the list as of one `user_settings.events_version`: the database moves that version
 * on every write to the user's ideas and on a new `max_events` (trigger `events_track_open`,
 * migration 0001), and the session query reads it on every request. So an entry is only used
 * while it is still exactly what the database holds, on any number of instances, with nothing to
 * invalidate by hand; a changed list is read again. Reading an unchanged list again is the common
 * case (the app refetches it on focus and after every screen change), and it then costs no query
 * beyond the session's (docs/benchmarks.md (a)).
 */
export function createEventsListCache({ maxBytes = 32 * 1024 * 1024 }: { maxBytes?: number } = {}) {
  const entries = new LRUCache<string, { version: number; body: Buffer }>({
    maxSize: maxBytes,
    // A list too big to keep is read from the database every time.
    maxEntrySize: Math.floor(maxBytes / 16),
    sizeCalculation: (entry) => entry.body.byteLength + 64,
  });
  return {
    /** The list's JSON (UTF-8) if it was stored for exactly this version. */
    get(userId: string, version: number | null): Buffer | undefined {
      if (version === null) return undefined;
      const entry = entries.get(userId);
      return entry?.version === version ? entry.body : undefined;
    },
    /** Keeps the list read at `version` (read in the same query as the list itself). */
    set(userId: string, version: number | null, body: Buffer) {
      if (version === null) entries.delete(userId);
      else entries.set(userId, { version, body });
    },
  };
}
