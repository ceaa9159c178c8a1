import { and, asc, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { formatCents } from '../../../shared/money.ts';
import type { CrewSeason, CrewStandings, PastSeason, StandingRow } from '../../../shared/schemas/crews.ts';
import { rowsOf, type Db } from '../../db/client.ts';
import { inTransaction, type Tx } from '../../db/transaction.ts';
import { forbidden } from '../../errors.ts';
import { notifyAll } from '../notifications/service.ts';
import { users, type UserRow } from '../users/service.ts';
import { crewBalances } from '../wallet/service.ts';
import { crewMembers, crews, crewSeasons, type CrewRow, type CrewSeasonRow } from './tables.ts';
import { crewFor, currentSeason, openSeason, presentSeason } from './access.ts';
import type { SeasonBets } from './crew-bets.ts';

/**
 * A crew's seasons (docs/product.md §6.7): the standings of the current one, the past ones as they
 * stood at their end, and ending one (by the owner, or at its end time) to open the next.
 */

/**
 * A season's standings: the crew's members ranked by their balance in it plus their stakes still
 * in play (rank as in §5: 1 + the ranked members with more; no bet this season, no rank), so a
 * stake never drops a player below those who never bet; with their profit over its settled bets,
 * their bets (open and settled stakes, refunds left out) and their wins. The ranked first, then
 * the members who have not bet yet.
 */
async function standingRows(db: Db | Tx, seasonBets: SeasonBets, crewId: number, seasonId: number): Promise<StandingRow[]> {
  type Row = { id: number; username: string; balance: string | number; in_play: string | number; profit: string | number; bets: string | number; wins: string | number };
  const rows = rowsOf<Row>(
    await db.execute(sql`select u.id, u.username, coalesce(b.balance_cents, 0) as balance, coalesce(f.in_play, 0) as in_play,
        coalesce(f.profit, 0) as profit, coalesce(f.bets, 0) as bets, coalesce(f.wins, 0) as wins
      from ${crewMembers} m
      join ${users} u on u.id = m.user_id
      left join ${crewBalances} b on b.season_id = ${seasonId} and b.user_id = m.user_id
      left join (${seasonBets.stakeFigures(seasonId)}) f on f.user_id = m.user_id
      where m.crew_id = ${crewId}`),
  );
  const worth = (r: Row) => Number(r.balance) + Number(r.in_play);
  const ranked = rows.filter((r) => Number(r.bets) > 0);
  const byWorth = (a: Row, b: Row) => worth(b) - worth(a) || a.id - b.id;
  return [...ranked.sort(byWorth), ...rows.filter((r) => Number(r.bets) === 0).sort(byWorth)].map((r) => ({
    rank: Number(r.bets) > 0 ? 1 + ranked.filter((other) => worth(other) > worth(r)).length : null,
    user: { id: r.id, username: r.username },
    balance: formatCents(Number(r.balance)),
    inPlay: formatCents(Number(r.in_play)),
    profit: formatCents(Number(r.profit)),
    bets: Number(r.bets),
    wins: Number(r.wins),
  }));
}

export async function crewStandings(app: FastifyInstance, viewer: UserRow, crewId: number): Promise<CrewStandings> {
  await crewFor(app.db, viewer, crewId);
  const season = await currentSeason(app.db, crewId);
  return { season: presentSeason(season), rows: await standingRows(app.db, app.seasonBets, crewId, season.id) };
}

/** The crew's past seasons, newest first, each with its standings as they stood at its end. */
export async function pastSeasons(app: FastifyInstance, viewer: UserRow, crewId: number): Promise<PastSeason[]> {
  await crewFor(app.db, viewer, crewId);
  const rows = await app.db
    .select()
    .from(crewSeasons)
    .where(and(eq(crewSeasons.crewId, crewId), sql`${crewSeasons.endedAt} is not null`))
    .orderBy(desc(crewSeasons.number));
  return rows.map((season) => {
    // Seasons frozen before `inPlay` existed: nothing was in play at their end.
    const standings = (JSON.parse(season.standings ?? '[]') as (Omit<StandingRow, 'inPlay'> & { inPlay?: string })[]).map((row) => ({
      ...row,
      inPlay: row.inPlay ?? '0.00',
    }));
    const winner = standings.find((row) => row.user.id === season.winnerId)?.user ?? null;
    return { ...presentSeason(season), endsAt: (season.endedAt ?? season.endsAt).toISOString(), winner, rows: standings };
  });
}

/**
 * Ends the crew's current season `season`, locked by the caller, and opens the next
 * (docs/product.md §6.7): its open bets voided and refunded, its standings frozen with the winner
 * (the one member alone at the top, who placed a stake; none on a tie), the members told, and a
 * new season in which every member starts again at the starting balance.
 */
async function endSeason(tx: Tx, seasonBets: SeasonBets, crew: CrewRow, season: CrewSeasonRow) {
  const voided = await seasonBets.voidOpen(tx, season.id);
  const rows = await standingRows(tx, seasonBets, crew.id, season.id);
  const top = rows.filter((row) => row.rank === 1);
  const winner = top.length === 1 && top[0]!.bets > 0 ? top[0]!.user : null;
  await tx
    .update(crewSeasons)
    .set({ endedAt: sql`now()`, standings: JSON.stringify(rows), winnerId: winner?.id ?? null })
    .where(eq(crewSeasons.id, season.id));
  const next = await openSeason(tx, crew, season.number + 1);
  const notified = await notifyAll(
    tx,
    rows.map((row) => ({
      userId: row.user.id,
      type: 'crew_season_ended' as const,
      params: { season: season.number, crew: crew.name, winner: winner?.username ?? null, next: next.number },
      crewId: crew.id,
    })),
  );
  return { voided, notified, next };
}

function announceEnd(app: FastifyInstance, ended: { voided: { announce(): void }; notified: { userId: number; id: number }[] }) {
  ended.voided.announce();
  app.domainEvents.notified(ended.notified);
}

/** The owner ends the current season now and starts the next. */
export async function startNextSeason(app: FastifyInstance, owner: UserRow, crewId: number): Promise<CrewSeason> {
  const ended = await inTransaction(app.db, async (tx) => {
    const crew = await crewFor(tx, owner, crewId, { lock: true, membersOnly: true });
    if (crew.ownerId !== owner.id) throw forbidden('Only the owner can start a new season', 'not_owner');
    return endSeason(tx, app.seasonBets, crew, await currentSeason(tx, crewId, { lock: true }));
  });
  announceEnd(app, ended);
  return presentSeason(ended.next);
}

/** When the next open crew season ends, or null. */
export async function nextSeasonEnd(app: FastifyInstance): Promise<Date | null> {
  const [next] = await app.db
    .select({ endsAt: crewSeasons.endsAt })
    .from(crewSeasons)
    .where(isNull(crewSeasons.endedAt))
    .orderBy(asc(crewSeasons.endsAt))
    .limit(1);
  return next?.endsAt ?? null;
}

/**
 * Ends every season whose end time has come, each in its own transaction, on every instance at
 * once safely: the crew row is locked and the season asked again, so a season ends once.
 */
export async function finishCrewSeasons(app: FastifyInstance): Promise<number> {
  const due = await app.db
    .select({ id: crewSeasons.id, crewId: crewSeasons.crewId })
    .from(crewSeasons)
    .where(and(isNull(crewSeasons.endedAt), lt(crewSeasons.endsAt, sql`now()`)))
    .orderBy(asc(crewSeasons.endsAt))
    .limit(100);
  let finished = 0;
  for (const { id, crewId } of due) {
    try {
      const ended = await inTransaction(app.db, async (tx) => {
        const [crew] = await tx.select().from(crews).where(eq(crews.id, crewId)).for('no key update');
        const [season] = await tx
          .select()
          .from(crewSeasons)
          .where(and(eq(crewSeasons.id, id), isNull(crewSeasons.endedAt), lt(crewSeasons.endsAt, sql`now()`)))
          .for('no key update');
        return crew && season ? endSeason(tx, app.seasonBets, crew, season) : null;
      });
      if (ended) {
        announceEnd(app, ended);
        finished += 1;
      }
    } catch (err) {
      app.log.error({ err, seasonId: id }, 'ending a crew season failed');
    }
  }
  return finished;
}
