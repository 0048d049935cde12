import { lazy, Suspense, useState, type ComponentProps, type ComponentType } from 'react';

/*
 * The Contacts screen's dialogs (the contact form with react-hook-form and zod, import, export,
 * delete confirmation, all on radix Dialog) are not needed to show the list: their code loads the
 * first time one opens, and the dialog then stays mounted so that it can animate out.
 */
function deferred<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>) {
  const Lazy = lazy(() => load().then((component) => ({ default: component })));
  return function DeferredDialog(props: P) {
    const [wasOpened, setWasOpened] = useState(props.open);
    if (props.open && !wasOpened) setWasOpened(true);
    if (!wasOpened) return null;
    return (
      <Suspense fallback={null}>
        <Lazy {...(props as ComponentProps<typeof Lazy>)} />
      </Suspense>
    );
  };
}

export const ContactFormDialog = deferred(() =>
  import('./contact-form-dialog').then((module) => module.ContactFormDialog),
);
export const ImportContactsDialog = deferred(() =>
  import('./import-contacts-dialog').then((module) => module.ImportContactsDialog),
);
export const ExportContactsDialog = deferred(() =>
  import('./export-contacts-dialog').then((module) => module.ExportContactsDialog),
);
export const ConfirmDialog = deferred(() =>
  import('@/components/ui/confirm-dialog').then((module) => module.ConfirmDialog),
);
