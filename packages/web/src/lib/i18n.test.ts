import { catalogues } from '@life-updates/contract/i18n';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale, currentLocale, ensureCatalogue, i18n } from './i18n';
import englishCore from './locales/en-core';
import englishRest from './locales/en-rest';

describe('catalogue loading', () => {
  afterEach(async () => {
    await changeLocale('en');
    localStorage.clear();
  });

  it('splits the English catalogue into the entry part and the lazy part without losing or repeating a section', () => {
    const core = Object.keys(englishCore);
    const rest = Object.keys(englishRest);
    expect(core.filter((section) => rest.includes(section))).toEqual([]);
    expect([...core, ...rest].sort()).toEqual(Object.keys(catalogues.en).sort());
    expect({ ...englishCore, ...englishRest }).toEqual(catalogues.en);
    // The public pages' strings are in the entry part.
    expect(core).toEqual(expect.arrayContaining(['app', 'auth', 'landing', 'nav', 'contactUs', 'validation']));
  });

  it('loads Russian only when asked, then switches to it', async () => {
    expect(i18n.hasResourceBundle('ru', 'translation')).toBe(false);
    await changeLocale('ru');
    expect(currentLocale()).toBe('ru');
    expect(document.documentElement.lang).toBe('ru');
    expect(i18n.t('nav.signIn')).toBe(catalogues.ru.nav.signIn);
    expect(i18n.t('contacts.subtitle')).toBe(catalogues.ru.contacts.subtitle);
    expect(localStorage.getItem('life-updates.locale')).toBe('ru');
    await changeLocale('en');
    expect(i18n.t('nav.signIn')).toBe(catalogues.en.nav.signIn);
  });

  it('loads a catalogue once', async () => {
    const first = ensureCatalogue('ru');
    expect(ensureCatalogue('ru')).toBe(first);
    await first;
  });
});
