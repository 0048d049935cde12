import { describe, expect, it } from 'vitest';
import { catalogues, pickLocale, translate } from './i18n.ts';

type Nested = { [key: string]: string | Nested };
function keys(catalogue: Nested, prefix = ''): string[] {
  return Object.entries(catalogue).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
  );
}
function placeholders(text: string) {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();
}

describe('locale catalogues', () => {
  it('have the same keys in English and Russian (plural forms aside: Russian has more)', () => {
    const base = (catalogue: Nested) =>
      [...new Set(keys(catalogue).map((key) => key.replace(/_(zero|one|two|few|many|other)$/, '')))].sort();
    expect(base(catalogues.ru as Nested)).toEqual(base(catalogues.en as Nested));
  });

  it('use the same placeholders in both languages', () => {
    for (const key of keys(catalogues.en as Nested).filter((name) => !/_(one|other)$/.test(name))) {
      expect(placeholders(translate(key, 'ru')), key).toEqual(placeholders(translate(key, 'en')));
    }
  });

  it('hold the spec strings verbatim in their own language', () => {
    expect(translate('auth.lockedOut', 'en')).toBe('Too many failed login attempts. Please try again later.');
    expect(translate('auth.confirmEmail', 'ru')).toBe(
      'Пожалуйста, подтвердите ваш email. Мы отправили вам новое письмо для подтверждения.',
    );
    expect(translate('auth.welcome', 'en', { username: 'ann' })).toBe('Welcome , ann!');
  });
});

describe('pickLocale', () => {
  it('reads Accept-Language and falls back to English', () => {
    expect(pickLocale('ru-RU,ru;q=0.9,en;q=0.8')).toBe('ru');
    expect(pickLocale('de-DE,en;q=0.5')).toBe('en');
    expect(pickLocale(undefined)).toBe('en');
  });
});
