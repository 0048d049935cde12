import { registerSW } from 'virtual:pwa-register';

/** Registers /sw.js at scope /; the page reloads when a new worker takes over. */
export function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  let hadController = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (hadController) window.location.reload();
    hadController = true;
  });
  registerSW({ immediate: true });
}
