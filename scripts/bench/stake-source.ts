import type { FastifyInstance } from 'fastify';
import { CREW_MEMBERS_MAX } from '../../src/shared/schemas/crews.ts';
import { createBets, createCrewWithMembers, createSyntheticUsers, makeFriends, userRows } from './data.ts';
import type { LoadRequest } from './http-load.ts';
import { progress } from './util.ts';

/**
 * Stakes: distinct users each staking once (POST /api/bets/:id/participate) on a spread of
 * bets. Each staker is a friend of the bet's creator, since only friends see a bet. Consecutive
 * stakes go to different bets, as many people betting on many bets would.
 *
 * One stake in five is a crew stake (docs/product.md §6.7): on a crew bet, by a member of its
 * crew, debited from their balance in the crew's season rather than their own. A crew holds at
 * most 100 members, so crew stakers come in full crews made as they are needed: an owner who made
 * the crew's bets and 99 members who joined it, each staking once on one of those bets; consecutive
 * crew stakes go to different crews.
 */

const BET_COUNT = 200;
/** Every fifth stake is a crew stake: CREW_STAKE_SHARE of them. */
const CREW_STAKE_EVERY = 5;
export const CREW_STAKE_SHARE = 1 / CREW_STAKE_EVERY;
/** The members of a bench crew who stake: all but its owner, who made its bets. */
const CREW_STAKERS = CREW_MEMBERS_MAX - 1;
const BETS_PER_CREW = 3;

export class StakeSource {
  private readonly queue: LoadRequest[] = [];
  private position = 0;
  private created = 0;
  /** Stakers made so far for the bets among friends. */
  private friendStakers = 0;
  private crewsMade = 0;
  private crewBetsMade = 0;

  private constructor(
    private readonly app: FastifyInstance,
    private readonly betIds: number[],
    private readonly creatorIds: number[],
  ) {}

  get crews() {
    return this.crewsMade;
  }

  get crewBets() {
    return this.crewBetsMade;
  }

  get bets() {
    return this.betIds.length + this.crewBetsMade;
  }

  /** The bets' creators and their bets, one bet each. */
  static async create(app: FastifyInstance): Promise<StakeSource> {
    progress(`stakes: ${BET_COUNT} creators and their bets`);
    const creators = await createSyntheticUsers(app, 'crt', BET_COUNT);
    const rows = await userRows(app, creators.map((c) => c.id));
    const betIds = await createBets(app, creators.map((c) => rows.get(c.id)!), 1, 'Synthetic stake-bench bet');
    return new StakeSource(app, betIds, creators.map((c) => c.id));
  }

  get total() {
    return this.created;
  }

  get remaining() {
    return this.queue.length - this.position;
  }

  /**
   * More stakers: most each a friend of the creator of the one bet they will stake on; every
   * fifth a member of a crew made for this batch, staking on one of its bets.
   */
  async add(count: number): Promise<void> {
    const stakers = await createSyntheticUsers(this.app, 'stk', count, this.created);
    const isCrewStaker = (n: number) => n % CREW_STAKE_EVERY === CREW_STAKE_EVERY - 1;
    const crewStakers = stakers.filter((_, i) => isCrewStaker(this.created + i));
    const crews = await this.makeCrews(crewStakers.map((s) => s.id));
    const pairs: [number, number][] = [];
    let crewIndex = 0;
    stakers.forEach((staker, i) => {
      const n = this.created + i;
      let betId: number;
      if (isCrewStaker(n)) {
        // Round the batch's crews, and within a crew round its bets.
        const j = crewIndex++;
        const crew = crews[j % crews.length]!;
        betId = crew.betIds[Math.floor(j / crews.length) % crew.betIds.length]!;
      } else {
        const slot = this.friendStakers++ % this.betIds.length;
        pairs.push([staker.id, this.creatorIds[slot]!]);
        betId = this.betIds[slot]!;
      }
      this.queue.push({
        method: 'POST',
        path: `/api/bets/${betId}/participate`,
        cookie: staker.cookie,
        body: JSON.stringify({ option: n % 3, amount: `${5 + (n % 50)}.00` }),
      });
    });
    await makeFriends(this.app, pairs);
    this.created += count;
  }

  /**
   * Crews for these stakers, as few as hold them (99 each, spread evenly), each with its owner and
   * its bets; the stakers join them (data.ts, createCrewWithMembers). Answers each crew's bets in
   * the order the stakers were dealt to them: staker j joins crew j mod the number of crews.
   */
  private async makeCrews(stakerIds: number[]): Promise<{ betIds: number[] }[]> {
    if (stakerIds.length === 0) return [];
    const count = Math.ceil(stakerIds.length / CREW_STAKERS);
    const owners = await createSyntheticUsers(this.app, 'cwo', count, this.crewsMade);
    const rows = await userRows(this.app, owners.map((o) => o.id));
    const crews: { betIds: number[] }[] = [];
    for (const [c, owner] of owners.entries()) {
      const members = stakerIds.filter((_, j) => j % count === c);
      const crewId = await createCrewWithMembers(this.app, rows.get(owner.id)!, `Bench crew ${this.crewsMade + c + 1}`, members);
      const betIds = await createBets(this.app, [rows.get(owner.id)!], BETS_PER_CREW, 'Synthetic stake-bench crew bet', { crewId });
      crews.push({ betIds });
    }
    this.crewsMade += count;
    this.crewBetsMade += count * BETS_PER_CREW;
    return crews;
  }

  next = (): LoadRequest | null => this.queue[this.position++] ?? null;
}
