import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import './index.css';
import { i18nReady } from './lib/i18n';
import { AppProvider } from './app/provider';
import { meQueryOptions } from './features/auth/api/get-me';
import { router } from './app/router';
import { queryClient } from './lib/query-client';
import { registerServiceWorker } from './lib/service-worker';

// Who is signed in is asked at once, while the first screen's code is still loading.
void queryClient.prefetchQuery(meQueryOptions());

// A Russian visitor's catalogue is fetched first, so the first paint is already in their language.
void i18nReady.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  ),
);

registerServiceWorker();
