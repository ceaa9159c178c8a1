import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { formatCents } from '../../../shared/money.ts';
import { CREWS_PER_PLAYER_MAX, type Crew, type CrewSeason } from '../../../shared/schemas/crews.ts';
import { rowsOf, type Db } from '../../db/client.ts';
import type { Tx } from '../../db/transaction.ts';
import { conflict, notFound } from '../../errors.ts';
import { users, type UserRow } from '../users/service.ts';
import { crewBalances, moveCrewMoney } from '../wallet/service.ts';
import { crewMembers, crews, crewSeasons, type CrewRow, type CrewSeasonRow } from './tables.ts';

/**
 * How crews' own code reaches a crew: as one of its members (or an admin), its current season, a
 * new season, and the limits on membership. Shared by the crew's other files; other features use
 * service.ts.
 */

export const crewNotFound = () => notFound('Crew not found', 'crew_not_found');

export const DAY_MS = 24 * 60 * 60 * 1000;

export function presentSeason(season: CrewSeasonRow): CrewSeason {
  return { number: season.number, startsAt: season.startsAt.toISOString(), endsAt: season.endsAt.toISOString() };
}

/** Whether the user is one of the crew's members now, by the one rule every feature asks (crew_member_of, crews.sql). */
export async function isMember(db: Db | Tx, crewId: number, userId: number): Promise<boolean> {
  const [row] = rowsOf<{ member: boolean }>(await db.execute(sql`select crew_member_of(${crewId}::int, ${userId}::int) as member`));
  return row?.member === true;
}

/**
 * The crew, for one of its members (or an admin, who sees everything); anyone else 404, never
 * revealing that it exists. `lock` holds the crew row until the transaction ends: joins, removals
 * and season ends of one crew take turns. The crew's and a season's rows are locked FOR NO KEY
 * UPDATE, never FOR UPDATE: a stake's ledger row or a new bet names them by foreign key, which
 * takes a key-share lock that FOR UPDATE would block, and a season's end waiting on that bet
 * would deadlock with it.
 */
export async function crewFor(db: Db | Tx, viewer: UserRow, crewId: number, options: { lock?: boolean; membersOnly?: boolean } = {}): Promise<CrewRow> {
  const query = db.select().from(crews).where(eq(crews.id, crewId));
  const [crew] = options.lock ? await query.for('no key update') : await query;
  if (!crew) throw crewNotFound();
  const adminMayRead = viewer.role === 'admin' && !options.membersOnly;
  if (!adminMayRead && !(await isMember(db, crewId, viewer.id))) throw crewNotFound();
  return crew;
}

/** The crew's current season; `lock`, held until the transaction ends (FOR NO KEY UPDATE, as crewFor's). */
export async function currentSeason(db: Db | Tx, crewId: number, options: { lock?: boolean } = {}): Promise<CrewSeasonRow> {
  const query = db
    .select()
    .from(crewSeasons)
    .where(and(eq(crewSeasons.crewId, crewId), isNull(crewSeasons.endedAt)));
  const [season] = options.lock ? await query.for('no key update') : await query;
  if (!season) throw new Error(`crew ${crewId} has no current season`);
  return season;
}

export async function presentCrew(db: Db | Tx, crew: CrewRow): Promise<Crew> {
  const season = await currentSeason(db, crew.id);
  const members = await db
    .select({ id: users.id, username: users.username, balance: sql<number>`coalesce(${crewBalances.balanceCents}, 0)`.mapWith(Number) })
    .from(crewMembers)
    .innerJoin(users, eq(users.id, crewMembers.userId))
    .leftJoin(crewBalances, and(eq(crewBalances.seasonId, season.id), eq(crewBalances.userId, crewMembers.userId)))
    .where(eq(crewMembers.crewId, crew.id))
    .orderBy(asc(crewMembers.joinedAt), asc(users.id));
  return {
    id: crew.id,
    name: crew.name,
    ownerId: crew.ownerId,
    startingBalance: formatCents(crew.startingBalanceCents),
    seasonDays: crew.seasonDays,
    season: presentSeason(season),
    members: members.map((m) => ({ id: m.id, username: m.username, balance: formatCents(m.balance) })),
  };
}

/** Opens a season of the crew, from now, and grants its members the starting balance in it. */
export async function openSeason(tx: Tx, crew: CrewRow, number: number): Promise<CrewSeasonRow> {
  const [season] = await tx
    .insert(crewSeasons)
    .values({ crewId: crew.id, number, startsAt: sql`now()`, endsAt: sql`now() + make_interval(days => ${crew.seasonDays})` })
    .returning();
  if (!season) throw new Error('season insert returned nothing');
  const members = await tx.select({ userId: crewMembers.userId }).from(crewMembers).where(eq(crewMembers.crewId, crew.id));
  await moveCrewMoney(
    tx,
    'grant',
    members.map((m) => ({ seasonId: season.id, userId: m.userId, amountCents: crew.startingBalanceCents })),
  );
  return season;
}

/** How many crews the player belongs to, counted under their own lock so two joins cannot both pass. */
export async function refuseTooManyCrews(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CREW_LOCK_CLASS}, ${userId})`);
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(crewMembers).where(eq(crewMembers.userId, userId));
  if (Number(row?.n ?? 0) >= CREWS_PER_PLAYER_MAX) {
    throw conflict(`You can belong to at most ${CREWS_PER_PLAYER_MAX} crews`, 'too_many_crews');
  }
}
const CREW_LOCK_CLASS = 4_242_040;


export const memberCountOf = async (db: Db | Tx, crewId: number) =>
  Number((await db.select({ n: sql<number>`count(*)::int` }).from(crewMembers).where(eq(crewMembers.crewId, crewId)))[0]?.n ?? 0);
