import { formatCents } from '../../../shared/money.ts';
import { allOdds, currentWinCents } from '../../../shared/odds.ts';
import { z } from 'zod';
import { betSchema, type Bet, type BetResolution, type Participant } from '../../../shared/schemas/bets.ts';
import type { BetPools } from '../../../shared/ws-events.ts';
import { rowJson } from '../../db/row-json.ts';
import { betOptions, bets, stakes, type BetRow, type OptionRow, type StakeRow } from './tables.ts';

/**
 * The names a bet's answer shows beside its row: its creator's and its referee's. Read with the
 * bet each time, never kept with it: a rename does not touch the bet row.
 */
export interface BetNames {
  creatorUsername: string;
  refereeUsername: string | null;
}

/** A bet as one viewer reads it: the row, its options, its people's names and the viewer's stake. */
export interface BetBundle extends BetNames {
  bet: BetRow;
  options: OptionRow[];
  viewerStake: StakeRow | null;
}

/** The rows of a bet as PostgreSQL writes them to JSON, and read back (src/server/db/row-json.ts). */
export const betJson = rowJson(bets);
export const optionJson = rowJson(betOptions);
export const stakeJson = rowJson(stakes);

/** A bundle as PostgreSQL gives it: each row as JSON, for the decoders of src/server/db/row-json.ts. */
export type BundleJson = BetNames & { bet: unknown; options: unknown[]; viewerStake: unknown };

export function toBundle(row: BundleJson): BetBundle {
  return {
    bet: betJson.decode(row.bet),
    creatorUsername: row.creatorUsername,
    refereeUsername: row.refereeUsername,
    options: row.options.map(optionJson.decode),
    viewerStake: row.viewerStake ? stakeJson.decode(row.viewerStake) : null,
  };
}

export const isExpired = (bet: BetRow, now = new Date()) =>
  bet.status === 'active' && bet.expiresAt !== null && bet.expiresAt.getTime() <= now.getTime();

/** The members of a bet's answer that every viewer shares at one version of the bet row. */
const sharedFieldsSchema = betSchema.unwrap().omit({ creator: true, isExpired: true, userParticipation: true, resolution: true });
/** The rest: whose it is, who decides it, whether it has expired by now, and the viewer's own stake. */
type ViewerFields = Pick<Bet, 'creator' | 'isExpired' | 'userParticipation' | 'resolution'>;

/**
 * The part of a bet's answer that is the same for every viewer at one version of the bet row:
 * everything but its creator's name (a rename does not touch the bet), whether it has expired
 * (that moves with the clock) and the viewer's own stake. Feeds keep these per bet version
 * (bet-cache.ts), so a bet read by fifty friends is presented once.
 */
export interface SharedBet {
  fields: z.infer<typeof sharedFieldsSchema>;
  /**
   * `fields` checked against the contract and written as JSON object members, without the
   * braces: a feed page is written from these (betListJson), so a kept bet is checked and
   * serialised once per version instead of once per reader.
   */
  json: string;
  bet: BetRow;
  pools: number[];
}

function sharedFields(bet: BetRow, options: readonly OptionRow[], pools: number[]): SharedBet['fields'] {
  return {
    id: bet.id,
    title: bet.title,
    description: bet.description,
    category: bet.category,
    options: options.map((o) => o.label),
    optionAmounts: pools.map(formatCents),
    odds: allOdds(pools),
    optionStakeCounts: options.map((o) => o.stakeCount),
    participants: bet.participantCount,
    creatorId: bet.creatorId,
    status: bet.status,
    isResolved: bet.status === 'resolved',
    expirationType: bet.expirationType,
    expirationValue: bet.expirationValue,
    expiresAt: bet.expiresAt?.toISOString() ?? null,
    winningOption: bet.winningOption,
    totalPot: formatCents(bet.totalPotCents),
    createdAt: bet.createdAt.toISOString(),
    resolvedAt: bet.resolvedAt?.toISOString() ?? null,
    crewId: bet.crewId,
  };
}

/** A JSON object's members without its braces, checked against `schema` as a response is. */
function membersJson<S extends z.ZodType>(schema: S, value: z.output<S>): string {
  return JSON.stringify(z.encode(schema, value)).slice(1, -1);
}

export function presentSharedBet(bet: BetRow, options: readonly OptionRow[]): SharedBet {
  const pools = options.map((o) => o.poolCents);
  const fields = sharedFields(bet, options, pools);
  return { bet, pools, fields, json: membersJson(sharedFieldsSchema, fields) };
}

/**
 * Who decides the bet and where a jury bet's result stands (docs/product.md §4.6). The jury's
 * fields stay empty for the other ways; `votesNeeded` is 0 until a dispute calls a jury, and stays
 * 0 when too few jurors could be seated (`jurorsSeated`) to call one.
 */
