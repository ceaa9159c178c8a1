import type { Call } from './client.ts';
import type { Dice } from './dice.ts';
import { OperationLog } from './operation-log.ts';
import type { Player } from './players.ts';

/** A bet whose creation was acknowledged. */
export interface ChaosBet {
  id: number;
  creator: Player;
  jury: boolean;
  /** A crew bet's crew, or null for a bet among friends. */
  crew: ChaosCrew | null;
  /** When its creation was acknowledged. */
  ackAt: number;
}

/** A crew (docs/product.md §6.7), as the clients know it. */
export interface ChaosCrew {
  id: number;
  owner: Player;
  /** Who the clients believe are members now: a removal takes a player out as it is sent, a join puts them in once acknowledged. */
  members: Set<number>;
  /** Players who never try to join: each of their stakes on the crew's bets must be refused. */
  outsiders: Set<number>;
  /** The players who may join (everyone but the outsiders). */
  pool: Player[];
  seasonEnds: { ok: number; unknown: number };
}

/** What the clients share while the workload runs: who plays, what they believe exists, and the log of what they did. */
export interface World {
  dice: Dice;
  call: Call;
  players: Player[];
  admin: Player;
  playerById: Map<number, Player>;
  log: OperationLog;
  bets: ChaosBet[];
  /**
   * The bets believed open. Most operations aim at them, so that stakes land and resolutions and
   * deletes give real pots back (otherwise the players' money ends up in pools nobody settles);
   * the rest at any bet, closed and deleted ones included.
   */
  openBets: ChaosBet[];
  /** Jury bets whose creator's proposal was acknowledged: a staker may dispute, a friend vote. */
  proposedBets: ChaosBet[];
  /** Jury bets with an acknowledged dispute: their jurors vote. */
  disputedBets: ChaosBet[];
  crews: ChaosCrew[];
}

export function createWorld({ dice, call, players, admin }: Pick<World, 'dice' | 'call' | 'players' | 'admin'>): World {
  return {
    dice,
    call,
    players,
    admin,
    playerById: new Map(players.map((p) => [p.id, p])),
    log: new OperationLog(),
    bets: [],
    openBets: [],
    proposedBets: [],
    disputedBets: [],
    crews: [],
  };
}
