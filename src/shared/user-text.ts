import { z } from 'zod';

/**
 * A player's text is data, never formatting. What one player types, another reads as a bet's
 * title, the option they stake on, a chat line: it must look like what it is. So every free-text
 * field keeps to one rule (`userText` below), on the client as on the server:
 * - the text is NFC-normalised, so an "e" followed by a combining accent and a ready-made accented
 *   "e" are one text;
 * - no character that does not show as itself: controls (a line break only where the field has
 *   lines), bidirectional overrides that show text in another order than it is stored, zero-width
 *   and other invisible characters that make "Yes" and "Ye" + zero-width space + "s" two options
 *   that look the same, private-use and unassigned code points;
 * - something visible: a text of invisible or blank characters only is refused.
 * Emoji sequences keep the invisible characters they are made of (the joiners of a family, the
 * variation selector of a red heart, the tag letters of the Scottish flag), and so do the scripts
 * whose words need a joiner (Persian, Hindi, ...). Texts that must differ (a bet's options) are
 * also compared by the server by their look-alike skeleton (src/shared/text-skeleton.ts).
 */

/**
 * Every character that does not show as itself: controls (Cc), format characters (Cf: bidi
 * controls, zero-width spaces and joiners, the soft hyphen, tags...), private use (Co), lone
 * surrogates (Cs), Unicode's default-ignorable characters (variation selectors, Hangul fillers,
 * the combining grapheme joiner...), and the line and paragraph separators.
 */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Default_Ignorable_Code_Point}\u2028\u2029]/u;
/** Whatever HIDDEN or UNASSIGNED finds (Other, C, is Cc Cf Co Cs Cn), but a line break: text without any needs no closer look. */
const SUSPECT = /(?!\n)[\p{C}\p{Default_Ignorable_Code_Point}\u2028\u2029]/u;
/** Unassigned code points, of which those set aside for future emoji are let through. */
const UNASSIGNED = /\p{Cn}/u;
const PICTOGRAPH = /\p{Extended_Pictographic}/u;
const EMOJI = /\p{Emoji}/u;
const EMOJI_MODIFIER = /\p{Emoji_Modifier}/u;
/** A letter, digit, punctuation mark or symbol, except the blank braille pattern that passes for a space. */
const VISIBLE = /(?!\u2800)[\p{L}\p{N}\p{P}\p{S}]/u;
const BLANK = /^\p{White_Space}*$/u;

const ZWNJ = '\u200C';
const ZWJ = '\u200D';
const VARIATION_SELECTORS = new Set(['\uFE0E', '\uFE0F']);
const BLACK_FLAG = '\u{1F3F4}';
const CANCEL_TAG = '\u{E007F}';
const TAG = /[\u{E0020}-\u{E007F}]/u;
/** The tag letters of a subdivision flag: black flag + "gbsct" in tags + cancel tag. */
const TAG_SPEC = /^[\u{E0030}-\u{E0039}\u{E0061}-\u{E007A}]+$/u;

/**
 * Scripts in which a zero-width (non-)joiner between two letters changes how the word is drawn:
 * the Arabic-script languages (Persian writes one in most sentences) and the Indic scripts.
 */
const JOINING_SCRIPT_NAMES = [
  'Arabic', 'Syriac', 'Nko', 'Devanagari', 'Bengali', 'Gurmukhi', 'Gujarati', 'Oriya', 'Tamil', 'Telugu', 'Kannada', 'Malayalam', 'Sinhala',
];
/**
 * A script's patterns are made when a text first needs them, not when the module loads: each one
 * built from a Unicode property costs a table look-up, and the 47 of them took 88 ms of a phone's
 * slowed processor while the first page started (a crew page's profile, docs/performance.md).
 */
function builtOnce<T>(build: () => T): () => T {
  let built: T | undefined;
  return () => (built ??= build());
}
const joiningScripts = builtOnce(() =>
  JOINING_SCRIPT_NAMES.map((script) => new RegExp(`^(?=\\p{Script_Extensions=${script}})[\\p{L}\\p{M}]$`, 'u')),
);

export interface TextLayout {
  /** The field holds lines (a description, a message, a bio): "\n" is allowed. */
  multiline?: boolean;
  /**
   * The field names something that must not pass for another (a crew's name, as a username):
   * NFKC instead of NFC, so full-width and other compatibility letters become the plain ones.
   */
  compatibility?: boolean;
}

/** NFC (NFKC for a name), and in a field with lines, Windows line ends as plain ones. */
export function normaliseUserText(text: string, { multiline = false, compatibility = false }: TextLayout = {}): string {
  const composed = text.normalize(compatibility ? 'NFKC' : 'NFC');
  return multiline ? composed.replaceAll('\r\n', '\n') : composed;
}

