import { useTranslation } from 'react-i18next';
import { ScreenFrame } from '@/components/layout/screen-frame';
import { ContactsManager } from '@/features/contacts/components/contacts-manager';

/** The Contacts screen at /contacts. */
export function Component() {
  const { t } = useTranslation();
  return (
    <ScreenFrame screen="contacts" subtitle={t('contacts.subtitle')}>
      <ContactsManager />
    </ScreenFrame>
  );
}
