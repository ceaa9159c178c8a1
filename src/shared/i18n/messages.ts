import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat, type Formatters, type PrimitiveType } from 'intl-messageformat';
import type en from './catalogues/en.json';

/**
 * Every word Betbro shows or sends comes from a catalogue (docs/decisions/035-languages.md): one
 * JSON file per locale in ./catalogues, flat keys to ICU messages ("{count, plural, one {# bet}
 * other {# bets}}"). English is the reference: every other catalogue has exactly its keys and
 * arguments (scripts/check-catalogues.ts, in `npm run lint`).
 */

/** A message's key: one of the English catalogue's. */
export type MessageKey = keyof typeof en;

/**
 * A catalogue: every key's ICU message in one language, as its file has it, or parsed already
 * (the browser's, which the build parses: vite.config.ts).
 */
export type Catalogue = Record<MessageKey, string | MessageFormatElement[]>;

/** The namespaces only the server words (notifications, mail, its pages, the feed, insights): the browser's catalogues leave them out. */
export const SERVER_WORDS = ['notice', 'mail', 'provider', 'activity', 'insight'];

/** The values a message's arguments take. */
export type MessageValues = Record<string, PrimitiveType>;

/** Words a message into a string: `t('bets.resolved', { option })`. */
export type Translate = (key: MessageKey, values?: MessageValues) => string;

/** A message ready to word: its text when it has no argument and no syntax, else its formatter. */
export type PreparedMessage = string | IntlMessageFormat;

/** The text of a message that is only text (most are), which needs no formatter at all. */
function plainText(message: string | MessageFormatElement[]): string | null {
  if (typeof message === 'string') return /[{}']/.test(message) ? null : message;
  return message.every((node) => node.type === TYPE.literal) ? message.map((node) => (node as { value: string }).value).join('') : null;
}

/** The Intl formatters a catalogue's messages share, each made once per locale and options. */
function sharedFormatters(): Formatters {
  const once = <A extends unknown[], T>(make: (...args: A) => T) => {
    const made = new Map<string, T>();
    return (...args: A): T => {
      const key = JSON.stringify(args);
      let found = made.get(key);
      if (found === undefined) {
        found = make(...args);
        made.set(key, found);
      }
      return found;
    };
  };
  return {
    getNumberFormat: once((locales?: string | string[], options?: Intl.NumberFormatOptions) => new Intl.NumberFormat(locales, options)),
    getDateTimeFormat: once((...args: ConstructorParameters<typeof Intl.DateTimeFormat>) => new Intl.DateTimeFormat(...args)),
    getPluralRules: once((...args: ConstructorParameters<typeof Intl.PluralRules>) => new Intl.PluralRules(...args)),
  };
}

/**
 * A catalogue's messages, each prepared once on its first use: a plain text as it is, any other
 * message as its formatter (sharing the catalogue's Intl formatters). An argument a message needs
 * and is not given throws when it is formatted, as a wrong key does not compile.
 */
export function preparedMessages(locale: string, catalogue: Catalogue): (key: MessageKey) => PreparedMessage {
  const prepared = new Map<string, PreparedMessage>();
  const formatters = sharedFormatters();
  return (key) => {
    let found = prepared.get(key);
    if (found === undefined) {
      const message = catalogue[key];
      if (message === undefined) throw new Error(`No message "${key}" in the ${locale} catalogue`);
      found = plainText(message) ?? new IntlMessageFormat(message, locale, undefined, { ignoreTag: true, formatters });
      prepared.set(key, found);
    }
    return found;
  };
}

/** Words prepared messages as strings. */
export const wording =
  (prepare: (key: MessageKey) => PreparedMessage): Translate =>
  (key, values) => {
    const message = prepare(key);
    return typeof message === 'string' ? message : String(message.format(values));
  };

/** A translator for one locale: each message worded as a string. */
export const translator = (locale: string, catalogue: Catalogue): Translate => wording(preparedMessages(locale, catalogue));

/**
 * The key of a sentence Betbro's rules write in English, an API error or a form rule of the shared
 * schemas ("Bet not found" -> "said.bet-not-found"): the screens find its translation by the
 * sentence itself, so the API's words stay the contract and nothing has to name each one twice.
 */
export function saidKey(english: string): string {
  const slug = english
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return `said.${slug}`;
}
