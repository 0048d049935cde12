import { onlineManager, QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './api-client';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: (failureCount, error) => {
        if (error instanceof ApiRequestError && error.status < 500) return false;
        return failureCount < 2;
      },
      refetchOnWindowFocus: true,
    },
  },
});

// The query library counts itself online until the browser reports a change; a page opened without
// a connection starts with its requests paused instead of failing (they run once it is back).
if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
