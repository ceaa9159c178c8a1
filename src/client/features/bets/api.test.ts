import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Bet, BetDetail } from '../../../shared/schemas/bets.ts';
import type { BetPools } from '../../../shared/ws-events.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { applyBetPools, applyOwnStake } from './api.ts';

const bet = (participants: number, overrides: Partial<Bet> = {}): Bet => ({
  id: 7,
  title: 'Derby',
  description: '',
  category: 'Sports',
  options: ['Home', 'Away'],
  optionAmounts: ['10.00', '0.00'],
  odds: [1, null],
  optionStakeCounts: [participants, 0],
  participants,
  creatorId: 1,
  creator: { id: 1, username: 'ann' },
  status: 'active',
  isResolved: false,
  isExpired: false,
  expirationType: 'indefinite',
  expirationValue: '',
  expiresAt: null,
  winningOption: null,
  totalPot: '10.00',
  createdAt: '2026-11-23T10:00:00.000Z',
  resolvedAt: null,
  userParticipation: null,
  resolution: { mode: 'creator', referee: null, proposedOption: null, evidence: null, challengeEndsAt: null, juryEndsAt: null, votesCast: 0, votesNeeded: 0, jurorsSeated: 0 },
  crewId: null,
  ...overrides,
});

const pools = (participants: number, overrides: Partial<BetPools> = {}): BetPools => ({
  betId: 7,
  status: 'active',
  optionAmounts: [`${participants * 10}.00`, '0.00'],
  odds: [1, null],
  optionStakeCounts: [participants, 0],
  totalPot: `${participants * 10}.00`,
  participants,
  winningOption: null,
  crewId: null,
  ...overrides,
});

function cacheWith(participants: number) {
  const client = new QueryClient();
  client.setQueryData<BetDetail>(queryKeys.bets.detail(7), { ...bet(participants), participantList: [], canStake: true, canResolve: false, canDispute: false, canVote: false });
  client.setQueryData<Bet[]>(queryKeys.bets.list('friends'), [bet(participants), bet(1, { id: 8 })]);
  return client;
}

describe('applyBetPools', () => {
  it('moves the odds of every cached copy of the bet, and of no other bet', () => {
    const client = cacheWith(1);
    applyBetPools(client, pools(3));
    expect(client.getQueryData<BetDetail>(queryKeys.bets.detail(7))).toMatchObject({ participants: 3, totalPot: '30.00' });
    const list = client.getQueryData<Bet[]>(queryKeys.bets.list('friends'));
    expect(list?.map((b) => [b.id, b.participants, b.totalPot])).toEqual([
      [7, 3, '30.00'],
      [8, 1, '10.00'],
    ]);
  });

  it('ignores an update older than what is shown, which arrived late', () => {
    const client = cacheWith(3);
    applyBetPools(client, pools(2));
    expect(client.getQueryData<BetDetail>(queryKeys.bets.detail(7))).toMatchObject({ participants: 3, totalPot: '10.00' });
    expect(client.getQueryData<Bet[]>(queryKeys.bets.list('friends'))?.[0]).toMatchObject({ participants: 3 });
  });

  it('always applies a resolution, whatever the count', () => {
    const client = cacheWith(3);
    applyBetPools(client, pools(3, { status: 'resolved', winningOption: 0 }));
    expect(client.getQueryData<BetDetail>(queryKeys.bets.detail(7))).toMatchObject({ status: 'resolved', isResolved: true, winningOption: 0 });
  });

  it("closes staking on a jury bet's proposed result, then disputing once it is disputed, and lets only newer news through", () => {
    const client = cacheWith(3);
    const detail = () => client.getQueryData<BetDetail>(queryKeys.bets.detail(7));
    client.setQueryData<BetDetail>(queryKeys.bets.detail(7), (bet) => bet && { ...bet, canDispute: true, canVote: true, canResolve: true });
    applyBetPools(client, pools(3, { status: 'proposed' }));
    expect(detail()).toMatchObject({ status: 'proposed', isResolved: false, canStake: false, canDispute: true, canVote: false, canResolve: true });
    expect(client.getQueryData<Bet[]>(queryKeys.bets.list('friends'))?.[0]).toMatchObject({ status: 'proposed' });

    // A stake's update that arrived late never opens the bet again.
    applyBetPools(client, pools(4));
    expect(detail()).toMatchObject({ status: 'proposed', participants: 3 });

    applyBetPools(client, pools(3, { status: 'disputed' }));
    expect(detail()).toMatchObject({ status: 'disputed', canDispute: false });
    // The proposal's own update, late, leaves the dispute alone.
    applyBetPools(client, pools(3, { status: 'proposed' }));
    expect(detail()).toMatchObject({ status: 'disputed' });

    applyBetPools(client, pools(3, { status: 'resolved', winningOption: 1 }));
    // Who may resolve is left to the refetch: a resolution in flight keeps its panel to say its answer.
    expect(detail()).toMatchObject({ status: 'resolved', isResolved: true, winningOption: 1, canResolve: true, canVote: false });
    applyBetPools(client, pools(3, { status: 'disputed' }));
    expect(client.getQueryData<Bet[]>(queryKeys.bets.list('friends'))?.[0]).toMatchObject({ status: 'resolved', winningOption: 1 });
  });

  it('never opens a settled bet again with an open update that arrived late', () => {
    const client = cacheWith(3);
    applyBetPools(client, pools(3, { status: 'resolved', winningOption: 0 }));
    applyBetPools(client, pools(4));
    expect(client.getQueryData<BetDetail>(queryKeys.bets.detail(7))).toMatchObject({ status: 'resolved', participants: 3, winningOption: 0 });
    expect(client.getQueryData<Bet[]>(queryKeys.bets.list('friends'))?.[0]).toMatchObject({ status: 'resolved', participants: 3 });
  });
});

