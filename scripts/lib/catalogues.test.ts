import { describe, expect, it } from 'vitest';
import { IntlMessageFormat } from 'intl-messageformat';
import { sentenceTime } from '../../src/shared/clock.ts';
import { formatDollars } from '../../src/shared/money.ts';
import { returnsWords, wonCents } from '../../src/shared/money-words.ts';
import { textDirection } from '../../src/shared/i18n/locale.ts';
import { translator, type Catalogue } from '../../src/shared/i18n/messages.ts';
import { catalogueProblems, readCatalogues } from './catalogues.ts';

const catalogues = readCatalogues();
const LOCALES = ['ar', 'de', 'en', 'es', 'fr', 'pt-BR'];

describe('the message catalogues', () => {
  it('are the six languages, each with every key of English, every message parsing with its arguments', () => {
    expect(Object.keys(catalogues).sort()).toEqual(LOCALES);
    expect(catalogueProblems(catalogues)).toEqual([]);
  });

  it('find a missing key, a dropped or invented argument, a message that does not parse, and a plural short of forms', () => {
    const broken = {
      en: { 'a.count': '{count, plural, one {# bet} other {# bets}}', 'a.name': 'Hi {name}', 'a.plain': 'Hello', 'said.bet-not-found': 'Bet not found' },
      de: { 'a.count': '{count, plural, one {# Wette} other {# Wetten}}', 'a.name': 'Hallo {nom}', 'said.bet-not-found': 'Wette {' },
      ar: { 'a.count': '{count, plural, one {رهان} other {# رهانات}}', 'a.name': 'مرحبا {name}', 'a.plain': 'مرحبا', 'said.bet-not-found': 'x' },
    };
    expect(catalogueProblems(broken)).toEqual([
      'de: a.plain: missing',
      'de: a.name: drops {name}',
      'de: a.name: names {nom}, which English does not',
      expect.stringMatching(/^de: said\.bet-not-found: does not parse/),
      'ar: a.count: "count" lacks the Arabic plural forms zero, two, few, many',
    ]);
  });

  it('word counts in each language with its own plural forms', () => {
    const counts = [0, 1, 2, 5, 11, 100];
    const worded = Object.fromEntries(
      LOCALES.map((locale) => {
        const t = translator(locale, catalogues[locale] as Catalogue);
        return [locale, counts.map((count) => t('format.participants', { count }))];
      }),
    );
    expect(worded.en).toEqual(['0 participants', '1 participant', '2 participants', '5 participants', '11 participants', '100 participants']);
    // Every count reads in every language, and each language tells one from many.
    for (const locale of LOCALES) {
      expect(worded[locale]!.every((words) => words.trim().length > 0)).toBe(true);
      expect(worded[locale]![1]).not.toBe(worded[locale]![3]);
    }
    // Arabic has six forms: 1, 2, 5 (few) and 11 (many) all read differently.
    expect(new Set([1, 2, 4, 5].map((i) => worded.ar![i])).size).toBe(4);
  });

  it('write money in each language, the dollar always the currency', () => {
    expect(formatDollars(123_456, 'en')).toBe('$1,234.56');
    expect(formatDollars(123_456, 'de')).toBe('1.234,56\u00a0$');
    expect(formatDollars(123_456, 'fr')).toBe('1\u202f234,56\u00a0$US');
    expect(formatDollars(123_456, 'es')).toBe('1234,56\u00a0US$');
    expect(formatDollars(123_456, 'pt-BR')).toBe('US$\u00a01.234,56');
    expect(formatDollars(123_456, 'ar')).toMatch(/1,234\.56.*US\$|US\$.*1,234\.56|١٬٢٣٤٫٥٦/);
    const german = translator('de', catalogues.de as Catalogue);
    expect(wonCents(german, 7500, 5000)).toContain('75,00\u00a0$');
    expect(returnsWords(german, 7500, 5000)).toContain('25,00\u00a0$');
  });

  it('write dates in each language on the reader’s clock', () => {
    const at = '2026-11-28T23:07:00.000Z';
    expect(sentenceTime(at, 'Asia/Tokyo', 'en')).toBe('Nov 29, 08:07 AM');
    expect(sentenceTime(at, 'Asia/Tokyo', 'de')).toBe('29. Nov., 08:07');
    expect(sentenceTime(at, 'America/Sao_Paulo', 'pt-BR')).toBe('28 de nov., 20:07');
    expect(sentenceTime(at, 'Europe/Paris', 'fr')).toBe('29 nov., 00:07');
    expect(sentenceTime(at, 'Europe/Madrid', 'es')).toBe('29 nov, 00:07');
    expect(sentenceTime(at, null, 'de')).toBe('28. Nov., 23:07 UTC');
    expect(sentenceTime(at, 'Africa/Cairo', 'ar')).toMatch(/نوفمبر/);
  });

  it('run Arabic right to left and the others left to right', () => {
    expect(LOCALES.map(textDirection)).toEqual(['rtl', 'ltr', 'ltr', 'ltr', 'ltr', 'ltr']);
  });

  it('format with the parser the app uses', () => {
    expect(new IntlMessageFormat(catalogues.en!['money.youWon']!, 'en').format({ returns: 75, profit: 25 })).toBe('You won $75.00 — $25.00 profit');
  });
});