/**
 * Whether normalised text shows as what it holds: no hidden character outside the sequences that
 * need one, and at least one visible character. Blank text passes: whether a field may be empty
 * is the field's own rule.
 */
export function isCleanText(text: string, layout: TextLayout = {}): boolean {
  if (BLANK.test(text)) return true;
  if (!VISIBLE.test(text)) return false;
  if (text.includes('\n') && !layout.multiline) return false;
  // Most text holds no character to look at closely: one pass over it says so.
  if (!SUSPECT.test(text)) return true;
  const chars = Array.from(text);
  return chars.every((char, i) => {
    if (char === '\n') return true;
    if (HIDDEN.test(char)) return hiddenCharFits(chars, i);
    return !UNASSIGNED.test(char) || PICTOGRAPH.test(char);
  });
}

/** Whether the hidden character at `i` is part of an emoji sequence or a word that needs it. */
function hiddenCharFits(chars: readonly string[], i: number): boolean {
  const char = chars[i]!;
  const before = chars[i - 1] ?? '';
  const after = chars[i + 1] ?? '';
  // Text or emoji presentation of the character before: a red heart, a keycap.
  if (VARIATION_SELECTORS.has(char)) return EMOJI.test(before);
  if (char === ZWJ && (PICTOGRAPH.test(before) || EMOJI_MODIFIER.test(before) || VARIATION_SELECTORS.has(before)) && PICTOGRAPH.test(after)) {
    return true;
  }
  if (char === ZWJ || char === ZWNJ) return joiningScripts().some((script) => script.test(before) && script.test(after));
  if (TAG.test(char)) return inSubdivisionFlag(chars, i);
  return false;
}

/** Whether the tag character at `i` lies in black flag + tag letters + cancel tag. */
function inSubdivisionFlag(chars: readonly string[], i: number): boolean {
  let start = i;
  while (start > 0 && TAG.test(chars[start - 1]!)) start -= 1;
  let end = i;
  while (end < chars.length - 1 && TAG.test(chars[end + 1]!)) end += 1;
  return chars[start - 1] === BLACK_FLAG && chars[end] === CANCEL_TAG && TAG_SPEC.test(chars.slice(start, end).join(''));
}

/**
 * A free-text field: normalised, refused with "<field> contains invisible or control characters"
 * when it hides anything, then trimmed. Each field adds its own length rules.
 */
export function userText({ field, typeError, ...layout }: { field: string; typeError: string } & TextLayout) {
  return z
    .string({ error: typeError })
    .overwrite((text) => normaliseUserText(text, layout))
    .refine((text) => isCleanText(text, layout), `${field} contains invisible or control characters`)
    .trim();
}

/**
 * The scripts whose letters a name may hold, each found by its Unicode Script property; a letter
 * of any other script counts as one more script.
 */
const SCRIPT_NAMES = [
  'Latin', 'Greek', 'Cyrillic', 'Armenian', 'Georgian', 'Hebrew', 'Arabic', 'Syriac', 'Thaana', 'Nko', 'Devanagari', 'Bengali',
  'Gurmukhi', 'Gujarati', 'Oriya', 'Tamil', 'Telugu', 'Kannada', 'Malayalam', 'Sinhala', 'Thai', 'Lao', 'Tibetan', 'Myanmar',
  'Khmer', 'Mongolian', 'Ethiopic', 'Cherokee', 'Canadian_Aboriginal', 'Hangul', 'Hiragana', 'Katakana', 'Bopomofo', 'Han',
];
const scriptsOf = builtOnce(() => SCRIPT_NAMES.map((name) => ({ name, pattern: new RegExp(`^\\p{Script=${name}}$`, 'u') })));
/**
 * Scripts written together as one writing system (UTS #39's "highly restrictive" level): Japanese
 * (Han, Hiragana, Katakana), Chinese with Bopomofo, Korean with Han, each with Latin beside it.
 * Any other mix is how look-alikes are made ("pаypal" with a Cyrillic а).
 */
const WRITING_SYSTEMS = [
  ['Latin', 'Han', 'Hiragana', 'Katakana'],
  ['Latin', 'Han', 'Bopomofo'],
  ['Latin', 'Han', 'Hangul'],
].map((scripts) => new Set(scripts));
const LETTER = /^\p{L}$/u;

/**
 * Whether a name mixes letters of several scripts (docs/security.md, "Names"): usernames and crew
 * names hold letters of one script, or of one of the writing systems above. Digits, spaces,
 * punctuation, symbols and emoji belong to every script.
 */
export function mixesScripts(name: string): boolean {
  const scripts = new Set<string>();
  for (const char of name) {
    if (!LETTER.test(char)) continue;
    scripts.add(scriptsOf().find(({ pattern }) => pattern.test(char))?.name ?? 'Other');
  }
  if (scripts.size <= 1) return false;
  return !WRITING_SYSTEMS.some((system) => [...scripts].every((script) => system.has(script)));
}
