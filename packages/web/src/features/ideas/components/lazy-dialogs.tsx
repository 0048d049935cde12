import { LazyConfirmDialog } from '@/components/ui/lazy-confirm-dialog';
import { lazyOpenDialog } from '@/lib/lazy-dialog';

/*
 * My Stories' dialogs (Edit Event, the delete confirmation) are not needed to show the ideas: their
 * code and radix Dialog's load on first open, or earlier when the pointer or focus nears the cards.
 */
export const EditIdeaDialog = lazyOpenDialog(() =>
  import('@/components/edit-idea-dialog').then((module) => module.EditIdeaDialog),
);

/** Fetches both dialogs' code ahead of the first click. */
export function preloadIdeaDialogs() {
  EditIdeaDialog.preload();
  LazyConfirmDialog.preload();
}
