import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the document title from a catalogue key under "titles". */
export function usePageTitle(key: string) {
  const { t, i18n } = useTranslation();
  useEffect(() => {
    document.title = t(`titles.${key}`);
  }, [key, t, i18n.language]);
}
