import './lib/zod-jitless';
import { startTransition, StrictMode, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import './index.css';
import { meQueryOptions } from './features/auth/api/get-me';
import { i18nReady } from './lib/i18n';
import { persistQueries, restoreQueriesWhenOffline } from './lib/offline-query-cache';
import { queryClient } from './lib/query-client';
import { applyTheme } from './lib/theme';
import { AppProvider } from './app/provider';
import { createRouter } from './app/router';

const rootElement = document.getElementById('root')!;
// At once, not after the first render: a page that arrives with its shell has already painted it.
applyTheme();

/**
 * A signed-in screen opened with a session cookie arrives with its shell (the layout and heading,
 * route-preloads.ts): it stays until the screen can replace it with the same picture and more, so
 * the visitor never sees "Loading…" in between: the screen's code and strings are here, who is
 * signed in is known (signed out: /login follows), and the requests the screen started meanwhile
 * have answered or 500 ms have passed: a quick answer shows the screen at once instead of its
 * loading state for an instant; a slow one gets the screen's own loading state (My Stories'
 * "Loading application data..." overlay) as without the shell.
 */
async function firstScreenReady(router: ReturnType<typeof createRouter>) {
  if (!router.state.initialized) {
    await new Promise<void>((resolve) => {
      const unsubscribe = router.subscribe((state) => {
        if (!state.initialized) return;
        unsubscribe();
        resolve();
      });
    });
  }
  await queryClient.ensureQueryData(meQueryOptions()).catch(() => undefined);
  // The screen's loader starts its requests right after /api/me has answered (prefetchWhenSignedIn).
  await new Promise((resolve) => setTimeout(resolve, 0));
  const requestsAnswered = new Promise<void>((resolve) => {
    const check = () => {
      if (queryClient.isFetching() > 0) return false;
      resolve();
      return true;
    };
    if (check()) return;
    const unsubscribe = queryClient.getQueryCache().subscribe(() => {
      if (check()) unsubscribe();
    });
  });
  await Promise.race([requestsAnswered, new Promise((resolve) => setTimeout(resolve, 500))]);
}

/** The shell arrives `inert` (route-preloads.ts); the screen that replaces it is live from its first paint. */
function ShellHandOver() {
  useLayoutEffect(() => {
    rootElement.removeAttribute('inert');
    rootElement.removeAttribute('data-shell');
  }, []);
  return null;
}

async function start() {
  // Offline, the ideas as last loaded show instead of a screen that waits for the network.
  restoreQueriesWhenOffline(queryClient);
  persistQueries(queryClient);
  // Creating the router runs the first screen's loaders: in a task of its own once the modules have
  // run, so that on a slow phone the two are not one long task.
  await new Promise((resolve) => setTimeout(resolve, 0));
  const router = createRouter();
  const hasShell = rootElement.hasAttribute('data-shell');
  // A Russian visitor's catalogue is fetched first, so the first paint is already in their language.
  await Promise.all([i18nReady, hasShell ? firstScreenReady(router) : null]);
  const root = createRoot(rootElement);
  const app = (
    <StrictMode>
      {hasShell ? <ShellHandOver /> : null}
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>
  );
  // Behind a shell the whole screen renders at once: as a transition, in slices that leave the
  // page responsive (the shell stays on screen meanwhile), instead of one long task.
  if (hasShell) startTransition(() => root.render(app));
  else root.render(app);
}
void start();

// The service worker is not needed for the first paint: its code loads once the page has.
window.addEventListener(
  'load',
  () => void import('./lib/service-worker').then((module) => module.registerServiceWorker()),
  {
    once: true,
  },
);
