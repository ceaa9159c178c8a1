/**
 * The Open Graph and Twitter Card tags of a page (docs/product.md §6.8), as HTML for its head.
 * Every value is escaped: a bet's question or a crew's name is a player's text, never markup.
 */
import { escapeHtml } from '../../html.ts';

export interface PageCard {
  title: string;
  description: string;
  /** The page's own absolute address. */
  url: string;
  /** The card image's absolute address. */
  image: string;
  imageAlt: string;
  imageWidth: number;
  imageHeight: number;
}

export function cardTags(card: PageCard): string {
  const tags: [attribute: 'property' | 'name', key: string, value: string][] = [
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', 'Betbro'],
    ['property', 'og:title', card.title],
    ['property', 'og:description', card.description],
    ['property', 'og:url', card.url],
    ['property', 'og:image', card.image],
    ['property', 'og:image:type', 'image/png'],
    ['property', 'og:image:width', String(card.imageWidth)],
    ['property', 'og:image:height', String(card.imageHeight)],
    ['property', 'og:image:alt', card.imageAlt],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', card.title],
    ['name', 'twitter:description', card.description],
    ['name', 'twitter:image', card.image],
    ['name', 'twitter:image:alt', card.imageAlt],
  ];
  return tags.map(([attribute, key, value]) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`).join('');
}
