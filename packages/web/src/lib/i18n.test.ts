import { catalogues } from '@life-updates/contract/i18n';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale, currentLocale, i18n } from './i18n';

describe('catalogue loading', () => {
  afterEach(async () => {
    await changeLocale('en');
    localStorage.clear();
  });

  it('has the whole English catalogue from the start', () => {
    expect(i18n.getResourceBundle('en', 'translation')).toEqual(catalogues.en);
    expect(i18n.t('nav.signIn')).toBe(catalogues.en.nav.signIn);
    expect(i18n.t('contacts.subtitle')).toBe(catalogues.en.contacts.subtitle);
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

  it('fetches the Russian catalogue once', async () => {
    await changeLocale('ru');
    const addResourceBundle = vi.spyOn(i18n, 'addResourceBundle');
    await changeLocale('en');
    await Promise.all([changeLocale('ru'), changeLocale('ru')]);
    expect(addResourceBundle).not.toHaveBeenCalled();
    expect(i18n.t('nav.signIn')).toBe(catalogues.ru.nav.signIn);
    addResourceBundle.mockRestore();
  });
});
