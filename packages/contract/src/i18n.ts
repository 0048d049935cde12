import type { Locale } from './locale.ts';
import * as en from './locales/en.ts';
import * as ru from './locales/ru.ts';

export { locales, pickLocale, type Locale } from './locale.ts';
export const catalogues = { en, ru } as const;

type Nested = { [key: string]: string | Nested };

function lookup(catalogue: Nested, key: string): string | undefined {
  let node: string | Nested | undefined = catalogue;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** As i18next: with a numeric `count`, the plural form of the language (`key_one`, `key_few`, ...) first, then the key itself. */
function lookupIn(locale: Locale, key: string, count: unknown): string | undefined {
  const catalogue = catalogues[locale] as Nested;
  const plural =
    typeof count === 'number' ? lookup(catalogue, `${key}_${new Intl.PluralRules(locale).select(count)}`) : undefined;
  return plural ?? lookup(catalogue, key);
}

/**
 * Translates a catalogue key outside React (server messages, emails). Unknown keys come back
 * unchanged, so plain text passes through. Interpolates `{{name}}` and picks plural forms by
 * `count` like i18next.
 */
export function translate(key: string, locale: Locale = 'en', values: Record<string, string | number> = {}): string {
  const template = lookupIn(locale, key, values.count) ?? lookupIn('en', key, values.count) ?? key;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) =>
    values[name] === undefined ? match : String(values[name]),
  );
}
