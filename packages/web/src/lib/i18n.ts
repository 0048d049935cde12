import { catalogues, locales, pickLocale, type Locale } from '@life-updates/contract/i18n';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

const storageKey = 'life-updates.locale';

function initialLocale(): Locale {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(storageKey);
  if (stored === 'en' || stored === 'ru') return stored;
  return pickLocale(typeof navigator === 'undefined' ? 'en' : navigator.languages.join(','));
}

void i18n.use(initReactI18next).init({
  resources: { en: { translation: catalogues.en }, ru: { translation: catalogues.ru } },
  lng: initialLocale(),
  fallbackLng: 'en',
  supportedLngs: [...locales],
  interpolation: { escapeValue: false },
  returnNull: false,
});

function applyDocumentLanguage(locale: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}
applyDocumentLanguage(i18n.language);
i18n.on('languageChanged', applyDocumentLanguage);

export function currentLocale(): Locale {
  return i18n.language === 'ru' ? 'ru' : 'en';
}

export async function changeLocale(locale: Locale) {
  localStorage.setItem(storageKey, locale);
  await i18n.changeLanguage(locale);
}

export { i18n };
