import { createHash } from 'node:crypto';
import { formatDollars, parseAmountToCents } from '../../../shared/money.ts';
import { formatOdds } from '../../../shared/odds.ts';
import type { CrewInvitePreview } from '../../../shared/schemas/crews.ts';
import type { InvitePreview } from '../../../shared/schemas/invites.ts';

/**
 * What a link's card says (docs/product.md §6.8), in words and on its image, drawn from the same
 * data as the page it stands for. An invite's card shows what its maker chose to show to whoever
 * holds the link; every other page gets the generic card, which names nothing of anyone: a chat
 * app's crawler is an anonymous stranger.
 */
export type CardContent =
  | { kind: 'generic' }
  | { kind: 'friend-invite'; inviter: string }
  | { kind: 'bet-invite'; inviter: string; question: string; options: { label: string; odds: string }[]; pot: string; deadline: string | null }
  | { kind: 'crew-invite'; inviter: string; crew: string; memberCount: number };

/** Bumped whenever the drawing changes, so that every card gets a new address and caches let go of the old one. */
export const CARD_LAYOUT_VERSION = 1;

export const GENERIC_CARD: CardContent = { kind: 'generic' };

/** A deadline as a stranger reads it, with no time zone of theirs to go by: in UTC, said so. */
const deadlineFormat = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
export const showDeadline = (iso: string) => `${deadlineFormat.format(new Date(iso))} UTC`;

const potOf = (amount: string) => formatDollars(parseAmountToCents(amount) ?? 0);

export function inviteCard(preview: InvitePreview): CardContent {
  const inviter = preview.inviter.username;
  if (!preview.bet) return { kind: 'friend-invite', inviter };
  const { bet } = preview;
  return {
    kind: 'bet-invite',
    inviter,
    question: bet.title,
    options: bet.options.map((label, i) => ({ label, odds: formatOdds(bet.odds[i] ?? null) })),
    pot: potOf(bet.totalPot),
    deadline: bet.expiresAt === null ? null : showDeadline(bet.expiresAt),
  };
}

export function crewInviteCard(preview: CrewInvitePreview): CardContent {
  return { kind: 'crew-invite', inviter: preview.inviter.username, crew: preview.crew.name, memberCount: preview.crew.memberCount };
}

/**
 * The name of the state a card shows: the hash of its content and of the drawing's version. A
 * card's address carries it, so the image at an address never changes and may be kept for good;
 * a stake changes the odds, and with them the address the page names.
 */
export function cardState(content: CardContent): string {
  return createHash('sha256').update(JSON.stringify([CARD_LAYOUT_VERSION, content])).digest('hex').slice(0, 16);
}

export const members = (n: number) => `${n} ${n === 1 ? 'member' : 'members'}`;

/** The card's words for the page's tags: its title and description. */
export function cardWords(content: CardContent): { title: string; description: string; imageAlt: string } {
  switch (content.kind) {
    case 'generic':
      return {
        title: 'Betbro: betting among friends',
        description: 'Create bets with your friends, stake on the outcome you believe in, watch the odds move live. Play money only.',
        imageAlt: 'Betbro: betting among friends',
      };
    case 'friend-invite':
      return {
        title: `${content.inviter} invites you to Betbro`,
        description: 'Accept to become friends and bet together. Betbro: betting among friends, play money only.',
        imageAlt: `${content.inviter} invites you to Betbro`,
      };
    case 'bet-invite': {
      const odds = content.options.map((o) => `${o.label} ${o.odds}`).join(' · ');
      const deadline = content.deadline === null ? 'No deadline' : `Ends ${content.deadline}`;
      return {
        title: content.question,
        description: `${content.inviter} invites you to bet: ${odds}. Pot ${content.pot}. ${deadline}.`,
        imageAlt: `${content.inviter} invites you to bet: ${content.question}`,
      };
    }
    case 'crew-invite':
      return {
        title: `Join ${content.crew} on Betbro`,
        description: `${content.inviter} invites you to ${content.crew}, a crew of ${members(content.memberCount)} with its own seasons and standings.`,
        imageAlt: `${content.inviter} invites you to ${content.crew} on Betbro`,
      };
  }
}

