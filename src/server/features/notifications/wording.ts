import { sentenceTime } from '../../../shared/clock.ts';
import { formatDollars } from '../../../shared/money.ts';
import { lostCents, wonCents } from '../../../shared/money-words.ts';
import type { NotificationType } from '../../../shared/schemas/notifications.ts';

/**
 * Every notification's words (docs/product.md §6.4), in one place. A notification is stored as
 * its facts, a type and the parameters below, and worded here when it is read or sent: the list,
 * the socket, push and mail all present it through presentNotification (service.ts), on the
 * reader's clock (their time zone preference) and in the one money vocabulary
 * (src/shared/money-words.ts), so a deadline and a win read as they do on the bet's page. No
 * stored row holds a sentence. Rows stored before the facts keep the words they were stored with.
 */
export interface NotificationFacts {
  friend_request: { from: string };
  friend_accepted: { by: string };
  bet_staked: { staker: string; amountCents: number; option: string; bet: string };
  bet_expired: { bet: string };
  bet_settled:
    | { outcome: 'refunded'; amountCents: number; bet: string }
    | { outcome: 'won'; amountCents: number; stakeCents: number; winner: string; bet: string }
    | { outcome: 'lost'; amountCents: number; winner: string; bet: string }
    // The creator and the jurors of a jury bet, who hear how it ended without a stake of theirs.
    | { outcome: 'jury_decided' | 'undisputed' | 'admins_silent'; winner: string; bet: string }
    | { outcome: 'jury_split' | 'no_quorum'; bet: string };
  /** `until`: the end of the challenge window, an ISO time. */
  bet_proposed: { option: string; bet: string; until: string };
  /** `until`: the end of the jury's window, an ISO time. */
  bet_disputed: { by: string; option: string; bet: string; until: string };
  message: { from: string; preview: string };
  invite_accepted: { by: string; befriended: boolean };
  crew_joined: { member: string; crew: string };
  crew_bet: { creator: string; bet: string };
  crew_season_ended: { season: number; crew: string; winner: string | null; next: number };
}

/** A notification's facts: its type and that type's parameters. */
export type NotificationFact = { [T in NotificationType]: { type: T; params: NotificationFacts[T] } }[NotificationType];

/** The types whose words hold a time, so whose reader's clock must be known to word them. */
export const TIMED_TYPES: ReadonlySet<NotificationType> = new Set(['bet_proposed', 'bet_disputed']);

/**
 * A notification's words for its reader; `timeZone` is the reader's preference (null while they
 * have chosen none: UTC, said so), which the times in the words follow.
 */
export function wordNotification(fact: NotificationFact, timeZone: string | null): { title: string; body: string } {
  const deadline = (iso: string) => sentenceTime(iso, timeZone);
  switch (fact.type) {
    case 'friend_request':
      return { title: 'New friend request', body: `${fact.params.from} wants to be your friend` };
    case 'friend_accepted':
      return { title: 'Friend request accepted', body: `${fact.params.by} accepted your friend request` };
    case 'bet_staked': {
      const { staker, amountCents, option, bet } = fact.params;
      return { title: 'New stake on your bet', body: `${staker} staked ${formatDollars(amountCents)} on "${option}" in "${bet}"` };
    }
    case 'bet_expired':
      return { title: 'Your bet needs a result', body: `"${fact.params.bet}" has expired and awaits your resolution` };
    case 'bet_settled':
      return settledWords(fact.params);
    case 'bet_proposed': {
      const { option, bet, until } = fact.params;
      return { title: 'Result proposed', body: `"${option}" is proposed as the result of "${bet}". Dispute it until ${deadline(until)}.` };
    }
    case 'bet_disputed': {
      const { by, option, bet, until } = fact.params;
      return { title: 'You are on the jury', body: `${by} disputes "${option}" in "${bet}". Vote until ${deadline(until)}.` };
    }
    case 'message':
      return { title: `New message from ${fact.params.from}`, body: fact.params.preview };
    case 'invite_accepted': {
      const { by, befriended } = fact.params;
      return { title: 'Invite accepted', body: befriended ? `${by} accepted your invite and is now your friend` : `${by} accepted your invite` };
    }
    case 'crew_joined':
      return { title: 'Someone joined your crew', body: `${fact.params.member} joined "${fact.params.crew}"` };
    case 'crew_bet':
      return { title: 'New crew bet', body: `${fact.params.creator} created "${fact.params.bet}"` };
    case 'crew_season_ended': {
      const { season, crew, winner, next } = fact.params;
      return {
        // The crew's name quoted: it is a player's text, and the title becomes a mail's subject.
        title: `Season ${season} of "${crew}" ended`,
        body: winner ? `${winner} won the season. Season ${next} starts now.` : `Season ${next} starts now.`,
      };
    }
  }
}

function settledWords(params: NotificationFacts['bet_settled']): { title: string; body: string } {
  switch (params.outcome) {
    case 'refunded':
      return { title: 'Stake refunded', body: `Refunded ${formatDollars(params.amountCents)} on "${params.bet}"` };
    case 'won':
      return { title: wonCents(params.amountCents, params.stakeCents), body: `"${params.winner}" won in "${params.bet}"` };
    case 'lost':
      return { title: lostCents(params.amountCents), body: `"${params.winner}" won in "${params.bet}"` };
    case 'jury_decided':
      return { title: 'Bet resolved', body: `The jury decided: "${params.winner}" won in "${params.bet}"` };
    case 'undisputed':
      return { title: 'Bet resolved', body: `Nobody disputed it: "${params.winner}" won in "${params.bet}"` };
    case 'admins_silent':
      return { title: 'Bet resolved', body: `No admin overturned it: "${params.winner}" won in "${params.bet}"` };
    case 'jury_split':
      return { title: 'Bet called off', body: `The jury was split: "${params.bet}" is called off` };
    case 'no_quorum':
      return { title: 'Bet called off', body: `The jury did not reach its quorum in time: "${params.bet}" is called off` };
  }
}
