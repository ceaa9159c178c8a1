import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  betDetailSchema,
  betListSchema,
  betSchema,
  betTimelineSchema,
  juryPoolSchema,
  openDisputesSchema,
  payoutPreviewSchema,
  type Bet,
  type BetDetail,
  type BetStatus,
  type CreateBetBody,
  type DisputeBody,
  type ResolveBody,
} from '../../../shared/schemas/bets.ts';
import { betCommentPageSchema, betCommentSchema } from '../../../shared/schemas/chat.ts';
import type { BetPools } from '../../../shared/ws-events.ts';
import { apiRequest } from '../../lib/api.ts';
import { refreshCrews } from '../../lib/crews-list.ts';
import { READ_PATHS } from '../../../shared/first-screen.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import type { QueryClient } from '@tanstack/react-query';

/** The bets list is fresh for 30 s (docs/product.md §13.9). */
const BETS_STALE_MS = 30_000;

export type BetListKind = 'all' | 'friends' | 'mine';

export function useBetList(kind: BetListKind, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.bets.list(kind),
    queryFn: () => apiRequest('GET', READ_PATHS.bets[kind], betListSchema),
    staleTime: BETS_STALE_MS,
    enabled: options.enabled ?? true,
  });
}

/**
 * How many could sit on the jury of a bet the player creates now, among friends (`crewId` null)
 * or in one of their crews, and how many a jury needs (docs/product.md §4.6): the create dialog
 * says so before the bet is sent. Read afresh each time the dialog asks.
 */
export function useJuryPool(crewId: number | null, options: { enabled: boolean }) {
  return useQuery({
    queryKey: crewId === null ? queryKeys.friends.juryPool : queryKeys.crews.juryPool(crewId),
    queryFn: () => apiRequest('GET', `/api/bets/jury-pool${crewId === null ? '' : `?crewId=${crewId}`}`, juryPoolSchema),
    staleTime: 0,
    enabled: options.enabled,
  });
}

/** A crew's bets, newest first (GET /api/bets?crewId=), for its members. */
export function useCrewBets(crewId: number) {
  return useQuery({
    queryKey: queryKeys.bets.crew(crewId),
    queryFn: () => apiRequest('GET', READ_PATHS.bets.crew(crewId), betListSchema),
    staleTime: BETS_STALE_MS,
  });
}

export function useBet(id: number) {
  return useQuery({
    queryKey: queryKeys.bets.detail(id),
    queryFn: () => apiRequest('GET', READ_PATHS.bet(id), betDetailSchema),
    staleTime: BETS_STALE_MS,
  });
}

/**
 * What happened to the bet, oldest first (GET /api/bets/{id}/timeline). Its key sits under
 * `bets.all`, so every bet change and the live bet_updated / bet_resolved events refresh it with
 * the detail (app/use-live-updates.ts).
 */
export function useBetTimeline(betId: number) {
  return useQuery({
    queryKey: queryKeys.bets.timeline(betId),
    queryFn: () => apiRequest('GET', READ_PATHS.betTimeline(betId), betTimelineSchema),
    staleTime: BETS_STALE_MS,
  });
}

/**
 * What resolving the bet with `winningOption` would pay each stake (GET /api/bets/{id}/payouts),
 * off while no option is chosen. Its key sits under `bets.all`: a stake or a live bet event
 * refreshes it with the bet.
 */
export function usePayoutPreview(betId: number, winningOption: number | null) {
  return useQuery({
    queryKey: queryKeys.bets.payouts(betId, winningOption ?? -1),
    queryFn: () => apiRequest('GET', `/api/bets/${betId}/payouts?winningOption=${winningOption}`, payoutPreviewSchema),
    staleTime: BETS_STALE_MS,
    enabled: winningOption !== null,
  });
}

