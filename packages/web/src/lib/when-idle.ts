/**
 * Runs `callback` once the browser is idle after the current work (and so after the next paint),
 * at the latest after `timeout` ms: for work a screen does not need to show itself, such as
 * fetching code ahead of a first click, which would otherwise compete with the screen's own
 * requests and rendering. Returns a function that cancels it.
 */
export function whenIdle(callback: () => void, timeout = 1000): () => void {
  if ('requestIdleCallback' in window) {
    const handle = window.requestIdleCallback(callback, { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = globalThis.setTimeout(callback, 200);
  return () => globalThis.clearTimeout(timer);
}
