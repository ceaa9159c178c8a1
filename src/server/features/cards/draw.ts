import { members, type CardContent } from './content.ts';

/**
 * A card's drawing (docs/product.md §6.8): 1200×630, in the app's look (its indigo, Inter), as
 * the element tree the renderer lays out. Plain data, so that it is tested without the renderer.
 * Words are cut to what fits: a card is a glance, the page holds the rest.
 */

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

export interface CardNode {
  type: 'div' | 'svg' | 'path';
  props: { style?: Record<string, string | number>; children?: (CardNode | string)[] | string; [attribute: string]: unknown };
}

const PADDING = 48;
const INNER_WIDTH = CARD_WIDTH - 2 * PADDING;
const FOOTER_HEIGHT = 56;
const FOOTER_GAP = 20;
const BODY_HEIGHT = CARD_HEIGHT - 2 * PADDING - FOOTER_HEIGHT - FOOTER_GAP;
const PANEL_PADDING = 40;
const PANEL_INNER = INNER_WIDTH - 2 * PANEL_PADDING;

const BRAND = '#4f46e5';
const BRAND_DARK = '#3730a3';
const INK = '#0f172a';
const MUTED = '#475569';

/** At most `max` characters, cut at a word where one is near, with an ellipsis. */
export function cut(text: string, max: number): string {
  const chars = [...text.trim()];
  if (chars.length <= max) return chars.join('');
  const head = chars.slice(0, max - 1).join('');
  const space = head.lastIndexOf(' ');
  return `${(space > max * 0.6 ? head.slice(0, space) : head).trimEnd()}…`;
}

const box = (style: Record<string, string | number>, children: (CardNode | string)[] | string = []): CardNode => ({
  type: 'div',
  props: { style: { display: 'flex', ...style }, children },
});

const text = (content: string, style: Record<string, string | number>) => box({ ...style }, content);

/**
 * ∞, drawn: Inter's subsets carry no U+221E, and a font for one sign would weigh more than the
 * card. Two loops, as wide as the digits beside it.
 */
const infinity = (color: string): CardNode => ({
  type: 'svg',
  props: {
    width: 44,
    height: 26,
    viewBox: '0 0 44 26',
    children: [
      {
        type: 'path',
        props: { d: 'M22 13 C16 3 5 3 5 13 C5 23 16 23 22 13 C28 3 39 3 39 13 C39 23 28 23 22 13 Z', fill: 'none', stroke: color, strokeWidth: 4 },
      },
    ],
  },
});

/** Odds as the screens show them (`x.x:1`, or ∞). */
const odds = (value: string, style: Record<string, string | number>, color: string) =>
  value === '∞' ? box({ alignItems: 'center' }, [infinity(color)]) : text(value, { ...style, color });

/** The frame every card shares: the brand's gradient, the wordmark, and the card's own body. */
function frame(body: CardNode, footer: string): CardNode {
  return box(
    {
      // The whole canvas, padding inside it.
      width: CARD_WIDTH,
      height: CARD_HEIGHT,
      flexDirection: 'column',
      padding: PADDING,
      backgroundImage: `linear-gradient(135deg, ${BRAND} 0%, #7c3aed 100%)`,
      color: 'white',
      fontFamily: 'Inter',
    },
    [
      // Sized to the pixel: the layout engine shrinks nothing by itself.
      box({ width: INNER_WIDTH, height: BODY_HEIGHT, flexDirection: 'column', overflow: 'hidden' }, [body]),
      box({ width: INNER_WIDTH, height: FOOTER_HEIGHT, marginTop: FOOTER_GAP, alignItems: 'center', justifyContent: 'space-between' }, [
        text('Betbro', { fontSize: 40, fontWeight: 700 }),
        text(footer, { fontSize: 24, padding: '8px 20px', borderRadius: 999, backgroundColor: 'rgba(255,255,255,0.18)' }),
      ]),
    ],
  );
}

/** A headline and a line below it, on the gradient. */
function headline(title: string, line: string): CardNode {
  return box({ width: INNER_WIDTH, height: BODY_HEIGHT, flexDirection: 'column', justifyContent: 'center' }, [
    text(title, { width: INNER_WIDTH, fontSize: 68, fontWeight: 700, lineHeight: 1.15 }),
    text(line, { width: INNER_WIDTH, marginTop: 28, fontSize: 34, lineHeight: 1.35, color: 'rgba(255,255,255,0.92)' }),
  ]);
}

const MAX_OPTIONS_SHOWN = 3;

function betPanel(content: Extract<CardContent, { kind: 'bet-invite' }>): CardNode {
  const shown = content.options.slice(0, MAX_OPTIONS_SHOWN);
  const more = content.options.length - shown.length;
  const rows = shown.map((option) =>
    box({ width: PANEL_INNER, justifyContent: 'space-between', alignItems: 'center', paddingTop: 10, paddingBottom: 10, borderTop: '2px solid #e2e8f0' }, [
      text(cut(option.label, 40), { maxWidth: PANEL_INNER - 140, fontSize: 30, color: INK }),
      odds(option.odds, { fontSize: 30, fontWeight: 700 }, BRAND_DARK),
    ]),
  );
  if (more > 0) rows.push(text(`+ ${more} more ${more === 1 ? 'option' : 'options'}`, { paddingTop: 8, fontSize: 24, color: MUTED }));
  return box({ width: INNER_WIDTH, height: BODY_HEIGHT, flexDirection: 'column', padding: `28px ${PANEL_PADDING}px`, borderRadius: 32, backgroundColor: 'white', color: INK }, [
    text(`${cut(content.inviter, 24)} invites you to bet`, { width: PANEL_INNER, fontSize: 26, color: MUTED }),
    text(cut(content.question, 90), { width: PANEL_INNER, marginTop: 8, marginBottom: 14, fontSize: 40, fontWeight: 700, lineHeight: 1.2 }),
    box({ width: PANEL_INNER, flexDirection: 'column' }, rows),
    box({ width: PANEL_INNER, marginTop: 'auto', justifyContent: 'space-between', fontSize: 26, color: MUTED }, [
      text(`Pot ${content.pot}`, {}),
      text(content.deadline === null ? 'No deadline' : `Ends ${content.deadline}`, {}),
    ]),
  ]);
}

export function drawCard(content: CardContent): CardNode {
  switch (content.kind) {
    case 'generic':
      return frame(
        headline('Bet with your friends.', 'Stake on the outcome you believe in, watch the odds move live, get paid to the cent. Play money only.'),
        'Betting among friends',
      );
    case 'friend-invite':
      return frame(headline(`${cut(content.inviter, 24)} invites you to Betbro`, 'Accept to become friends and bet together.'), 'Invite');
    case 'crew-invite':
      return frame(
        headline(`Join ${cut(content.crew, 40)}`, `${cut(content.inviter, 24)} invites you to a crew of ${members(content.memberCount)}, with its own seasons and standings.`),
        'Crew invite',
      );
    case 'bet-invite':
      return frame(betPanel(content), 'Bet invite');
  }
}