function presentResolution(bet: BetRow, refereeUsername: string | null): BetResolution {
  const proposed = bet.proposedOption !== null;
  return {
    mode: bet.resolutionMode,
    referee: bet.refereeId !== null ? { id: bet.refereeId, username: refereeUsername ?? '' } : null,
    proposedOption: bet.proposedOption,
    evidence: proposed && (bet.evidenceText !== null || bet.evidenceUrl !== null) ? { text: bet.evidenceText, url: bet.evidenceUrl } : null,
    challengeEndsAt: bet.challengeEndsAt?.toISOString() ?? null,
    juryEndsAt: bet.juryEndsAt?.toISOString() ?? null,
    votesCast: bet.votesCast,
    votesNeeded: bet.votesNeeded,
    jurorsSeated: bet.jurorsSeated,
  };
}

function viewerFields(bet: BetRow, pools: number[], names: BetNames, viewerStake: StakeRow | null, now: Date): ViewerFields {
  return {
    creator: { id: bet.creatorId, username: names.creatorUsername },
    isExpired: isExpired(bet, now),
    userParticipation: viewerStake ? presentParticipation(viewerStake, pools) : null,
    resolution: presentResolution(bet, names.refereeUsername),
  };
}

/** A shared bet completed for one viewer at one moment. */
export function presentForViewer(shared: SharedBet, names: BetNames, viewerStake: StakeRow | null, now: Date): Bet {
  return { ...shared.fields, ...viewerFields(shared.bet, shared.pools, names, viewerStake, now) };
}

/** A bet as docs/product.md §4.1 shows it: pools as decimal strings, odds with null for infinity. */
export function presentBet(bundle: BetBundle, now = new Date()): Bet {
  const { bet, options, viewerStake } = bundle;
  const pools = options.map((o) => o.poolCents);
  return { ...sharedFields(bet, options, pools), ...viewerFields(bet, pools, bundle, viewerStake, now) };
}

/** The bets of a feed page as the viewer sees them, in order. */
export interface ViewedBet extends BetNames {
  shared: SharedBet;
  viewerStake: StakeRow | null;
}

/**
 * A feed page as the JSON text of `betListSchema`: the presented bets as the response check
 * and JSON.stringify would write them, but for the order of each bet's members. It is written
 * from each bet's kept members: on a page of fifty, checking and serialising every bet anew was
 * about a third of the server's time per page (decision record 016). The viewer's part, written
 * per request, is not checked again: viewerFields is typed by the schema it would be checked
 * against, and calling zod fifty times per page cost as much as the rest of the page. The plain
 * way is presentBet through the route's serializer (PLAIN_PATHS=feed-json); bet-cache.test.ts
 * ("answers every list route with the presented bets") holds the two equal.
 */
export function betListJson(page: readonly ViewedBet[], now: Date): string {
  const bets = page.map((viewed) => {
    const { shared, viewerStake } = viewed;
    const viewer = JSON.stringify(viewerFields(shared.bet, shared.pools, viewed, viewerStake, now));
    return `{${shared.json},${viewer.slice(1, -1)}}`;
  });
  return `[${bets.join(',')}]`;
}

/** Typed by its schema, so that no member outside the contract can slip into betListJson. */
function presentParticipation(stake: StakeRow, pools: number[]): NonNullable<Bet['userParticipation']> {
  return {
    amount: formatCents(stake.amountCents),
    option: stake.optionIdx,
    potentialWin: formatCents(currentWinCents(pools, stake.optionIdx, stake.amountCents)),
    payout: stake.settledCents === null ? null : formatCents(stake.settledCents),
  };
}

export function presentParticipant(stake: StakeRow, username: string, pools: number[]): Participant {
  return {
    userId: stake.userId,
    username,
    option: stake.optionIdx,
    amount: formatCents(stake.amountCents),
    potentialWin: formatCents(
      stake.settledCents ?? currentWinCents(pools, stake.optionIdx, stake.amountCents),
    ),
    createdAt: stake.createdAt.toISOString(),
  };
}

/** What a live bet event carries: the pools and the odds they give, the status and the winner. */
export function presentPools(bet: BetRow, options: { poolCents: number; stakeCount: number }[]): BetPools {
  const pools = options.map((o) => o.poolCents);
  return {
    betId: bet.id,
    status: bet.status,
    optionAmounts: pools.map(formatCents),
    odds: allOdds(pools),
    optionStakeCounts: options.map((o) => o.stakeCount),
    totalPot: formatCents(bet.totalPotCents),
    participants: bet.participantCount,
    winningOption: bet.winningOption,
    crewId: bet.crewId,
  };
}
