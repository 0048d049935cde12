import { locales, pickLocale, type Locale } from '@life-updates/contract/locale';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadOnce } from './load-once';
import englishCore from './locales/en-core';

const storageKey = 'life-updates.locale';

type Catalogue = Record<string, unknown>;

/*
 * Only what the first screen needs is in the entry bundle: the English sections used by the
 * shell and the public pages (`locales/en-core.ts`). The rest of the English catalogue and the
 * whole Russian one are separate chunks, loaded before a screen that needs them renders (see
 * `ensureCatalogue`), so no visitor sees untranslated keys or the wrong language first.
 */
const fullCatalogueLoaders: Record<Locale, () => Promise<Catalogue>> = {
  en: () => import('./locales/en-rest').then((module) => module.default),
  ru: () => import('@life-updates/contract/locales/ru').then((module) => module.default),
};

/** Per language: loads its whole catalogue once; a failed load (offline) may be retried by the next screen. */
const catalogueLoads = Object.fromEntries(
  locales.map((locale) => [
    locale,
    loadOnce(() =>
      fullCatalogueLoaders[locale]().then((catalogue) => {
        i18n.addResourceBundle(locale, 'translation', catalogue, true, true);
      }),
    ),
  ]),
) as Record<Locale, () => Promise<void>>;

/** Loads a language's whole catalogue once; resolves when i18next can translate every key in it. */
export function ensureCatalogue(locale: Locale): Promise<void> {
  return catalogueLoads[locale]();
}

function initialLocale(): Locale {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(storageKey);
  if (stored === 'en' || stored === 'ru') return stored;
  return pickLocale(typeof navigator === 'undefined' ? 'en' : navigator.languages.join(','));
}

const startLocale = initialLocale();

void i18n.use(initReactI18next).init({
  // A copy: i18next merges the lazy sections into this object.
  resources: { en: { translation: { ...englishCore } } },
  // A Russian visitor starts in English only until `i18nReady` resolves, and nothing renders before that.
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...locales],
  interpolation: { escapeValue: false },
  returnNull: false,
  partialBundledLanguages: true,
});

function applyDocumentLanguage(locale: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}
applyDocumentLanguage(i18n.language);
i18n.on('languageChanged', applyDocumentLanguage);

/** Resolves once the visitor's language can be shown; main.tsx renders the app after it. */
export const i18nReady: Promise<void> =
  startLocale === 'en'
    ? Promise.resolve()
    : ensureCatalogue(startLocale)
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
  await ensureCatalogue(locale);
  await i18n.changeLanguage(locale);
}

export { i18n };
