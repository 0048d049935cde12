import type { toast as sonnerToast } from 'sonner';

/**
 * Shows a sonner toast without putting sonner (about 9 KiB gzip) on the first-paint path of the
 * public pages: its code is fetched on first use (the toaster has usually loaded it already).
 * Toasts keep the order in which they were asked for.
 */
export function lazyToast(show: (toast: typeof sonnerToast) => void) {
  void import('sonner').then(({ toast }) => show(toast));
}
