import { Fragment, createElement, useSyncExternalStore, type ReactNode } from 'react';
import { DEFAULT_LOCALE, matchLocale, textDirection } from '../../shared/i18n/locale.ts';
import { preparedMessages, saidKey, wording, type Catalogue, type MessageKey, type MessageValues, type PreparedMessage, type Translate } from '../../shared/i18n/messages.ts';

/**
 * The words on screen (docs/decisions/035-languages.md). Every catalogue comes in two chunks of
 * its own, fetched when its language is chosen, so a reader downloads only theirs: the first
 * words, which the first script says (the landing page, the loaders, the 404 and error screens;
 * scripts/lib/first-words.ts), and the rest. The app starts once its reader's first words are
 * here (main.tsx); a screen in a chunk of its own waits for the rest too (lazy-screen.ts). `t`
 * words a message anywhere: in a component, a toast, a formatter. A change of language draws the
 * app again (useLocale, app.tsx).
 */

type Parts = Record<string, () => Promise<Catalogue>>;
const firstParts: Parts = import.meta.glob<Catalogue>('../../shared/i18n/catalogues/*.json', { import: 'default', query: '?first' });
const restParts: Parts = import.meta.glob<Catalogue>('../../shared/i18n/catalogues/*.json', { import: 'default', query: '?rest' });
const fileLocale = (path: string) => /([^/]+)\.json$/.exec(path)![1]!;
const byLocale = (parts: Parts) => new Map(Object.entries(parts).map(([path, load]) => [fileLocale(path), load]));
const firstLoaders = byLocale(firstParts);
const restLoaders = byLocale(restParts);

/** The locales a reader can choose: one per catalogue file. */
export const LOCALES: readonly string[] = [...firstLoaders.keys()].sort();

/**
 * Each locale's name in its own language ("Deutsch", "العربية"), as the language picker lists
 * them: worded at build time from each catalogue's file name (`?name`, scripts/lib/vite-catalogues.ts,
 * by `localeName` of shared/i18n/locale.ts), not by six Intl.DisplayNames in the browser.
 */
const nameParts = import.meta.glob<string>('../../shared/i18n/catalogues/*.json', { import: 'default', query: '?name', eager: true });
export const LOCALE_NAMES: ReadonlyMap<string, string> = new Map(Object.entries(nameParts).map(([path, name]) => [fileLocale(path), name]));

/** Where the choice is remembered before sign-in: a cookie, so the server reads it too (the first sign-in, the provider's pages). */
export const LOCALE_COOKIE = 'betbro_locale';

interface Spoken {
  locale: string;
  /** Whether every key is here, not only the first words. */
  whole: boolean;
  t: Translate;
  prepare: (key: MessageKey) => PreparedMessage;
  has: (key: string) => boolean;
}
let active: Spoken | null = null;
const listeners = new Set<() => void>();
/** The language asked for last, and its load (which a later choice supersedes). */
let wanted: string | null = null;
let current: Promise<void> = Promise.resolve();
/** Whether a screen that says more than the first words has been asked for: every load is then whole. */
let wholeWanted = false;

/** The message `key` in the reader's language. */
export const t: Translate = (key: MessageKey, values?: MessageValues) => {
  if (!active) throw new Error('No catalogue loaded yet: the app starts after loadLocale');
  return active.t(key, values);
};

/**
 * The message `key` with elements inside it: `tNodes('bets.wonBy', { name: <strong>{name}</strong> })`.
 * The sentence stays whole in the catalogue, so each language orders it its own way.
 */
export function tNodes(key: MessageKey, values: Record<string, ReactNode>): ReactNode {
  if (!active) throw new Error('No catalogue loaded yet: the app starts after loadLocale');
  const message = active.prepare(key);
  if (typeof message === 'string') return message;
  const parts = message.format<ReactNode>(values as MessageValues);
  if (!Array.isArray(parts)) return parts;
  return parts.map((part, index) => createElement(Fragment, { key: index }, part));
}

/**
 * A sentence the server or a shared rule wrote in English (an API error, a form field's rule) in
 * the reader's language, when the catalogue has it; else as it came.
 */
export function said(english: string): string {
  if (!active) return english;
  const key = saidKey(english) as MessageKey;
  return active.has(key) ? active.t(key) : english;
}

/** The language on screen now (before any is loaded: English). */
export const activeLocale = (): string => active?.locale ?? DEFAULT_LOCALE;

/** The language this device asked for before: the cookie, else the browser's languages, else English. */
export function initialLocale(): string {
  const cookie = new RegExp(`(?:^|; )${LOCALE_COOKIE}=([^;]+)`).exec(globalThis.document?.cookie ?? '')?.[1];
  const wanted = [...(cookie ? [decodeURIComponent(cookie)] : []), ...(globalThis.navigator?.languages ?? [])];
  return matchLocale(wanted, LOCALES) ?? DEFAULT_LOCALE;
}

/**
 * Makes `catalogue` the screen's words, and marks the page with its language and direction.
 * Remembered on the device for its next visit.
 */
function speak(locale: string, catalogue: Partial<Catalogue>, whole: boolean): void {
  const prepare = preparedMessages(locale, catalogue as Catalogue);
  active = { locale, whole, t: wording(prepare), prepare, has: (key) => Object.hasOwn(catalogue, key) };
  if (globalThis.document) {
    document.documentElement.lang = locale;
    document.documentElement.dir = textDirection(locale);
    document.cookie = `${LOCALE_COOKIE}=${encodeURIComponent(locale)}; path=/; max-age=31536000; samesite=lax`;
  }
  for (const listener of listeners) listener();
}

/** `locale` when Betbro speaks it, else English. */
const known = (locale: string) => (firstLoaders.has(locale) ? locale : DEFAULT_LOCALE);

/**
 * Fetches `locale`'s catalogue (an unknown one: English): its first words, and the rest once any
 * screen has needed them. Settles when that language is on screen, or when a later choice is.
 */
export function loadLocale(locale: string): Promise<void> {
  const chosen = known(locale);
  if (wanted === chosen && active?.locale === chosen && (active.whole || !wholeWanted)) return current;
  wanted = chosen;
  const whole = wholeWanted;
  const load: Promise<void> = Promise.all([firstLoaders.get(chosen)!(), whole ? restLoaders.get(chosen)!() : {}]).then(([first, rest]) => {
    if (current !== load) return current;
    speak(chosen, { ...first, ...rest }, whole);
  });
  current = load;
  return load;
}

/**
 * Every word of the reader's language, for a screen that says more than the first words: settles
 * once they are on hand (at once when they are). Before the first language is loaded, that load
 * brings them.
 */
export function wholeCatalogue(): Promise<void> {
  wholeWanted = true;
  if (active?.whole && active.locale === wanted) return current;
  return loadLocale(wanted ?? initialLocale());
}

/**
 * Puts exactly `catalogue` on screen, as if it were all the build gave: for the tests of what the
 * first words cover (app/first-words.test.tsx). The next wholeCatalogue() brings every word back.
 */
export function speakOnly(locale: string, catalogue: Partial<Catalogue>): void {
  wholeWanted = false;
  wanted = locale;
  current = Promise.resolve();
  speak(locale, catalogue, false);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The language on screen, for the component that draws the app again when it changes. */
export const useLocale = () => useSyncExternalStore(subscribe, activeLocale);