/** After any change to bets, the user's balance and counters may have moved too, or a crew balance. */
function refreshAfterBetChange(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: queryKeys.bets.all });
  refreshCrews(queryClient);
  void queryClient.invalidateQueries({ queryKey: queryKeys.auth.all });
  void queryClient.invalidateQueries({ queryKey: queryKeys.activities.all });
  void queryClient.invalidateQueries({ queryKey: queryKeys.profiles.own });
}

export function useCreateBet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateBetBody) => apiRequest('POST', '/api/bets', betDetailSchema, body),
    onSuccess: () => refreshAfterBetChange(queryClient),
  });
}

/** How a bet action's answer is read and kept: a detail replaces the cached detail. */
interface BetAnswer<TAnswer> {
  schema: z.ZodType<TAnswer>;
  store: (queryClient: QueryClient, answer: TAnswer) => void;
}
const detailAnswer: BetAnswer<BetDetail> = {
  schema: betDetailSchema,
  store: (queryClient, bet) => queryClient.setQueryData(queryKeys.bets.detail(bet.id), bet),
};

function useBetMutation<TBody, TAnswer>(answer: BetAnswer<TAnswer>, path: (id: number) => string, method: 'POST' | 'PUT' = 'POST') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TBody }) => apiRequest(method, path(id), answer.schema, body),
    onSuccess: (result: TAnswer) => {
      answer.store(queryClient, result);
      refreshAfterBetChange(queryClient);
    },
  });
}

/** The live fields of a bet, as a pools update carries them. */
const poolsOf = (bet: Bet): BetPools => ({
  betId: bet.id,
  status: bet.status,
  optionAmounts: bet.optionAmounts,
  odds: bet.odds,
  optionStakeCounts: bet.optionStakeCounts,
  totalPot: bet.totalPot,
  participants: bet.participants,
  winningOption: bet.winningOption,
  crewId: bet.crewId,
});

/**
 * Keeps a stake's answer: its pools go to every cached copy of the bet as a live update's would
 * (so newer pools that arrived first stay), and the cached detail takes the caller's own stake
 * and keeps its participant list, which the answer does not carry; the list follows with the
 * refetch that every bet change starts.
 */
export function applyOwnStake(queryClient: QueryClient, bet: Bet) {
  applyBetPools(queryClient, poolsOf(bet));
  queryClient.setQueryData<BetDetail>(queryKeys.bets.detail(bet.id), (detail) =>
    detail ? { ...detail, userParticipation: bet.userParticipation, canStake: false } : detail,
  );
}

/**
 * A stake answers the bet with the caller's new stake but without the participant list
 * (docs/decisions/010-stake-answers-the-bet.md).
 */
export const usePlaceStake = () =>
  useBetMutation<{ option: number; amount: string }, Bet>({ schema: betSchema, store: applyOwnStake }, (id) => `/api/bets/${id}/participate`);
/** The decider resolves; the creator of a jury bet proposes instead, with evidence if they give some (docs/product.md §4.6). */
export const useResolveBet = () => useBetMutation<ResolveBody, BetDetail>(detailAnswer, (id) => `/api/bets/${id}/resolve`);
export const useAdminResolveBet = () => useBetMutation<{ winningOption: number }, BetDetail>(detailAnswer, (id) => `/api/admin/bets/${id}/resolve`);
/** The creator's own edit, allowed while nobody has staked (PUT /api/bets/{id}). */
export const useEditBet = () => useBetMutation<{ title: string; description: string }, BetDetail>(detailAnswer, (id) => `/api/bets/${id}`, 'PUT');
export const useAdminEditBet = () => useBetMutation<{ title: string; description: string }, BetDetail>(detailAnswer, (id) => `/api/admin/bets/${id}`, 'PUT');

/** A staker objects to a jury bet's proposed result, before its challenge ends: the jury then decides. */
export const useDisputeBet = () => useBetMutation<DisputeBody, BetDetail>(detailAnswer, (id) => `/api/bets/${id}/dispute`);
/** A juror's vote on a disputed bet; the last vote needed settles it at once. */
export const useCastVote = () => useBetMutation<{ option: number }, BetDetail>(detailAnswer, (id) => `/api/bets/${id}/votes`);

