import unhomoglyph from 'unhomoglyph';

/**
 * Look-alike text (Unicode UTS #39). Two texts are confusable when their skeletons are equal:
 * "aIice" and "alice" (capital I and small L), "b0b" and "bob", "rn" and "m", "Yes" and "Υes"
 * (a Greek capital upsilon). The skeleton maps every character to its prototype with the
 * confusables data Unicode publishes (the `unhomoglyph` package). It ignores case too, since
 * usernames are unique ignoring case and a bet's options must differ ignoring case: as "I" passes
 * for "l" and "i" for "I", all three are one letter here.
 *
 * The confusables table is about 100 KB: the client leaves these checks to the server rather than
 * add some 60 KB (gzipped) to every signed-in screen, and imports neither this module nor a schema
 * that uses it.
 *
 * Usernames store their skeleton (users.username_skeleton): changing what this returns needs a
 * migration that recomputes the stored ones.
 */
export function skeleton(text: string): string {
  // Invisible characters drop out first: two emoji with or without a joiner between them, a
  // heart with or without its emoji variation selector, look the same.
  const shown = text.normalize('NFD').replace(DEFAULT_IGNORABLE, '');
  // Mapped before lowercasing ("I" looks like "l" only as a capital) and after ("M" like "rn" only once small).
  return unhomoglyph(unhomoglyph(shown).toLowerCase().replaceAll('i', 'l'));
}

const DEFAULT_IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;

/** Whether two of the texts look alike. */
export function hasLookAlikes(texts: readonly string[]): boolean {
  return new Set(texts.map(skeleton)).size < texts.length;
}
