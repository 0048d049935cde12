import { lazyDialog } from '@/lib/lazy-dialog';

/**
 * ConfirmDialog (radix AlertDialog) for screens that should not load it to paint: its code loads on
 * first open, or earlier through `LazyConfirmDialog.preload()`.
 */
export const LazyConfirmDialog = lazyDialog(() => import('./confirm-dialog').then((module) => module.ConfirmDialog));
