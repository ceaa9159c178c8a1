import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { UNSETTLED_STATUSES, type JuryPool, type createBetBodySchema } from '../../../shared/schemas/bets.ts';
import type { InvitedBet } from '../../../shared/schemas/invites.ts';
import { formatCents } from '../../../shared/money.ts';
import { allOdds } from '../../../shared/odds.ts';
import { betOptions, bets } from './tables.ts';
import { users, type UserRow } from '../users/service.ts';
import { rowsOf, type Db, type RawQuery } from '../../db/client.ts';
import { inTransaction, type Tx } from '../../db/transaction.ts';
import { badRequest, conflict, forbidden, notFound, type AppError } from '../../errors.ts';
import { recordActivity } from '../activities/service.ts';
import { recordAdminAction } from '../audit-log/service.ts';
import { crewBetExpiryRefusal, seasonForCrewBet } from '../crews/service.ts';
import { notify, notifyAll } from '../notifications/service.ts';
import { betNotFound, lockBet } from './bet-lock.ts';

/**
 * Bets themselves (docs/product.md §4, §5): creating one, editing its words, telling its creator
 * when it expired. The money on them goes in with a stake (stakes.ts) and comes out at settlement (settlement.ts).
 */

// What other features use of bets: they import it from here, never from the files behind it.
export { findVisibleBet, listBets, visibleTo } from './queries.ts';
export { presentPools } from './present.ts';
export { placeStake } from './stakes.ts';
export { announce, resolveBetAsAdmin, type Settled } from './settlement.ts';
export { voidBet, voidOverdueBets } from './voiding.ts';
export { seasonBetsOf } from './crew-seasons.ts';
export { finishJuryWindows, nextJuryWindowEnd, resolveOrPropose } from './jury.ts';
export { registerBetMetrics } from './metrics.ts';
export { deadlinesOf, type BetDeadline } from './deadlines.ts';
export { betOptions, bets, stakes, type BetRow, type OptionRow, type StakeRow } from './tables.ts';

type CreateBetInput = z.output<typeof createBetBodySchema>;

/**
 * A bet as its creator shares it with an invite (docs/product.md §6.2): its question, its options
 * with their odds now, its pot and its deadline. Null unless it is that creator's own bet among
 * friends, not deleted: a crew bet is its crew's, and never shown by a link.
 */
export async function betSharedBy(db: Db, creatorId: number, betId: number): Promise<InvitedBet | null> {
  const [bet] = await db
    .select({ id: bets.id, title: bets.title, totalPotCents: bets.totalPotCents, expiresAt: bets.expiresAt })
    .from(bets)
    .where(and(eq(bets.id, betId), eq(bets.creatorId, creatorId), isNull(bets.crewId), isNull(bets.deletedAt)));
  if (!bet) return null;
  const options = await db
    .select({ label: betOptions.label, poolCents: betOptions.poolCents })
    .from(betOptions)
    .where(eq(betOptions.betId, betId))
    .orderBy(asc(betOptions.idx));
  return {
    id: bet.id,
    title: bet.title,
    options: options.map((o) => o.label),
    odds: allOdds(options.map((o) => o.poolCents)),
    totalPot: formatCents(bet.totalPotCents),
    expiresAt: bet.expiresAt?.toISOString() ?? null,
  };
}

/**
 * Who may referee a creator's bet (docs/product.md §4.6): one of their friends, still a player; for
 * a crew bet, one of the crew's members (§6.7). The friendship is read from creators_seen
 * (visibility.sql), the rule of whose bets a player sees, the membership from crew_member_of (crews/crews.sql).
 */
async function refereeRefusal(tx: Tx, creator: UserRow, refereeId: number, crewId: number | null): Promise<AppError | null> {
  if (refereeId === creator.id) return badRequest('You cannot referee your own bet', 'invalid_referee');
  // The referee's row is held until the bet commits: a deactivation or deletion of the referee
  // waits, and then finds the bet among those it voids (openBetsDecidedBy).
  const [referee] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, refereeId), isNull(users.deactivatedAt)))
    .for('share');
  const circle =
    crewId === null
      ? sql`exists (select 1 from creators_seen c where c.creator_id = ${creator.id} and c.viewer_id = ${refereeId})`
      : sql`crew_member_of(${crewId}, ${refereeId})`;
  const [row] = referee ? rowsOf<{ friend: boolean }>(await tx.execute(sql`select ${circle} as friend`)) : [];
  if (row?.friend) return null;
  return crewId === null
    ? badRequest('The referee must be one of your friends', 'invalid_referee')
    : badRequest("The referee must be one of the crew's members", 'invalid_referee');
}


/**
 * How many could sit on the jury of a bet `user` creates now (docs/product.md §4.6): their friends,
 * or for a crew bet the crew's other members, still players (possible_jurors, jury.sql).
 */
