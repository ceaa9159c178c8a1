import { Fragment, createElement, useSyncExternalStore, type ReactNode } from 'react';
import { DEFAULT_LOCALE, matchLocale, textDirection } from '../../shared/i18n/locale.ts';
import { preparedMessages, saidKey, wording, type Catalogue, type MessageKey, type MessageValues, type PreparedMessage, type Translate } from '../../shared/i18n/messages.ts';

/**
 * The words on screen (docs/decisions/035-languages.md). Every catalogue is a chunk of its own,
 * fetched when its language is chosen, so a reader downloads only theirs. The app starts once its
 * reader's catalogue is here (main.tsx), and `t` words a message in it anywhere: in a component,
 * a toast, a formatter. A change of language draws the app again (useLocale, app.tsx).
 */

const catalogues = import.meta.glob<Catalogue>('../../shared/i18n/catalogues/*.json', { import: 'default' });
const fileLocale = (path: string) => /([^/]+)\.json$/.exec(path)![1]!;
const loaders = new Map(Object.entries(catalogues).map(([path, load]) => [fileLocale(path), load]));

/** The locales a reader can choose: one per catalogue file. */
export const LOCALES: readonly string[] = [...loaders.keys()].sort();

/** Where the choice is remembered before sign-in: a cookie, so the server reads it too (the first sign-in, the provider's pages). */
export const LOCALE_COOKIE = 'betbro_locale';

let active: { locale: string; t: Translate; prepare: (key: MessageKey) => PreparedMessage; has: (key: string) => boolean } | null = null;
const listeners = new Set<() => void>();

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
 * Fetches `locale`'s catalogue (an unknown one: English), makes it the screen's, and marks the
 * page with its language and direction. Remembered on the device for its next visit.
 */
export async function loadLocale(locale: string): Promise<void> {
  const chosen = loaders.has(locale) ? locale : DEFAULT_LOCALE;
  if (active?.locale === chosen) return;
  const catalogue = await loaders.get(chosen)!();
  const prepare = preparedMessages(chosen, catalogue);
  active = { locale: chosen, t: wording(prepare), prepare, has: (key) => Object.hasOwn(catalogue, key) };
  if (globalThis.document) {
    document.documentElement.lang = chosen;
    document.documentElement.dir = textDirection(chosen);
    document.cookie = `${LOCALE_COOKIE}=${encodeURIComponent(chosen)}; path=/; max-age=31536000; samesite=lax`;
  }
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The language on screen, for the component that draws the app again when it changes. */
export const useLocale = () => useSyncExternalStore(subscribe, activeLocale);
