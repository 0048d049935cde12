import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import './index.css';
import { i18nReady } from './lib/i18n';
import { AppProvider } from './app/provider';
import { router } from './app/router';

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

// The service worker is not needed for the first paint: its code loads once the page has.
window.addEventListener(
  'load',
  () => void import('./lib/service-worker').then((module) => module.registerServiceWorker()),
  {
    once: true,
  },
);
