import { useSyncExternalStore } from 'react';

/** The mobile layout applies below 768 px. */
const mobileQuery = '(max-width: 767.98px)';

function subscribe(onChange: () => void) {
  const list = window.matchMedia(mobileQuery);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

export function useIsMobile() {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(mobileQuery).matches,
    () => false,
  );
}
