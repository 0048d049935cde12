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
  });
});

/**
 * The product document's plain typos, corrected with the meaning kept (docs/architecture.md,
 * "Languages"); the list of what changed is in locales/README.md.
 */
describe('the typos of the product document', () => {
  const values = (catalogue: Nested): string[] =>
    Object.values(catalogue).flatMap((value) => (typeof value === 'string' ? [value] : values(value)));
  const all = [...values(catalogues.en as Nested), ...values(catalogues.ru as Nested)];

  it.each([
    'Welcome ,',
    'Добро пожаловать ,',
    'successfuly',
    'Unnable',
    'Unable adding',
    'Unable deleting',
    'must login',
    'You logout',
    'fatching',
    'Need to login',
  ])('are gone from both catalogues: %s', (typo) => {
    expect(all.filter((value) => value.toLowerCase().includes(typo.toLowerCase()))).toEqual([]);
  });

  it('leave no space before a comma, full stop, colon or mark, and no double space', () => {
    expect(all.filter((value) => / [,.:!?](?!\.)/.test(value) || /\S {2,}\S/.test(value))).toEqual([]);
  });

  it('read as corrected', () => {
    expect(translate('auth.welcome', 'en', { username: 'ann' })).toBe('Welcome, ann!');
    expect(translate('auth.welcome', 'ru', { username: 'ann' })).toBe('Добро пожаловать, ann!');
    expect(translate('ideas.toasts.addFailed', 'en')).toBe('Unable to add event');
    expect(translate('contacts.toasts.deleteFailed', 'en')).toBe('Unable to delete contact');
    expect(translate('contacts.toasts.mustLogin', 'en')).toBe('You must log in');
    expect(translate('notices.summariesSaved', 'en')).toBe('Generated summaries saved successfully and ready to send.');
    expect(translate('generation.sentTitle', 'en')).toBe('Sent');
  });

  it('say "1 contact", not "1 contacts"', () => {
    expect(translate('notices.summariesSent', 'en', { count: 1 })).toBe('Summary successfully sent to 1 contact!');
    expect(translate('notices.summariesSent', 'en', { count: 2 })).toBe('Summaries successfully sent to 2 contacts!');
    expect(translate('generation.wordCount', 'en', { count: 1 })).toBe('1 word');
    expect(translate('generation.wordCount', 'en', { count: 0 })).toBe('0 words');
    expect(translate('notices.summariesSent', 'ru', { count: 1 })).toBe('Сводки успешно отправлены контактам: 1!');
    expect([1, 3, 5, 21].map((count) => translate('generation.wordCount', 'ru', { count }))).toEqual([
      '1 слово',
      '3 слова',
      '5 слов',
      '21 слово',
    ]);
  });
});

describe('pickLocale', () => {
  it('reads Accept-Language and falls back to English', () => {
    expect(pickLocale('ru-RU,ru;q=0.9,en;q=0.8')).toBe('ru');
    expect(pickLocale('de-DE,en;q=0.5')).toBe('en');
    expect(pickLocale(undefined)).toBe('en');
  });
});