/** The disputed jury bets, newest dispute first (GET /api/admin/disputes, admins only). */
export function useOpenDisputes() {
  return useQuery({
    queryKey: queryKeys.bets.disputes,
    queryFn: () => apiRequest('GET', '/api/admin/disputes', openDisputesSchema),
    staleTime: BETS_STALE_MS,
  });
}

export function useAdminDeleteBet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest('DELETE', `/api/admin/bets/${id}`, z.object({ id: z.number(), refunded: z.boolean() })),
    onSuccess: () => refreshAfterBetChange(queryClient),
  });
}

export function useBetComments(betId: number) {
  return useQuery({
    queryKey: queryKeys.bets.comments(betId),
    queryFn: () => apiRequest('GET', READ_PATHS.betComments(betId), betCommentPageSchema),
  });
}

export function useAddComment(betId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => apiRequest('POST', `/api/bets/${betId}/comments`, betCommentSchema, { text }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.bets.comments(betId) }),
  });
}

/**
 * How far along its way a status is: open, then (a jury bet) its result proposed, then disputed,
 * then settled. A bet never goes back along it.
 */
const STATUS_STEP: Record<BetStatus, number> = { active: 0, proposed: 1, disputed: 2, resolved: 3, void: 3 };

/**
 * Applies a live pools update to every cached copy of the bet, so odds move at once. Updates of
 * one bet can arrive out of order (two stakes answered by different connections or instances);
 * a bet only moves forward (open, proposed, disputed, settled) and while it is open its
 * participant count only grows, so an update of an earlier status than the copy shows, or an
 * open one with fewer participants, is older news and leaves that copy alone. The cached detail
 * also stops offering what its new status no longer allows (staking once closed, disputing once
 * no longer proposed, voting once no longer disputed), but keeps `canResolve`: a resolution in
 * flight whose bet settles by the live event first must keep its panel to say its answer. The
 * refetch that follows every live bet event (app/use-live-updates.ts) brings the rest: who may
 * resolve, the resolution's proposal, deadlines and votes, and the timeline.
 */
export function applyBetPools(queryClient: QueryClient, pools: BetPools) {
  const isOlder = (bet: { status: BetStatus; participants: number }) =>
    STATUS_STEP[pools.status] < STATUS_STEP[bet.status] || (pools.status === 'active' && bet.status === 'active' && pools.participants < bet.participants);
  const patch = <T extends { id: number; status: BetStatus; participants: number }>(bet: T): T =>
    bet.id === pools.betId && !isOlder(bet)
      ? {
          ...bet,
          optionAmounts: pools.optionAmounts,
          odds: pools.odds,
          optionStakeCounts: pools.optionStakeCounts,
          totalPot: pools.totalPot,
          participants: pools.participants,
          status: pools.status,
          isResolved: pools.status === 'resolved',
          winningOption: pools.winningOption,
        }
      : bet;
  queryClient.setQueryData<BetDetail>(queryKeys.bets.detail(pools.betId), (bet) => {
    if (!bet) return bet;
    const next = patch(bet);
    return next === bet
      ? bet
      : {
          ...next,
          canStake: next.canStake && next.status === 'active',
          canDispute: next.canDispute && next.status === 'proposed',
          canVote: next.canVote && next.status === 'disputed',
        };
  });
  for (const kind of Object.keys(READ_PATHS.bets) as BetListKind[]) {
    queryClient.setQueryData<z.infer<typeof betListSchema>>(queryKeys.bets.list(kind), (list) => list?.map(patch));
  }
  queryClient.setQueriesData<z.infer<typeof betListSchema>>({ queryKey: queryKeys.bets.crews }, (list) => list?.map(patch));
}
