import { Fragment } from 'react';

/** Web addresses a player typed into a message: http or https only, up to the first space. */
const ADDRESS = /\bhttps?:\/\/[^\s<>"]+/giu;
/** What ends a sentence rather than the address it follows ("see https://x.io/a."). */
const TRAILING = /[.,;:!?)\]}'"]+$/u;

export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/**
 * A message's text cut into plain text and web addresses. Only http and https become links, and
 * only when the URL standard reads them so (`javascript:`, `data:` and the like stay text); the
 * link goes to the address as written, normalised.
 */
export function textParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const address = match[0].replace(TRAILING, '');
    const start = match.index;
    let href: string | null = null;
    try {
      const url = new URL(address);
      href = url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
    } catch {
      href = null;
    }
    if (href === null) continue;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', text: address, href });
    last = start + address.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

/** A player's text with its web addresses as links that open apart, telling the other site nothing of Betbro. */
export function LinkedText({ text, linkClassName = 'underline' }: { text: string; linkClassName?: string }) {
  return (
    <>
      {textParts(text).map((part, i) =>
        part.kind === 'link' ? (
          <a key={i} href={part.href} target="_blank" rel="noopener noreferrer" className={linkClassName}>
            {part.text}
          </a>
        ) : (
          <Fragment key={i}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
