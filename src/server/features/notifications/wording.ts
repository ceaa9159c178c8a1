import { sentenceTime } from '../../../shared/clock.ts';
import type { Translate } from '../../../shared/i18n/messages.ts';
import { dollars, lostCents, wonCents } from '../../../shared/money-words.ts';
import { wordsIn } from '../../i18n.ts';
import type { NotificationType } from '../../../shared/schemas/notifications.ts';

/**
 * Every notification's words (docs/product.md §6.4), in one place. A notification is stored as
 * its facts, a type and the parameters below, and worded here when it is read or sent: the list,
 * the socket, push and mail all present it through presentNotification (service.ts), in the
 * reader's language, on their clock (their time zone preference) and in the one money vocabulary
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

/** Whom a notification is worded for: their language and their clock (null: none chosen, UTC said so). */
export interface Reader {
  locale: string;
  timeZone: string | null;
}

/** A reader who has chosen nothing: English, UTC. */
export const PLAIN_READER: Reader = { locale: 'en', timeZone: null };

/**
 * A notification's words for its reader, in their language (the catalogues' `notice.*`
 * messages) with every time on their clock.
 */
export function wordNotification(fact: NotificationFact, reader: Reader): { title: string; body: string } {
  const t = wordsIn(reader.locale);
  const deadline = (iso: string) => sentenceTime(iso, reader.timeZone, reader.locale);
  switch (fact.type) {
    case 'friend_request':
      return { title: t('notice.friendRequest.title'), body: t('notice.friendRequest.body', { from: fact.params.from }) };
    case 'friend_accepted':
      return { title: t('notice.friendAccepted.title'), body: t('notice.friendAccepted.body', { by: fact.params.by }) };
    case 'bet_staked': {
      const { staker, amountCents, option, bet } = fact.params;
      return { title: t('notice.betStaked.title'), body: t('notice.betStaked.body', { staker, amount: dollars(amountCents), option, bet }) };
    }
    case 'bet_expired':
      return { title: t('notice.betExpired.title'), body: t('notice.betExpired.body', { bet: fact.params.bet }) };
    case 'bet_settled':
      return settledWords(t, fact.params);
    case 'bet_proposed': {
      const { option, bet, until } = fact.params;
      return { title: t('notice.betProposed.title'), body: t('notice.betProposed.body', { option, bet, until: deadline(until) }) };
    }
    case 'bet_disputed': {
      const { by, option, bet, until } = fact.params;
      return { title: t('notice.betDisputed.title'), body: t('notice.betDisputed.body', { by, option, bet, until: deadline(until) }) };
    }
    case 'message':
      return { title: t('notice.message.title', { from: fact.params.from }), body: fact.params.preview };
    case 'invite_accepted': {
      const { by, befriended } = fact.params;
      return { title: t('notice.inviteAccepted.title'), body: befriended ? t('notice.inviteAccepted.befriended', { by }) : t('notice.inviteAccepted.body', { by }) };
    }
    case 'crew_joined':
      return { title: t('notice.crewJoined.title'), body: t('notice.crewJoined.body', { member: fact.params.member, crew: fact.params.crew }) };
    case 'crew_bet':
      return { title: t('notice.crewBet.title'), body: t('notice.crewBet.body', { creator: fact.params.creator, bet: fact.params.bet }) };
    case 'crew_season_ended': {
      const { season, crew, winner, next } = fact.params;
      return {
        // The crew's name quoted: it is a player's text, and the title becomes a mail's subject.
        title: t('notice.seasonEnded.title', { season, crew }),
        body: winner ? t('notice.seasonEnded.won', { winner, next }) : t('notice.seasonEnded.body', { next }),
      };
    }
  }
}

function settledWords(t: Translate, params: NotificationFacts['bet_settled']): { title: string; body: string } {
  switch (params.outcome) {
    case 'refunded':
      return { title: t('notice.refunded.title'), body: t('notice.refunded.body', { amount: dollars(params.amountCents), bet: params.bet }) };
    case 'won':
      return { title: wonCents(t, params.amountCents, params.stakeCents), body: t('notice.settled.wonIn', { winner: params.winner, bet: params.bet }) };
    case 'lost':
      return { title: lostCents(t, params.amountCents), body: t('notice.settled.wonIn', { winner: params.winner, bet: params.bet }) };
    case 'jury_decided':
      return { title: t('notice.settled.resolved'), body: t('notice.settled.juryDecided', { winner: params.winner, bet: params.bet }) };
    case 'undisputed':
      return { title: t('notice.settled.resolved'), body: t('notice.settled.undisputed', { winner: params.winner, bet: params.bet }) };
    case 'admins_silent':
      return { title: t('notice.settled.resolved'), body: t('notice.settled.adminsSilent', { winner: params.winner, bet: params.bet }) };
    case 'jury_split':
      return { title: t('notice.settled.calledOff'), body: t('notice.settled.jurySplit', { bet: params.bet }) };
    case 'no_quorum':
      return { title: t('notice.settled.calledOff'), body: t('notice.settled.noQuorum', { bet: params.bet }) };
  }
}
