import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCleanText, normaliseUserText, userText } from './user-text.ts';

const clean = (text: string, multiline = false) => isCleanText(normaliseUserText(text, { multiline }), { multiline });
const codes = (text: string) => [...text].map((c) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`).join(' ');

const WHITE_SPACE = /\p{White_Space}/u;

/**
 * Each hidden character inside a word, at either end, and alone (but for the white-space ones:
 * alone, they are blank text, which each field refuses or clears by its own rule).
 */
function expectRefusedEverywhere(chars: readonly string[], multiline = false) {
  for (const char of chars) {
    const alone = WHITE_SPACE.test(char) ? [] : [char, `${char}${char}`];
    for (const text of [`Ye${char}s`, `${char}Yes`, `Yes${char}`, ...alone]) {
      expect(clean(text, multiline), codes(text)).toBe(false);
    }
  }
}

const C0 = Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i));
const C1 = [...Array.from({ length: 0x21 }, (_, i) => String.fromCharCode(0x7f + i))];
const BIDI = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F', '\u061C'];
const INVISIBLE = [
  '\u200B', // zero-width space
  '\u200C', // zero-width non-joiner
  '\u2060', // word joiner
  '\uFEFF', // byte order mark
  '\u00AD', // soft hyphen
  '\u034F', // combining grapheme joiner
  '\u180E', // Mongolian vowel separator
  '\u2061', '\u2062', '\u2063', '\u2064', // invisible function application, times, separator, plus
  '\uFE00', '\uFE0F', '\u{E0100}', // variation selectors, outside emoji
  '\u{E0041}', '\u{E007F}', // tag characters, outside a flag
  '\u115F', '\u1160', '\u3164', '\uFFA0', // Hangul fillers
  '\u{1D173}', // musical symbol begin beam
  '\uE000', '\u{F0000}', // private use
  '\uFFFF', '\uFDD0', '\u0378', // a noncharacter, unassigned
  '\uD800', '\uDC00', // lone surrogates
  '\u2028', '\u2029', // line and paragraph separators
];

describe('user text hygiene', () => {
  it('refuses C0 and C1 controls, a line break only in a field with lines', () => {
    expectRefusedEverywhere(C0);
    expectRefusedEverywhere(C1);
    expectRefusedEverywhere(C0.filter((c) => c !== '\n'), true);
    expectRefusedEverywhere(C1, true);
    expect(clean('Line one\nline two')).toBe(false);
    expect(clean('Line one\nline two', true)).toBe(true);
    expect(clean('Line one\r\nline two', true)).toBe(true);
    expect(normaliseUserText('Line one\r\nline two', { multiline: true })).toBe('Line one\nline two');
    expect(clean('Line one\rline two', true)).toBe(false);
    expect(clean('\u001B[31mred\u001B[0m', true)).toBe(false);
  });

  it('refuses bidi controls, which show text in another order than it is stored', () => {
    expectRefusedEverywhere(BIDI);
    expectRefusedEverywhere(BIDI, true);
    expect(clean('Pay \u202Eeno\u202C two')).toBe(false);
  });

  it('refuses invisible and format characters, and unassigned or private code points', () => {
    expectRefusedEverywhere(INVISIBLE);
    expectRefusedEverywhere(INVISIBLE, true);
  });

  it('refuses the soft hyphen and zero-width characters that make two options look the same', () => {
    for (const text of ['Ye\u00ADs', 'Yes\u200B', 'Y\u200Ces', '\u2060Yes', 'Ye\u200Ds']) expect(clean(text), codes(text)).toBe(false);
  });

  it('refuses text with nothing visible in it', () => {
    for (const text of ['\u200B', '\u3164', '\u3164\u3164 \u3164', '\u2800', '\u2800 \u2800', '\u0301', '\u20E3', '\u200D', '\uFE0F']) {
      expect(clean(text), codes(text)).toBe(false);
      expect(clean(text, true), codes(text)).toBe(false);
    }
  });

  it('lets blank text through: whether a field may be empty is its own rule', () => {
    for (const text of ['', ' ', '   ', '\u00A0', '\u3000']) expect(clean(text), codes(text)).toBe(true);
  });

  it('refuses a zero-width joiner outside an emoji sequence', () => {
    for (const text of ['a\u200Db', '\u200DYes', 'Yes\u200D', '\u{1F44D}\u200Da', 'a\u200D\u{1F44D}', '\u{1F44D}\u200D', '\u200D\u{1F44D}', '1\u200D2']) {
      expect(clean(text), codes(text)).toBe(false);
    }
  });

  it('keeps text in any script', () => {
    const texts = [
      '日本語のテキスト、カタカナ、ひらがな。',
      '中文文本',
      '한국어 텍스트',
      'مرحبا بالعالم، كيف حالك؟',
      'שלום עולם',
      'Привет, мир! Ёжик',
      'Γειά σου Κόσμε',
      'नमस्ते दुनिया',
      'สวัสดีชาวโลก',
      'Ελλάδα vs Türkiye: 2–1 ½ «quoted» “curly” — ok…',
      'می\u200Cخواهم', // Persian writes a zero-width non-joiner inside words
      'क्\u200Dष', // Devanagari half form with a zero-width joiner
      'ශ්\u200Dරී', // Sinhala
      '\u{1FAE9}', // an emoji newer than many fonts
    ];
    for (const text of texts) expect(clean(text), codes(text)).toBe(true);
  });

  it('keeps accented letters, composed or decomposed, as one NFC text', () => {
    const composed = 'José, crème brûlée, Ærøskøbing, Dvořák, Nguyễn';
    const decomposed = composed.normalize('NFD');
    expect(decomposed).not.toBe(composed);
    expect(clean(composed)).toBe(true);
    expect(clean(decomposed)).toBe(true);
    expect(normaliseUserText(decomposed)).toBe(composed);
  });

  it('keeps emoji sequences: joiners, flags, skin tones, keycaps, presentation selectors', () => {
    const emoji = [
      '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}', // family
      '\u{1F9D1}\u200D\u{1F91D}\u200D\u{1F9D1}', // people holding hands
      '\u{1F469}\u{1F3FD}\u200D\u{1F4BB}', // woman technologist, medium skin tone
      '\u{1F3F3}\uFE0F\u200D\u{1F308}', // rainbow flag
      '\u{1F3F4}\u200D\u2620\uFE0F', // pirate flag
      '\u2764\uFE0F\u200D\u{1F525}', // heart on fire
      '\u{1F44D}\u{1F3FF}', // thumbs up, dark skin tone
      '\u{1F1E7}\u{1F1EA}', // flag of Belgium
      '\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}', // flag of Scotland
      '1\uFE0F\u20E3', '#\uFE0F\u20E3', // keycaps
      '\u2764\uFE0F', '\u2764\uFE0E', // red heart, emoji and text presentation
    ];
    for (const text of emoji) {
      expect(clean(text), codes(text)).toBe(true);
      expect(clean(`Team ${text} wins!`), codes(text)).toBe(true);
    }
    // A flag's tags must end with the cancel tag, right after the black flag.
    expect(clean('\u{1F3F4}\u{E0067}\u{E0062}')).toBe(false);
    expect(clean('a\u{E0067}\u{E0062}\u{E007F}')).toBe(false);
    expect(clean('\u{1F3F4}\u{E0067}\u{E0062}\u{E007F}\u{E007F}')).toBe(false);
    // Two presentation selectors in a row: the second one hides.
    expect(clean('\u2764\uFE0F\uFE0F')).toBe(false);
  });

  it('refuses a hidden character wherever it sits in any text', () => {
    // Not those that some neighbours make part of a word or an emoji: joiners, presentation selectors, the cancel tag.
    const neverShown = INVISIBLE.filter((c) => !['\u200C', '\uFE0F', '\uFE00', '\u{E007F}'].includes(c));
    const hidden = fc.constantFrom(...C0.filter((c) => c !== '\n'), ...C1, ...BIDI, ...neverShown);
    const text = fc.string({ unit: 'grapheme', maxLength: 30 });
    fc.assert(
      fc.property(text, hidden, text, fc.boolean(), (before, char, after, multiline) => {
        const whole = `x${before}${char}${after}`;
        expect(clean(whole, multiline), codes(whole)).toBe(false);
      }),
    );
  });

  it('keeps what it accepts in one line acceptable in a field with lines', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (text) => {
        if (clean(text)) expect(clean(text, true)).toBe(true);
      }),
    );
  });
});

describe('userText, the schema of every free-text field', () => {
  const title = userText({ field: 'Title', typeError: 'Title is required' }).min(1, 'Title is required').max(10, 'Title too long');
  const bio = userText({ field: 'Bio', typeError: 'Must be text', multiline: true });
  const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((i) => i.message);

  it('names the field in its message', () => {
    expect(messages(title.safeParse('Ye\u00ADs'))).toEqual(['Title contains invisible or control characters']);
    expect(messages(title.safeParse('\u202Eabc'))).toEqual(['Title contains invisible or control characters']);
    expect(messages(title.safeParse('\u200B'))).toEqual(['Title contains invisible or control characters']);
    expect(messages(bio.safeParse('a\u0007b'))).toEqual(['Bio contains invisible or control characters']);
  });

  it("keeps each field's own messages for blank, long and wrong types", () => {
    expect(messages(title.safeParse('   '))).toEqual(['Title is required']);
    expect(messages(title.safeParse(42))).toEqual(['Title is required']);
    expect(messages(title.safeParse('x'.repeat(11)))).toEqual(['Title too long']);
  });

  it('answers the text NFC-normalised and trimmed, with plain line breaks where the field has lines', () => {
    expect(title.parse('  Jose\u0301  ')).toBe('José');
    expect(bio.parse(' First line\r\nsecond line\n')).toBe('First line\nsecond line');
    expect(messages(title.safeParse('One\ntwo'))).toEqual(['Title contains invisible or control characters']);
  });
});
