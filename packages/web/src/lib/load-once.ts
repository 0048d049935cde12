/**
 * Wraps a load (usually a dynamic `import()`) so that it runs once: every call shares the same
 * promise. A failed load (offline) is forgotten, so the next call tries again.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    if (!pending) {
      const attempt = load();
      pending = attempt;
      attempt.catch(() => {
        if (pending === attempt) pending = undefined;
      });
    }
    return pending;
  };
}
