import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { formatCents } from '../../../shared/money.ts';
import type { Crew, CrewSummary } from '../../../shared/schemas/crews.ts';
import type { Db, RawQuery } from '../../db/client.ts';
import { inTransaction, type Tx } from '../../db/transaction.ts';
import { conflict, forbidden, notFound } from '../../errors.ts';
import { skeleton } from '../../../shared/text-skeleton.ts';
import type { UserRow } from '../users/service.ts';
import { crewBalances, crewLedgerEntries } from '../wallet/service.ts';
import { crewInvites, crewMembers, crewMessages, crews, crewSeasons } from './tables.ts';
import { crewFor, openSeason, presentCrew, presentSeason, refuseTooManyCrews } from './access.ts';

/**
 * Crews (docs/product.md §6.7): a friend group's own space. Its members, its invite links, its
 * seasons with their standings and archive, its chat. Its bets are bets (features/bets) made with
 * a `crewId`; its money per season moves through move_crew_money (features/wallet/money.sql).
 * Bets depend on crews, never the other way round: a crew bet asks crews for its season here
 * (seasonForCrewBet, crewBetExpiryRefusal) and for membership in SQL (crews.sql); what a season's
 * bets add to its standings and its end comes from the bets feature through `SeasonBets`, which
 * app.ts hands in (`app.seasonBets`).
 * Nothing about a crew reaches anyone outside it: every read here asks for membership first
 * (admins excepted, but for the chat, which is the members' alone), and a non-member is told the
 * crew does not exist.
 */

export { crews } from './tables.ts';
export { crewBetExpiryRefusal, seasonForCrewBet, type SeasonBets } from './crew-bets.ts';
export { createCrewInvite, crewInviteUrl, joinCrew, listCrewInvites, previewCrewInvite, revokeCrewInvite } from './invites.ts';
export { crewStandings, finishCrewSeasons, nextSeasonEnd, pastSeasons, startNextSeason } from './seasons.ts';
export { crewMessageDelivery, crewMessagePage, sendCrewMessage } from './chat.ts';

/**
 * A crew name's look-alike key: its confusable skeleton (UTS #39, as a username's), with runs of
 * blanks as one. "Friday poker", "FRIDAY POKER", "Fridаy poker" with a Cyrillic а and "Ｆｒｉｄａｙ
 * poker" are one name: only the first crew may hold it (docs/product.md §6.7).
 */
export const crewNameKey = (name: string) => skeleton(name).replace(/\s+/gu, ' ').trim();

/**
 * What the migration that brought crew names their skeletons needs once after its SQL
 * (db/migrate.ts runs it): each crew's name key, for the earliest crew of each look-alike group
 * only. The later ones keep their names, and the name stays taken for every new crew.
 */
export const crewNameBackfills: Record<string, (query: RawQuery) => Promise<void>> = {
  '0025_crew_names_and_invites': async (query) => {
    const rows = await query<{ id: number; name: string }>('select id, name from crews order by id');
    const seen = new Set<string>();
    const ids: number[] = [];
    const keys: string[] = [];
    for (const { id, name } of rows) {
      const key = crewNameKey(name);
      if (seen.has(key)) continue;
      seen.add(key);
      ids.push(id);
      keys.push(key);
    }
    await query('update crews set name_skeleton = v.key from unnest($1::int[], $2::text[]) as v(id, key) where crews.id = v.id', [ids, keys]);
  },
};

const crewNameTaken = () => conflict('A crew with this name, or one that looks like it, already exists', 'crew_name_taken');

export async function createCrew(
  app: FastifyInstance,
  owner: UserRow,
  input: { name: string; startingBalance: number; seasonDays: number },
): Promise<Crew> {
  const nameSkeleton = crewNameKey(input.name);
  return inTransaction(app.db, async (tx) => {
    await refuseTooManyCrews(tx, owner.id);
    // A clear answer first; the unique index settles two at once.
    const [taken] = await tx.select({ id: crews.id }).from(crews).where(eq(crews.nameSkeleton, nameSkeleton)).limit(1);
    if (taken) throw crewNameTaken();
    const [crew] = await tx
      .insert(crews)
      .values({ name: input.name, nameSkeleton, ownerId: owner.id, startingBalanceCents: input.startingBalance, seasonDays: input.seasonDays })
      .onConflictDoNothing()
      .returning();
    if (!crew) throw crewNameTaken();
    await tx.insert(crewMembers).values({ crewId: crew.id, userId: owner.id });
    await openSeason(tx, crew, 1);
    return presentCrew(tx, crew);
  });
}