describe('applyOwnStake', () => {
  const mine = { amount: '5.00', option: 0, potentialWin: '15.00', payout: null };
  const listed = [{ userId: 2, username: 'bob', option: 0, amount: '10.00', potentialWin: '15.00', createdAt: '2026-11-23T10:01:00.000Z' }];
  function cached(participants: number, overrides: Partial<BetDetail> = {}) {
    const client = new QueryClient();
    client.setQueryData<BetDetail>(queryKeys.bets.detail(7), {
      ...bet(participants),
      participantList: listed,
      canStake: true,
      canResolve: false,
      canDispute: false,
      canVote: false,
      ...overrides,
    });
    return client;
  }
  const detailOf = (client: QueryClient) => client.getQueryData<BetDetail>(queryKeys.bets.detail(7));

  it('takes the pools and the own stake, keeps the participant list, and stakes no more', () => {
    const client = cached(1);
    applyOwnStake(client, bet(2, { totalPot: '15.00', optionAmounts: ['15.00', '0.00'], userParticipation: mine }));
    expect(detailOf(client)).toMatchObject({ participants: 2, totalPot: '15.00', userParticipation: mine, canStake: false, canResolve: false });
    expect(detailOf(client)?.participantList).toEqual(listed);
  });

  it('keeps newer pools and a settled status that arrived first, and still shows the own stake', () => {
    const later = cached(3, { totalPot: '40.00' });
    applyOwnStake(later, bet(2, { totalPot: '15.00', userParticipation: mine }));
    expect(detailOf(later)).toMatchObject({ participants: 3, totalPot: '40.00', userParticipation: mine, canStake: false });
    const resolved = cached(2, { status: 'resolved', isResolved: true, winningOption: 0 });
    applyOwnStake(resolved, bet(2, { userParticipation: mine }));
    expect(detailOf(resolved)).toMatchObject({ status: 'resolved', winningOption: 0, userParticipation: mine });
  });

  it('leaves the cache alone when the detail is not cached', () => {
    const client = new QueryClient();
    applyOwnStake(client, bet(2, { userParticipation: mine }));
    expect(detailOf(client)).toBeUndefined();
  });
});
