import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { z } from 'zod';
import './index.css';
import { i18nReady } from './lib/i18n';
import { persistQueries, restoreQueriesWhenOffline } from './app/offline-query-cache';
import { queryClient } from './lib/query-client';
import { applyTheme, watchSystemTheme } from './lib/theme';
import { AppProvider } from './app/provider';
import { createRouter } from './app/router';

// zod's faster parsers are compiled with `new Function`; our content security policy forbids eval,
// and zod's probe for it would be reported as a CSP violation. Forms parse a handful of fields.
z.config({ jitless: true });

const rootElement = document.getElementById('root')!;
// At once, before the first render, so the first paint is already in the chosen theme; "system"
// then follows the OS for as long as the page is open.
applyTheme();
watchSystemTheme();

async function start() {
  // Offline, the ideas as last loaded show instead of a screen that waits for the network.
  restoreQueriesWhenOffline(queryClient);
  persistQueries(queryClient);
  // Creating the router starts the first screen's loaders.
  const router = createRouter();
  // A Russian visitor's catalogue is fetched first, so the first paint is already in their language.
  await i18nReady;
  createRoot(rootElement).render(
    <StrictMode>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
}
void start();

// The service worker is not needed for the first paint: its code loads once the page has.
window.addEventListener(
  'load',
  () => void import('./lib/service-worker').then((module) => module.registerServiceWorker()),
  { once: true },
);
