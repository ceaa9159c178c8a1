import { sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '../../db/client.ts';
import type { Tx } from '../../db/transaction.ts';
import { badRequest, type AppError } from '../../errors.ts';
import { crewNotFound } from './access.ts';

/**
 * What a season's bets add to it, from the bets feature (app.ts hands it in as `app.seasonBets`):
 * each member's stakes in the season, as a query of (user_id, bets, wins, in_play, profit) the standings
 * join; and, when the season ends, its open bets voided and refunded in the caller's
 * transaction, with what to announce once that has committed.
 */
export interface SeasonBets {
  stakeFigures(seasonId: number): SQL;
  voidOpen(tx: Tx, seasonId: number): Promise<{ announce(): void }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    seasonBets: SeasonBets;
  }
}

/**
 * The season a crew bet is made in (docs/product.md §6.7): the crew's current one, for one of its
 * members; anyone else is told the crew does not exist. The season stays locked until the bet
 * commits (crew_season_for_bet, crews.sql).
 */
export async function seasonForCrewBet(tx: Tx, crewId: number, creatorId: number): Promise<{ id: number; endsAt: Date }> {
  const ask = async () =>
    rowsOf<{ season_id: number; ends_at: string | Date }>(await tx.execute(sql`select season_id, ends_at from crew_season_for_bet(${crewId}, ${creatorId})`))[0];
  // A season that ended while this waited for its lock is no longer current, and the next one
  // began after the statement's snapshot: asked again, a new statement finds it.
  const season = (await ask()) ?? (await ask());
  if (!season) throw crewNotFound();
  return { id: season.season_id, endsAt: new Date(season.ends_at) };
}

/** A crew bet may not expire after its season ends (§6.7): the season ends it first. */
export function crewBetExpiryRefusal(season: { endsAt: Date }, expiresAt: Date | null): AppError | null {
  if (expiresAt === null || expiresAt.getTime() <= season.endsAt.getTime()) return null;
  return badRequest(`A crew bet must expire by the end of the season (${season.endsAt.toISOString()})`, 'expires_after_season');
}
