import { describe, expect, it } from 'vitest';
import { NOTIFICATION_TYPES } from '../../../shared/schemas/notifications.ts';
import { dayAndTime } from '../../../shared/clock.ts';
import { youLost, youWon } from '../../../shared/money-words.ts';
import { wordsIn } from '../../i18n.ts';
import { PLAIN_READER, wordNotification, type NotificationFact } from './wording.ts';

const t = wordsIn('en');
const inZone = (timeZone: string) => ({ locale: 'en', timeZone });

// One fact of each type, with the words docs/product.md gives it: stored facts, worded when read,
// here for a reader in Tokyo (UTC+9).
const WORDED: [NotificationFact, { title: string; body: string }][] = [
  [{ type: 'friend_request', params: { from: 'Ann' } }, { title: 'New friend request', body: 'Ann wants to be your friend' }],
  [{ type: 'friend_accepted', params: { by: 'Bob' } }, { title: 'Friend request accepted', body: 'Bob accepted your friend request' }],
  [
    { type: 'bet_staked', params: { staker: 'Cat', amountCents: 1_250_000, option: 'Home', bet: 'Derby' } },
    { title: 'New stake on your bet', body: 'Cat staked $12,500.00 on "Home" in "Derby"' },
  ],
  [{ type: 'bet_expired', params: { bet: 'Derby' } }, { title: 'Your bet needs a result', body: '"Derby" has expired and awaits your resolution' }],
  [{ type: 'bet_settled', params: { outcome: 'refunded', amountCents: 1000, bet: 'Derby' } }, { title: 'Stake refunded', body: 'Refunded $10.00 on "Derby"' }],
  [
    { type: 'bet_settled', params: { outcome: 'won', amountCents: 7500, stakeCents: 5000, winner: 'Home', bet: 'Derby' } },
    { title: 'You won $75.00 — $25.00 profit', body: '"Home" won in "Derby"' },
  ],
  [{ type: 'bet_settled', params: { outcome: 'lost', amountCents: 2500, winner: 'Home', bet: 'Derby' } }, { title: 'You lost $25.00', body: '"Home" won in "Derby"' }],
  [{ type: 'bet_settled', params: { outcome: 'jury_decided', winner: 'No', bet: 'Derby' } }, { title: 'Bet resolved', body: 'The jury decided: "No" won in "Derby"' }],
  [{ type: 'bet_settled', params: { outcome: 'undisputed', winner: 'No', bet: 'Derby' } }, { title: 'Bet resolved', body: 'Nobody disputed it: "No" won in "Derby"' }],
  [{ type: 'bet_settled', params: { outcome: 'admins_silent', winner: 'No', bet: 'Derby' } }, { title: 'Bet resolved', body: 'No admin overturned it: "No" won in "Derby"' }],
  [{ type: 'bet_settled', params: { outcome: 'jury_split', bet: 'Derby' } }, { title: 'Bet called off', body: 'The jury was split: "Derby" is called off' }],
  [
    { type: 'bet_settled', params: { outcome: 'no_quorum', bet: 'Derby' } },
    { title: 'Bet called off', body: 'The jury did not reach its quorum in time: "Derby" is called off' },
  ],
  [
    { type: 'bet_proposed', params: { option: 'Yes', bet: 'Derby', until: '2026-11-29T18:05:09.000Z' } },
    { title: 'Result proposed', body: '"Yes" is proposed as the result of "Derby". Dispute it until Nov 30, 03:05 AM.' },
  ],
  [
    { type: 'bet_disputed', params: { by: 'Dan', option: 'Yes', bet: 'Derby', until: '2026-12-02T18:05:09.000Z' } },
    { title: 'You are on the jury', body: 'Dan disputes "Yes" in "Derby". Vote until Dec 3, 03:05 AM.' },
  ],
  [{ type: 'message', params: { from: 'Eve', preview: 'Ready to lose?' } }, { title: 'New message from Eve', body: 'Ready to lose?' }],
  [{ type: 'invite_accepted', params: { by: 'Fay', befriended: true } }, { title: 'Invite accepted', body: 'Fay accepted your invite and is now your friend' }],
  [{ type: 'invite_accepted', params: { by: 'Fay', befriended: false } }, { title: 'Invite accepted', body: 'Fay accepted your invite' }],
  [{ type: 'crew_joined', params: { member: 'Gus', crew: 'Poker night' } }, { title: 'Someone joined your crew', body: 'Gus joined "Poker night"' }],
  [{ type: 'crew_bet', params: { creator: 'Hal', bet: 'Derby' } }, { title: 'New crew bet', body: 'Hal created "Derby"' }],
  [
    { type: 'crew_season_ended', params: { season: 2, crew: 'Poker night', winner: 'Ivy', next: 3 } },
    { title: 'Season 2 of "Poker night" ended', body: 'Ivy won the season. Season 3 starts now.' },
  ],
  [
    { type: 'crew_season_ended', params: { season: 2, crew: 'Poker night', winner: null, next: 3 } },
    { title: 'Season 2 of "Poker night" ended', body: 'Season 3 starts now.' },
  ],
];

describe('the words of every notification', () => {
  it.each(WORDED.map(([fact, words]) => [`${fact.type} ${JSON.stringify(fact.params)}`, fact, words] as const))('%s', (_, fact, words) => {
    expect(wordNotification(fact, inZone('Asia/Tokyo'))).toEqual(words);
  });

  it("says a deadline on each reader's clock, and names UTC for a reader who chose no zone", () => {
    const disputed: NotificationFact = { type: 'bet_disputed', params: { by: 'Dan', option: 'Yes', bet: 'Derby', until: '2026-11-28T23:07:00.000Z' } };
    expect(wordNotification(disputed, inZone('America/New_York')).body).toBe('Dan disputes "Yes" in "Derby". Vote until Nov 28, 06:07 PM.');
    expect(wordNotification(disputed, inZone('Asia/Kolkata')).body).toBe('Dan disputes "Yes" in "Derby". Vote until Nov 29, 04:37 AM.');
    expect(wordNotification(disputed, PLAIN_READER).body).toBe('Dan disputes "Yes" in "Derby". Vote until Nov 28, 11:07 PM UTC.');
    // The same words as the screens give the moment (src/shared/clock.ts), in the reader's zone.
    expect(wordNotification(disputed, inZone('Asia/Tokyo')).body).toContain(dayAndTime(disputed.params.until, { timeZone: 'Asia/Tokyo', locale: 'en-US' }));
  });

  it('says a win as its return and its profit, and a loss as its stake, as the screens do', () => {
    const won: NotificationFact = { type: 'bet_settled', params: { outcome: 'won', amountCents: 7500, stakeCents: 5000, winner: 'Home', bet: 'Derby' } };
    const lost: NotificationFact = { type: 'bet_settled', params: { outcome: 'lost', amountCents: 5000, winner: 'Home', bet: 'Derby' } };
    expect(wordNotification(won, PLAIN_READER).title).toBe(youWon(t, '75.00', '50.00'));
    expect(wordNotification(lost, PLAIN_READER).title).toBe(youLost(t, '50.00'));
  });

  it('words every type there is', () => {
    expect(new Set(WORDED.map(([fact]) => fact.type))).toEqual(new Set(NOTIFICATION_TYPES));
  });
});
