import { afterEach, describe, expect, it, vi } from 'vitest';
import { appRefreshEvent, clearCache, pruneStaleCache, readCache, writeCache } from './local-cache';

afterEach(() => localStorage.clear());

describe('stored-data refresh', () => {
  it('drops entries older than 24 hours or unreadable, keeps fresh ones, and broadcasts a refresh', () => {
    const now = Date.now();
    localStorage.setItem(
      'life-updates.cache.old',
      JSON.stringify({ value: 1, timestamp: now - 24 * 60 * 60 * 1000 - 1 }),
    );
    localStorage.setItem('life-updates.cache.broken', 'not json');
    localStorage.setItem('life-updates.theme', 'dark');
    writeCache('fresh', { a: 1 });
    const listener = vi.fn();
    window.addEventListener(appRefreshEvent, listener);
    expect(pruneStaleCache(now)).toBe(2);
    window.removeEventListener(appRefreshEvent, listener);
    expect(listener).toHaveBeenCalledOnce();
    expect(readCache('fresh')).toEqual({ a: 1 });
    expect(localStorage.getItem('life-updates.cache.old')).toBeNull();
    expect(localStorage.getItem('life-updates.theme')).toBe('dark');
  });

  it('clears every cached entry on demand', () => {
    writeCache('a', 1);
    clearCache();
    expect(readCache('a')).toBeUndefined();
  });
});