/** The caller's crews, newest first, with the current season and their balance in it. */
export async function myCrews(app: FastifyInstance, user: UserRow): Promise<CrewSummary[]> {
  const rows = await app.db
    .select({
      crew: crews,
      season: crewSeasons,
      memberCount: sql<number>`(select count(*) from ${crewMembers} m where m.crew_id = ${crews.id})`.mapWith(Number),
      balance: sql<number>`coalesce(${crewBalances.balanceCents}, 0)`.mapWith(Number),
    })
    .from(crewMembers)
    .innerJoin(crews, eq(crews.id, crewMembers.crewId))
    .innerJoin(crewSeasons, and(eq(crewSeasons.crewId, crews.id), isNull(crewSeasons.endedAt)))
    .leftJoin(crewBalances, and(eq(crewBalances.seasonId, crewSeasons.id), eq(crewBalances.userId, user.id)))
    .where(eq(crewMembers.userId, user.id))
    .orderBy(desc(crews.id));
  return rows.map(({ crew, season, memberCount, balance }) => ({
    id: crew.id,
    name: crew.name,
    ownerId: crew.ownerId,
    startingBalance: formatCents(crew.startingBalanceCents),
    season: presentSeason(season),
    memberCount,
    balance: formatCents(balance),
  }));
}

export async function getCrew(app: FastifyInstance, viewer: UserRow, crewId: number): Promise<Crew> {
  return presentCrew(app.db, await crewFor(app.db, viewer, crewId));
}


/**
 * The owner removes a member, or a member leaves (docs/product.md §6.7). Their stakes stay in the
 * crew's open bets and settle as any other; what comes back lands in their balance of that
 * season, which stays in the crew's books. The owner cannot leave their own crew.
 */
export async function removeMember(app: FastifyInstance, actor: UserRow, crewId: number, userId: number): Promise<void> {
  await inTransaction(app.db, async (tx) => {
    const crew = await crewFor(tx, actor, crewId, { lock: true, membersOnly: true });
    if (actor.id === userId) {
      if (crew.ownerId === userId) throw conflict('The owner cannot leave their crew', 'owner_cannot_leave');
    } else if (crew.ownerId !== actor.id) {
      throw forbidden('Only the owner can remove a member', 'not_owner');
    }
    const removed = await tx
      .delete(crewMembers)
      .where(and(eq(crewMembers.crewId, crewId), eq(crewMembers.userId, userId)))
      .returning({ userId: crewMembers.userId });
    if (removed.length === 0) throw notFound('Member not found', 'member_not_found');
    // The links they handed out stop working: a removed member cannot let themself back in.
    await tx.delete(crewInvites).where(and(eq(crewInvites.crewId, crewId), eq(crewInvites.inviterId, userId)));
  });
}

/**
 * A player who leaves Betbro (their account deleted or deactivated) leaves every crew, as a member
 * who leaves does (their stakes stay in play, their links stop working); a crew they owned passes
 * to the member who joined it first. In the caller's transaction.
 */
export async function leaveEveryCrew(tx: Tx, userId: number): Promise<void> {
  const owned = await tx.select({ id: crews.id }).from(crews).where(eq(crews.ownerId, userId)).orderBy(asc(crews.id)).for('no key update');
  await tx.delete(crewMembers).where(eq(crewMembers.userId, userId));
  await tx.delete(crewInvites).where(eq(crewInvites.inviterId, userId));
  for (const { id } of owned) {
    const [next] = await tx
      .select({ userId: crewMembers.userId })
      .from(crewMembers)
      .where(eq(crewMembers.crewId, id))
      .orderBy(asc(crewMembers.joinedAt), asc(crewMembers.userId))
      .limit(1);
    if (next) await tx.update(crews).set({ ownerId: next.userId }).where(eq(crews.id, id));
  }
}


/** What the player's account holds of crews, for "take your data" (docs/product.md §8.4). */
export async function crewDataOf(db: Db, userId: number) {
  const [memberships, ledger, messages] = await Promise.all([
    db
      .select({ crew: crews, joinedAt: crewMembers.joinedAt })
      .from(crewMembers)
      .innerJoin(crews, eq(crews.id, crewMembers.crewId))
      .where(eq(crewMembers.userId, userId))
      .orderBy(asc(crews.id)),
    db
      .select({ row: crewLedgerEntries, crewId: crewSeasons.crewId, season: crewSeasons.number })
      .from(crewLedgerEntries)
      .innerJoin(crewSeasons, eq(crewSeasons.id, crewLedgerEntries.seasonId))
      .where(eq(crewLedgerEntries.userId, userId))
      .orderBy(asc(crewLedgerEntries.id)),
    db.select().from(crewMessages).where(eq(crewMessages.senderId, userId)).orderBy(asc(crewMessages.id)),
  ]);
  return {
    crews: memberships.map(({ crew, joinedAt }) => ({ id: crew.id, name: crew.name, owner: crew.ownerId === userId, joinedAt: joinedAt.toISOString() })),
    crewLedger: ledger.map(({ row, crewId, season }) => ({
      crewId,
      season,
      kind: row.kind,
      amount: formatCents(row.amountCents),
      balanceAfter: formatCents(row.balanceAfterCents),
      betId: row.betId,
      createdAt: row.createdAt.toISOString(),
    })),
    crewMessages: messages.map((m) => ({ id: m.id, crewId: m.crewId, text: m.text, createdAt: m.createdAt.toISOString() })),
  };
}
