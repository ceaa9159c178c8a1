import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat, type PrimitiveType } from 'intl-messageformat';
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

/**
 * A catalogue's messages, each parsed once on its first use. An argument a message needs and is
 * not given throws when it is formatted, as a wrong key does not compile.
 */
export function messageFormats(locale: string, catalogue: Catalogue): (key: MessageKey) => IntlMessageFormat {
  const compiled = new Map<string, IntlMessageFormat>();
  return (key) => {
    let format = compiled.get(key);
    if (!format) {
      const message = catalogue[key];
      if (message === undefined) throw new Error(`No message "${key}" in the ${locale} catalogue`);
      format = new IntlMessageFormat(message, locale, undefined, { ignoreTag: true });
      compiled.set(key, format);
    }
    return format;
  };
}

/** A translator for one locale: each message worded as a string. */
export function translator(locale: string, catalogue: Catalogue): Translate {
  const formatOf = messageFormats(locale, catalogue);
  return (key, values) => String(formatOf(key).format(values));
}

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