async function possibleJurors(db: Db | Tx, user: UserRow, crewId: number | null): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`select possible_jurors(${user.id}::int, ${crewId}::int) as n`));
  return Number(row?.n ?? 0);
}

/** A jury bet needs at its creation at least JURY_QUORUM who could sit on its jury (§4.6). */
function notEnoughJurors(quorum: number, crewId: number | null): AppError {
  return badRequest(
    crewId === null
      ? `A jury needs at least ${quorum} of your friends who could vote on it`
      : `A jury needs at least ${quorum} other members of the crew who could vote on it`,
    'not_enough_jurors',
  );
}

/**
 * `GET /api/bets/jury-pool`: how many could sit on the jury of a bet the caller creates now, among
 * friends or in one of their crews (anyone else's crew: 404), and how many a jury needs; the
 * create form tells the player before they send it.
 */
export async function juryPool(app: FastifyInstance, user: UserRow, crewId: number | null): Promise<JuryPool> {
  if (crewId !== null) {
    const [member] = rowsOf<{ member: boolean }>(await app.db.execute(sql`select crew_member_of(${crewId}::int, ${user.id}::int) as member`));
    if (!member?.member) throw notFound('Crew not found', 'crew_not_found');
  }
  return { possibleJurors: await possibleJurors(app.db, user, crewId), quorum: app.config.jury.quorum };
}

/**
 * What the migration that seats juries needs once after its SQL and the functions (db/migrate.ts
 * runs it): the bets disputed before it get the jury their dispute would seat now (jury_pool),
 * with whoever already voted, whose votes stand. One that cannot seat the quorum has no jury: the
 * admins decide it, or its proposal stands at the jury's end (docs/product.md §4.6).
 */
export const juryBackfills: Record<string, (query: RawQuery) => Promise<void>> = {
  '0026_seated_juries': async (query) => {
    await query(`insert into bet_jurors (bet_id, user_id)
      select b.id, p.user_id from bets b cross join lateral jury_pool(b.id) p where b.status = 'disputed'
      union select v.bet_id, v.user_id from bet_votes v join bets b on b.id = v.bet_id where b.status = 'disputed'
      on conflict do nothing`);
    await query(`update bets b set jurors_seated = (select count(*) from bet_jurors j where j.bet_id = b.id) where b.status = 'disputed'`);
    await query(`update bets set votes_needed = 0 where status = 'disputed' and jurors_seated < votes_needed`);
    await query(`delete from bet_jurors j using bets b where b.id = j.bet_id and b.status = 'disputed' and b.votes_needed = 0`);
  },
};

export async function createBet(app: FastifyInstance, creator: UserRow, input: CreateBetInput): Promise<number> {
  const crewId = input.crewId ?? null;
  const { betId, told } = await inTransaction(app.db, async (tx) => {
    const season = crewId === null ? null : await seasonForCrewBet(tx, crewId, creator.id);
    const refereeId = input.resolution.mode === 'referee' ? input.resolution.refereeId : null;
    if (refereeId !== null) {
      const refusal = await refereeRefusal(tx, creator, refereeId, crewId);
      if (refusal) throw refusal;
    }
    // A jury that could never sit would leave every dispute to the admins.
    if (input.resolution.mode === 'jury' && (await possibleJurors(tx, creator, crewId)) < app.config.jury.quorum) {
      throw notEnoughJurors(app.config.jury.quorum, crewId);
    }
    // Time limits count on the database's clock, the same one every stake is checked against.
    const expiresAt =
      input.expirationType === 'time'
        ? sql`now() + make_interval(hours => ${Number(input.expirationValue)})`
        : input.expirationType === 'date'
          ? new Date(input.expirationValue)
          : null;
    const [bet] = await tx
      .insert(bets)
      .values({
        creatorId: creator.id,
        title: input.title,
        description: input.description,
        category: input.category,
        expirationType: input.expirationType,
        expirationValue: input.expirationType === 'indefinite' ? '' : input.expirationValue,
        expiresAt,
        resolutionMode: input.resolution.mode,
        refereeId,
        crewId,
        seasonId: season?.id ?? null,
      })
      .returning({ id: bets.id, expiresAt: bets.expiresAt });
    if (!bet) throw new Error('bet insert returned nothing');
    const expiry = season ? crewBetExpiryRefusal(season, bet.expiresAt) : null;
    if (expiry) throw expiry;
    await tx.insert(betOptions).values(input.options.map((label, idx) => ({ betId: bet.id, idx, label })));
    await recordActivity(tx, { type: 'bet_created', userId: creator.id, betId: bet.id });
    // The crew's other members (the bet's circle, visibility.sql) hear of a new crew bet.
    const told =
      crewId === null
        ? []
        : await notifyAll(
            tx,
            rowsOf<{ user_id: number }>(
              await tx.execute(sql`select distinct user_id from bet_circles where bet_id = ${bet.id} and user_id <> ${creator.id} order by user_id`),
            ).map((m) => ({
              userId: m.user_id,
              type: 'crew_bet' as const,
              params: { creator: creator.username, bet: input.title },
              betId: bet.id,
              fromUserId: creator.id,
            })),
          );
    return { betId: bet.id, told };
  });
  app.domainEvents.emit({ type: 'bet_created', betId, actorId: creator.id });
  app.domainEvents.notified(told);
  return betId;
}

