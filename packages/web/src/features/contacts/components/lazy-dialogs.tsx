import { lazyDialog } from '@/lib/lazy-dialog';

/*
 * The Contacts screen's dialogs (the contact form with react-hook-form and zod, import, export,
 * all on radix Dialog; the delete confirmation is the shared LazyConfirmDialog) are not needed to show the list: their code loads the
 * first time one opens, and the dialog then stays mounted so that it can animate out.
 */
export const ContactFormDialog = lazyDialog(() =>
  import('./contact-form-dialog').then((module) => module.ContactFormDialog),
);
export const ImportContactsDialog = lazyDialog(() =>
  import('./import-contacts-dialog').then((module) => module.ImportContactsDialog),
);
export const ExportContactsDialog = lazyDialog(() =>
  import('./export-contacts-dialog').then((module) => module.ExportContactsDialog),
);
