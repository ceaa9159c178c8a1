import { z } from 'zod';

/**
 * The languages Betbro speaks (docs/decisions/035-languages.md): one catalogue file each in
 * ./catalogues, named by its BCP 47 tag. Adding a language is adding its file; the server and the
 * browser each find the files themselves (src/server/i18n.ts, src/client/lib/i18n.ts).
 */

/** The product's own language: the spec's words, and what a reader with no match gets. */
export const DEFAULT_LOCALE = 'en';

/** A BCP 47 tag as Betbro names its catalogues: a language, optionally a region ("pt-BR"). */
export const localeTagSchema = z.lazy(() => z.string().max(16).regex(/^[a-z]{2,3}(-[A-Z]{2})?$/, 'Unknown language'));

/** Languages written right to left (their base subtag), whatever catalogue arrives for them. */
const RIGHT_TO_LEFT = new Set(['ar', 'he', 'fa', 'ur', 'ps', 'sd', 'ug', 'yi', 'dv', 'ckb']);

/** How a locale's text runs: 'rtl' for Arabic and its kin, else 'ltr'. */
export const textDirection = (locale: string): 'ltr' | 'rtl' => (RIGHT_TO_LEFT.has(locale.split('-')[0]!.toLowerCase()) ? 'rtl' : 'ltr');

/**
 * The supported locale that best serves a reader's languages, most preferred first (an
 * Accept-Language header's order, or navigator.languages): an exact tag, else the same language
 * in another region ("pt-PT" gets "pt-BR", "es-MX" gets "es"); null when none is spoken.
 */
export function matchLocale(wanted: readonly string[], supported: readonly string[]): string | null {
  const byTag = new Map(supported.map((tag) => [tag.toLowerCase(), tag]));
  for (const tag of wanted) {
    const exact = byTag.get(tag.toLowerCase());
    if (exact) return exact;
    const base = tag.split('-')[0]!.toLowerCase();
    const sameLanguage = byTag.get(base) ?? supported.find((s) => s.split('-')[0]!.toLowerCase() === base);
    if (sameLanguage) return sameLanguage;
  }
  return null;
}

/** An Accept-Language header's tags, most preferred first ("de-CH, fr;q=0.8" -> ["de-CH", "fr"]); `*` and q=0 left out. */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)).find(Boolean);
      return { tag: tag.trim(), q: q ? Number(q[1]) : 1, index };
    })
    .filter(({ tag, q }) => tag !== '' && tag !== '*' && q > 0 && /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(tag))
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ tag }) => tag);
}

/** A locale's name in its own language, as a picker lists it: "Deutsch", "Español", "العربية". */
export function localeName(locale: string): string {
  const name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}
