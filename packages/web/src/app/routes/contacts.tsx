import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ContactsManager } from '@/features/contacts/components/contacts-manager';
import { usePageTitle } from '@/lib/use-page-title';

/** The Contacts screen at /contacts. */
export function Component() {
  usePageTitle('contacts');
  return (
    <Frame>
      <ContactsManager />
    </Frame>
  );
}

/** The screen's container, heading and subtitle. */
export function Frame({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-6">
      <div>
        <h1 className="text-3xl font-bold">{t('contacts.title')}</h1>
        <p className="mt-1 text-muted-foreground">{t('contacts.subtitle')}</p>
      </div>
      {children}
    </div>
  );
}
