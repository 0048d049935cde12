import type { Locale } from './locale.ts';
import en from './locales/en.ts';
import ru from './locales/ru.ts';

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

/**
 * Translates a catalogue key outside React (server messages, emails). Unknown keys come back
 * unchanged, so plain text passes through. Interpolates `{{name}}` like i18next.
 */
export function translate(key: string, locale: Locale = 'en', values: Record<string, string | number> = {}): string {
  const template = lookup(catalogues[locale] as Nested, key) ?? lookup(catalogues.en as Nested, key) ?? key;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) =>
    values[name] === undefined ? match : String(values[name]),
  );
}
