import { afterEach, describe, expect, it } from 'vitest';
import { localeName } from '../../shared/i18n/locale.ts';
import { LOCALES, LOCALE_NAMES, activeLocale, loadLocale, t, wholeCatalogue } from './i18n.ts';

afterEach(async () => {
  await loadLocale('en');
  expect(activeLocale()).toBe('en');
});

describe('choosing a language', () => {
  it('puts the last choice on screen when two are loading at once', async () => {
    const german = loadLocale('de');
    const french = loadLocale('fr');
    await Promise.all([german, french]);
    expect(activeLocale()).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');
    expect(t('bets.create.title')).toBe('Nouveau pari');
  });

  it('brings every word once a screen needs more than the first ones, in the language chosen last', async () => {
    await loadLocale('de');
    await wholeCatalogue();
    expect(activeLocale()).toBe('de');
    expect(t('bets.create.title')).toBe('Neue Wette erstellen');
  });

  it('speaks English for a language Betbro does not speak, right to left for Arabic', async () => {
    await loadLocale('ja');
    expect(activeLocale()).toBe('en');
    await loadLocale('ar');
    expect(document.documentElement.dir).toBe('rtl');
    await loadLocale('en');
    expect(document.documentElement.dir).toBe('ltr');
  });
});

describe('the languages on offer', () => {
  it('are named each in itself, as the build worded them from the catalogues', () => {
    expect([...LOCALE_NAMES.keys()].sort()).toEqual(LOCALES);
    for (const locale of LOCALES) expect(LOCALE_NAMES.get(locale)).toBe(localeName(locale));
    expect(LOCALE_NAMES.get('de')).toBe('Deutsch');
    expect(LOCALE_NAMES.get('ar')).toBe('العربية');
    expect(LOCALE_NAMES.get('pt-BR')).toBe('Português (Brasil)');
  });
});
