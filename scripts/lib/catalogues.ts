import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import { saidKey } from '../../src/shared/i18n/messages.ts';

/**
 * The catalogues' rules (docs/decisions/035-languages.md), run by `npm run lint`
 * (scripts/check-catalogues.ts) and proved by scripts/lib/catalogues.test.ts:
 * - English is the reference: every other catalogue has exactly its keys;
 * - every message parses as ICU, and says the same arguments as the English one (a translation
 *   may word them differently, never drop or invent one);
 * - a plural or select has its `other` arm, and an Arabic plural its six categories (zero, one,
 *   two, few, many, other) so no count falls back to a form it does not fit;
 * - a `said.*` key is the slug of its English sentence (saidKey), which is how the screens find it.
 */

export const CATALOGUE_DIR = path.join(import.meta.dirname, '../../src/shared/i18n/catalogues');

export type Catalogues = Record<string, Record<string, string>>;

export function readCatalogues(dir = CATALOGUE_DIR): Catalogues {
  return Object.fromEntries(
    readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => [file.slice(0, -'.json'.length), JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Record<string, string>]),
  );
}

interface AstNode {
  type: number;
  value?: string;
  options?: Record<string, { value: AstNode[] }>;
  pluralType?: string;
  children?: AstNode[];
}

// intl-messageformat's AST: 1 argument, 2 number, 3 date, 4 time, 5 select, 6 plural, 8 tag.
const ARGUMENT_TYPES = new Set([1, 2, 3, 4, 5, 6]);
const ARABIC_PLURALS = ['zero', 'one', 'two', 'few', 'many', 'other'];

/** The arguments a message names, and its problems of shape. */
function shapeOf(locale: string, nodes: AstNode[], args: Set<string>, problems: string[]): void {
  for (const node of nodes) {
    if (ARGUMENT_TYPES.has(node.type) && node.value) args.add(node.value);
    if (node.options) {
      if (!('other' in node.options)) problems.push(`"${node.value}" has no "other" arm`);
      if (node.type === 6 && node.pluralType !== 'ordinal' && locale.startsWith('ar')) {
        const missing = ARABIC_PLURALS.filter((category) => !(category in node.options!));
        const exact = Object.keys(node.options).some((arm) => arm.startsWith('='));
        if (missing.length > 0 && !exact) problems.push(`"${node.value}" lacks the Arabic plural forms ${missing.join(', ')}`);
      }
      for (const arm of Object.values(node.options)) shapeOf(locale, arm.value, args, problems);
    }
    if (node.children) shapeOf(locale, node.children, args, problems);
  }
}

function parse(locale: string, message: string): { args: Set<string>; problems: string[] } {
  const args = new Set<string>();
  const problems: string[] = [];
  try {
    shapeOf(locale, new IntlMessageFormat(message, locale, undefined, { ignoreTag: true }).getAst() as AstNode[], args, problems);
  } catch (error) {
    problems.push(`does not parse: ${error instanceof Error ? error.message : String(error)}`);
  }
  return { args, problems };
}

/** Every breach of the rules above, one line each ("de: bets.title: missing"). */
export function catalogueProblems(catalogues: Catalogues): string[] {
  const english = catalogues.en;
  if (!english) return ['en: the English catalogue is missing'];
  const problems: string[] = [];
  const englishArgs = new Map<string, Set<string>>();
  for (const [key, message] of Object.entries(english)) {
    const parsed = parse('en', message);
    englishArgs.set(key, parsed.args);
    problems.push(...parsed.problems.map((p) => `en: ${key}: ${p}`));
    if (key.startsWith('said.') && saidKey(message) !== key) problems.push(`en: ${key}: its key should be ${saidKey(message)}`);
  }
  for (const [locale, catalogue] of Object.entries(catalogues)) {
    if (locale === 'en') continue;
    for (const key of Object.keys(english)) if (!(key in catalogue)) problems.push(`${locale}: ${key}: missing`);
    for (const [key, message] of Object.entries(catalogue)) {
      const expected = englishArgs.get(key);
      if (!expected) {
        problems.push(`${locale}: ${key}: not in the English catalogue`);
        continue;
      }
      const parsed = parse(locale, message);
      problems.push(...parsed.problems.map((p) => `${locale}: ${key}: ${p}`));
      const missing = [...expected].filter((arg) => !parsed.args.has(arg));
      const extra = [...parsed.args].filter((arg) => !expected.has(arg));
      if (missing.length > 0) problems.push(`${locale}: ${key}: drops {${missing.join('}, {')}}`);
      if (extra.length > 0) problems.push(`${locale}: ${key}: names {${extra.join('}, {')}}, which English does not`);
    }
  }
  return problems;
}
