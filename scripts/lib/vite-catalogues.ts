import { TYPE, parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';
import { localeName } from '../../src/shared/i18n/locale.ts';
import { SERVER_WORDS } from '../../src/shared/i18n/messages.ts';
import { firstWords } from './first-words.ts';

/**
 * The message catalogues as the browser gets them (docs/decisions/035-languages.md), for the build
 * (vite.config.ts) and the client's tests (vitest.config.ts) alike: each message parsed here,
 * once, into the syntax tree intl-messageformat formats, so the browser needs no ICU parser (the
 * build swaps the parser module for its parser-less twin: 7 KB gzipped less of initial JS); the
 * server's own words (notifications, mail, the provider's pages, the activity feed, insights) left
 * out, since the server words those.
 */

/**
 * A message as the browser's catalogue holds it: its syntax tree, or the text itself when it is
 * text alone and has no character ICU reads ({, }, '), which the browser then shows as it is.
 */
function browserMessage(message: string, locale: string): string | MessageFormatElement[] {
  const tree = parse(message, { ignoreTag: true, locale: new Intl.Locale(locale) });
  const text = tree.length === 1 && tree[0]!.type === TYPE.literal ? tree[0]!.value : null;
  return text !== null && !/[{}']/.test(text) ? text : tree;
}

/**
 * Each catalogue in two parts (docs/decisions/035-languages.md, "The first words"): `?first`, the
 * keys the first script says (scripts/lib/first-words.ts), which the landing page waits for, and
 * `?rest`, every other key, which every later screen waits for (lazy-screen.ts). The client's tests
 * get the same parts as the build; the development server, whose modules change under it, puts
 * every key in the first part.
 */
export function catalogues(): Plugin {
  const CATALOGUE = /[\\/]src[\\/]shared[\\/]i18n[\\/]catalogues[\\/]([^\\/]+)\.json$/;
  let first: Set<string> | undefined;
  let split = true;
  return {
    name: 'betbro:catalogues',
    enforce: 'pre',
    configResolved(config) {
      split = config.command === 'build' || config.mode === 'test';
    },
    async load(id) {
      const [file, query = ''] = id.split('?') as [string, string | undefined];
      const match = CATALOGUE.exec(file);
      if (!match) return null;
      const asked = new URLSearchParams(query);
      const locale = match[1]!;
      // The language's name in itself, for the language picker, worded here by Node's Intl: six
      // Intl.DisplayNames made in the browser took 28-59 ms of the landing page's first draw.
      if (asked.has('name')) return { code: `export default ${JSON.stringify(localeName(locale))};`, moduleType: 'js' };
      const part = asked.has('first') ? 'first' : asked.has('rest') ? 'rest' : null;
      if (!part) this.error(`A catalogue is imported as ${file}?first, ${file}?rest or ${file}?name, not whole`);
      this.addWatchFile(file);
      const messages = JSON.parse(await readFile(file, 'utf8')) as Record<string, string>;
      const browserKeys = Object.keys(messages).filter((key) => !SERVER_WORDS.includes(key.slice(0, key.indexOf('.'))));
      // The same keys for every language: English's, which the others match (scripts/check-catalogues.ts).
      const firstKeys = split ? (first ??= firstWords(browserKeys)) : new Set(browserKeys);
      const compiled = Object.fromEntries(
        browserKeys.filter((key) => firstKeys.has(key) === (part === 'first')).map((key) => [key, browserMessage(messages[key]!, locale)]),
      );
      // A module that parses a string: browsers read JSON.parse of a large object faster than
      // the same object written as a literal.
      return { code: `export default JSON.parse(${JSON.stringify(JSON.stringify(compiled))});`, moduleType: 'js' };
    },
  };
}
