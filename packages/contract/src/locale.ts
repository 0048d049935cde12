/** The interface languages, without their catalogues (a browser loads those one at a time). */
export const locales = ['en', 'ru'] as const;
export type Locale = (typeof locales)[number];

/**
 * Picks a supported locale from an Accept-Language header value (or a stored preference); the
 * fallback when it names none of ours.
 */
export function pickLocale(value: string | undefined | null, fallback: Locale = 'en'): Locale {
  for (const part of value?.split(',') ?? []) {
    const tag = part.split(';')[0]?.trim().toLowerCase().slice(0, 2);
    const locale = locales.find((candidate) => candidate === tag);
    if (locale) return locale;
  }
  return fallback;
}
