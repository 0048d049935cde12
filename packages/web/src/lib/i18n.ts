import { locales, pickLocale, type Locale } from '@life-updates/contract/locale';
import * as english from '@life-updates/contract/locales/en';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadOnce } from './load-once';

const storageKey = 'life-updates.locale';

/*
 * English is bundled with the app; Russian is fetched once, when it is the visitor's language or
 * they switch to it (a failed fetch, offline, is tried again next time).
 */
const loadRussian = loadOnce(() =>
  import('@life-updates/contract/locales/ru').then((module) => {
    i18n.addResourceBundle('ru', 'translation', module, true, true);
  }),
);

function initialLocale(): Locale {
  const stored = localStorage.getItem(storageKey);
  if (stored === 'en' || stored === 'ru') return stored;
  return pickLocale(navigator.languages.join(','));
}

const startLocale = initialLocale();

void i18n.use(initReactI18next).init({
  resources: { en: { translation: english } },
  // A Russian visitor starts in English only until `i18nReady` resolves, and nothing renders before that.
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...locales],
  interpolation: { escapeValue: false },
  returnNull: false,
});

document.documentElement.lang = i18n.language;
i18n.on('languageChanged', (locale) => {
  document.documentElement.lang = locale;
});

/** Resolves once the visitor's language can be shown; main.tsx renders the app after it. */
export const i18nReady: Promise<void> =
  startLocale === 'en'
    ? Promise.resolve()
    : loadRussian()
        .then(() => i18n.changeLanguage(startLocale))
        .then(
          () => undefined,
          // Offline with a cold cache: English is better than a blank page.
          () => undefined,
        );

export function currentLocale(): Locale {
  return i18n.language === 'ru' ? 'ru' : 'en';
}

export async function changeLocale(locale: Locale) {
  localStorage.setItem(storageKey, locale);
  if (locale === 'ru') await loadRussian();
  await i18n.changeLanguage(locale);
}

export { i18n };