/**
 * The open bets that wait on a player's word: those they created, and those they referee
 * (docs/product.md §4.7). When the player leaves or is deactivated, nobody else may decide them,
 * so they are voided and refunded; the reason says which part the player had.
 */
export async function openBetsDecidedBy(db: Db | Tx, userId: number): Promise<{ id: number; role: 'creator' | 'referee' }[]> {
  const rows = await db
    .select({ id: bets.id, creatorId: bets.creatorId })
    .from(bets)
    .where(and(or(eq(bets.creatorId, userId), eq(bets.refereeId, userId)), inArray(bets.status, [...UNSETTLED_STATUSES]), isNull(bets.deletedAt)))
    .orderBy(asc(bets.id));
  return rows.map((row) => ({ id: row.id, role: row.creatorId === userId ? 'creator' : 'referee' }));
}

export async function editBet(
  app: FastifyInstance,
  admin: UserRow,
  betId: number,
  input: { title: string; description: string },
): Promise<void> {
  await inTransaction(app.db, async (tx) => {
    const locked = await lockBet(tx, betId);
    if (!locked) throw betNotFound();
    const [updated] = await tx
      .update(bets)
      .set({ title: input.title, description: input.description, updatedAt: new Date() })
      .where(eq(bets.id, betId))
      .returning();
    if (!updated) throw betNotFound();
    await recordAdminAction(tx, {
      actorId: admin.id,
      action: 'bet.edit',
      targetType: 'bet',
      targetId: betId,
      before: { title: locked.bet.title, description: locked.bet.description },
      after: { title: updated.title, description: updated.description },
    });
  });
  app.domainEvents.emit({ type: 'bet_updated', betId, actorId: admin.id, poolsOnly: false });
}

/**
 * The creator's own edit of title and description, only while nobody has staked: a stake is
 * placed on the words as they stood, so once there is one the words are fixed. The bet row is
 * locked as placeStake locks it, so an edit and a first stake cannot cross.
 */
export async function editOwnBet(
  app: FastifyInstance,
  creator: UserRow,
  betId: number,
  input: { title: string; description: string },
): Promise<void> {
  await inTransaction(app.db, async (tx) => {
    const locked = await lockBet(tx, betId, creator.id);
    if (!locked) throw betNotFound();
    const { bet } = locked;
    if (bet.creatorId !== creator.id) throw forbidden('Only the creator can edit this bet', 'not_creator');
    if (bet.status !== 'active') throw forbidden('This bet is closed', 'bet_closed');
    if (bet.participantCount > 0) throw conflict('This bet already has stakes', 'bet_has_stakes');
    await tx
      .update(bets)
      .set({ title: input.title, description: input.description, updatedAt: new Date() })
      .where(eq(bets.id, betId));
  });
  app.domainEvents.emit({ type: 'bet_updated', betId, actorId: creator.id, poolsOnly: false });
}

/**
 * Tells creators once that their bet expired and awaits their resolution. The UPDATE claims
 * each bet atomically, so several instances never notify twice.
 */
export async function notifyExpiredBets(app: FastifyInstance): Promise<number> {
  const notified = await inTransaction(app.db, async (tx) => {
    const claimed = await tx
      .update(bets)
      .set({ expiryNotifiedAt: new Date() })
      .where(
        and(
          eq(bets.status, 'active'),
          sql`${bets.deletedAt} is null`,
          sql`${bets.expiresAt} <= now()`,
          sql`${bets.expiryNotifiedAt} is null`,
        ),
      )
      .returning({ id: bets.id, creatorId: bets.creatorId, refereeId: bets.refereeId, title: bets.title });
    const list = [];
    for (const bet of claimed) {
      list.push(
        // Whoever decides the bet (docs/product.md §4.6) is the one it waits for.
        await notify(tx, {
          userId: bet.refereeId ?? bet.creatorId,
          type: 'bet_expired',
          params: { bet: bet.title },
          betId: bet.id,
        }),
      );
    }
    return list;
  });
  app.domainEvents.notified(notified);
  return notified.length;
}
