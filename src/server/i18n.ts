import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_LOCALE, acceptedLanguages, matchLocale } from '../shared/i18n/locale.ts';
import { saidKey, translator, type Catalogue, type MessageKey, type Translate } from '../shared/i18n/messages.ts';
import { PROJECT_DIR } from './project-dir.ts';

/**
 * The server's languages (docs/decisions/035-languages.md): every catalogue file found in
 * src/shared/i18n/catalogues when the process starts, the same files the browser loads. The
 * server words what it sends in its reader's language: notifications, push, mail, the activity
 * feed, insights and the built-in provider's pages.
 */

const CATALOGUE_DIR = path.join(PROJECT_DIR, 'src/shared/i18n/catalogues');

const readCatalogue = (locale: string) => JSON.parse(readFileSync(path.join(CATALOGUE_DIR, `${locale}.json`), 'utf8')) as Catalogue;
const englishCatalogue = readCatalogue(DEFAULT_LOCALE);

// A key a catalogue lacks reads in English rather than failing a request (`npm run lint` refuses
// such a catalogue; one edited on a server in production cannot take the server down).
const translators = new Map<string, Translate>(
  readdirSync(CATALOGUE_DIR)
    .filter((file) => /^[a-z]{2,3}(-[A-Z]{2})?\.json$/.test(file))
    .map((file) => {
      const locale = file.slice(0, -'.json'.length);
      return [locale, translator(locale, { ...englishCatalogue, ...readCatalogue(locale) })] as const;
    }),
);

/** The locales a player may choose: one per catalogue. */
export const LOCALES: readonly string[] = [...translators.keys()].sort();

/** Whether `locale` is one Betbro speaks. */
export const isLocale = (locale: string): boolean => translators.has(locale);

/** Words in `locale` (an unknown one, or none: English). */
export const wordsIn = (locale: string | null | undefined): Translate => translators.get(locale ?? DEFAULT_LOCALE) ?? translators.get(DEFAULT_LOCALE)!;

/** The cookie the browser keeps its reader's choice in before sign-in (client/lib/i18n.ts). */
export const LOCALE_COOKIE = 'betbro_locale';

/** A request as far as its language goes: its headers, and its cookies once parsed. */
export interface LocaleRequest {
  headers: Record<string, string | string[] | undefined>;
  cookies?: Record<string, string | undefined>;
}

/**
 * The language a request asks for: the choice made on this device (the locale cookie) when
 * Betbro speaks it, else the best match of the browser's Accept-Language, else English.
 */
export function requestLocale(request: LocaleRequest): string {
  const chosen = request.cookies?.[LOCALE_COOKIE];
  if (chosen && isLocale(chosen)) return chosen;
  const header = request.headers['accept-language'];
  return matchLocale(acceptedLanguages(Array.isArray(header) ? header.join(',') : header), LOCALES) ?? DEFAULT_LOCALE;
}

/** The language and words of a page answering `request` (the built-in provider's, the unsubscribe page). */
export function requestWords(request: LocaleRequest): { locale: string; t: Translate } {
  const locale = requestLocale(request);
  return { locale, t: wordsIn(locale) };
}

/**
 * A sentence a rule of Betbro's writes in English (the password rule's reasons, a form's rule) in
 * `t`'s language, by its `said.*` message, as the screens show it (client/lib/i18n.ts `said`);
 * as it came when no catalogue words it.
 */
export function said(t: Translate, english: string): string {
  const key = saidKey(english);
  return key in englishCatalogue ? t(key as MessageKey) : english;
}
