import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DisputeBody, OpenDisputes, ResolveBody } from '../../../shared/schemas/bets.ts';
import { rowsOf, type Db } from '../../db/client.ts';
import { inTransaction, type Tx } from '../../db/transaction.ts';
import { badRequest, conflict, forbidden, type AppError } from '../../errors.ts';
import { notifyAll, type NotificationFact } from '../notifications/service.ts';
import type { UserRow } from '../users/service.ts';
import { presentBet } from './present.ts';
import { findDisputedBets } from './queries.ts';
import { alreadyResolved, betClosed, betNotFound, lockBet, type LockedBet } from './bet-lock.ts';
import { announce, optionLabel, payWinners, refundEveryone, resolveLocked, resolveRefusal, type Settled } from './settlement.ts';
import { betDisputes, betJurors, betOptions, bets, betVotes, stakes, type BetRow } from './tables.ts';

/**
 * A jury bet's way to its result (docs/product.md §4.6). The creator proposes; any staker may
 * dispute until `challengeEndsAt`, and if none does the proposal stands. A dispute seats the jury
 * once: the creator's friends (a crew's members) from before the bet was created, without a
 * stake (jury.sql's jury_pool). With at least JURY_QUORUM seated, they vote until `juryEndsAt`:
 * at the quorum the most-voted option wins, a tie voids the bet, and a jury short of its quorum
 * at the end voids it too. With fewer seated there is no jury: the dispute waits in the admins'
 * queue, and if no admin decides by `juryEndsAt` the proposal stands, so a dispute never voids a
 * bet for free. Each step locks the bet row (lockBet) and checks its status again, so a
 * settlement happens once whoever gets there first: the last vote, the sweep on any instance, or
 * an admin. The money moves through settlement.ts like any other bet's. Who may dispute and who
 * may vote is jury.sql's, the bet detail's `canDispute` and `canVote` ask the same functions.
 */

const REFUSALS: Record<string, () => AppError> = {
  already_resolved: alreadyResolved,
  bet_closed: betClosed,
  already_disputed: () => conflict('This result is already disputed', 'already_disputed'),
  not_proposed: () => conflict('No result has been proposed for this bet', 'not_proposed'),
  not_staker: () => forbidden('Only a player with a stake can dispute this result', 'not_staker'),
  challenge_over: () => conflict('The time to dispute this result is over', 'challenge_over'),
  no_jury: () => conflict('This bet has no jury', 'no_jury'),
  not_juror: () => forbidden('Only the jurors seated when the result was disputed can vote', 'not_juror'),
  already_voted: () => conflict('You have already voted', 'already_voted'),
  jury_over: () => conflict("The jury's time is over", 'jury_over'),
};

async function refusalOf(tx: Tx, rule: 'dispute_refusal' | 'vote_refusal', betId: number, userId: number): Promise<AppError | null> {
  const [row] = rowsOf<{ refusal: string | null }>(await tx.execute(sql`select ${sql.raw(rule)}(${betId}::int, ${userId}::int) as refusal`));
  const refusal = row?.refusal ?? null;
  return refusal === null ? null : (REFUSALS[refusal]?.() ?? betClosed());
}

/** A jury bet's step, for its caller to announce after commit: a settlement or a changed bet. */
type Step = { settled: Settled } | { updated: BetRow; notified: { userId: number; id: number }[] };

function announceStep(app: FastifyInstance, actorId: number, step: Step): void {
  if ('settled' in step) return announce(app, step.settled);
  app.domainEvents.emit({ type: 'bet_updated', betId: step.updated.id, actorId, poolsOnly: false });
  app.domainEvents.notified(step.notified);
}

/**
 * `POST /api/bets/:id/resolve` by whoever decides the bet: a jury bet's creator proposes its
 * result, anyone else's decision settles it at once (settlement.ts).
 */
export async function resolveOrPropose(app: FastifyInstance, actor: UserRow, betId: number, body: ResolveBody): Promise<void> {
  const step = await inTransaction(app.db, async (tx): Promise<Step> => {
    const locked = await lockBet(tx, betId, actor.id);
    if (!locked) throw betNotFound();
    if (locked.bet.resolutionMode !== 'jury') return { settled: await resolveLocked(tx, actor, locked, body.winningOption, { asAdmin: false }) };
    return propose(tx, app, actor, locked, body);
  });
  announceStep(app, actor.id, step);
}

/** The creator's proposal: no more stakes, and the stakers told they may dispute it. */
async function propose(tx: Tx, app: FastifyInstance, actor: UserRow, locked: LockedBet, body: ResolveBody): Promise<Step> {
  const refusal = resolveRefusal(locked.bet, locked.expired, actor, false);
  if (refusal) throw refusal;
  const label = await optionLabel(tx, locked.bet.id, body.winningOption);
  const [proposed] = await tx
    .update(bets)
    .set({
      status: 'proposed',
      proposedOption: body.winningOption,
      proposedAt: sql`now()`,
      evidenceText: body.evidence?.text || null,
      evidenceUrl: body.evidence?.url || null,
      challengeEndsAt: sql`now() + make_interval(secs => ${app.config.jury.challengeWindowSeconds})`,
      updatedAt: new Date(),
    })
    .where(and(eq(bets.id, locked.bet.id), eq(bets.status, 'active')))
    .returning();
  if (!proposed) throw conflict('A result has already been proposed', 'already_proposed');
  const stakers = await tx.select({ userId: stakes.userId }).from(stakes).where(eq(stakes.betId, proposed.id));
  const notified = await notifyAll(
    tx,
    stakers.map(({ userId }) => ({
      userId,
      type: 'bet_proposed' as const,
      params: { option: label, bet: proposed.title, until: (proposed.challengeEndsAt ?? new Date()).toISOString() },
      betId: proposed.id,
    })),
  );
  return { updated: proposed, notified };
}

/** `POST /api/bets/:id/dispute`: a staker objects before the window ends; the jury is called. */
export async function disputeResult(app: FastifyInstance, actor: UserRow, betId: number, body: DisputeBody): Promise<void> {
  const step = await inTransaction(app.db, async (tx): Promise<Step> => {
    const locked = await lockBet(tx, betId, actor.id);
    if (!locked) throw betNotFound();
    const refusal = await refusalOf(tx, 'dispute_refusal', betId, actor.id);
    if (refusal) throw refusal;
    await tx.insert(betDisputes).values({ betId, userId: actor.id, reason: body.reason, url: body.url || null });
    // The jury is fixed now, whoever befriends or unfriends whom later.
    const pool = rowsOf<{ user_id: number }>(await tx.execute(sql`select user_id from jury_pool(${betId}::int)`)).map((row) => Number(row.user_id));
    const { quorum } = app.config.jury;
    const seated = pool.length >= quorum;
    if (seated) await tx.insert(betJurors).values(pool.map((userId) => ({ betId, userId })));
    const [disputed] = await tx
      .update(bets)
      .set({
        status: 'disputed',
        juryEndsAt: sql`now() + make_interval(secs => ${app.config.jury.juryWindowSeconds})`,
        // Without a jury no vote is needed: the admins decide, or the proposal stands.
        votesNeeded: seated ? quorum : 0,
        jurorsSeated: pool.length,
        updatedAt: new Date(),
      })
      .where(and(eq(bets.id, betId), eq(bets.status, 'proposed')))
      .returning();
    if (!disputed) throw conflict('This result is already disputed', 'already_disputed');
    const label = await optionLabel(tx, betId, disputed.proposedOption ?? 0);
    const notified = await notifyAll(
      tx,
      (seated ? pool : []).map((userId) => ({
        userId,
        type: 'bet_disputed' as const,
        params: { by: actor.username, option: label, bet: disputed.title, until: (disputed.juryEndsAt ?? new Date()).toISOString() },
        betId,
        fromUserId: actor.id,
      })),
    );
    return { updated: disputed, notified };
  });
  announceStep(app, actor.id, step);
}

/**
 * `POST /api/bets/:id/votes`: a juror's vote, once. The vote that completes the quorum settles
 * the bet in its own transaction: the most-voted option wins, a tie voids it.
 */
export async function castVote(app: FastifyInstance, actor: UserRow, betId: number, option: number): Promise<void> {
  const step = await inTransaction(app.db, async (tx): Promise<Step> => {
    const locked = await lockBet(tx, betId, actor.id);
    if (!locked) throw betNotFound();
    const refusal = await refusalOf(tx, 'vote_refusal', betId, actor.id);
    if (refusal) throw refusal;
    const [known] = await tx
      .select({ idx: betOptions.idx })
      .from(betOptions)
      .where(and(eq(betOptions.betId, betId), eq(betOptions.idx, option)));
    if (!known) throw badRequest('Choose an option', 'invalid_option');
    await tx.insert(betVotes).values({ betId, userId: actor.id, optionIdx: option });
    const [counted] = await tx
      .update(bets)
      .set({ votesCast: sql`${bets.votesCast} + 1`, updatedAt: new Date() })
      .where(eq(bets.id, betId))
      .returning();
    if (!counted) throw betNotFound();
    if (counted.votesCast < counted.votesNeeded) return { updated: counted, notified: [] };
    return { settled: await juryVerdict(tx, counted) };
  });
  announceStep(app, actor.id, step);
}

/** What the jury's votes decide: the most-voted option, or a void when two or more tie. */
async function juryVerdict(tx: Tx, bet: BetRow): Promise<Settled> {
  const tally = await tx
    .select({ option: betVotes.optionIdx, votes: sql<number>`count(*)::integer` })
    .from(betVotes)
    .where(eq(betVotes.betId, bet.id))
    .groupBy(betVotes.optionIdx)
    .orderBy(sql`count(*) desc`);
  const [first, second] = tally;
  const winner = first && (!second || second.votes < first.votes) ? { option: first.option, label: await optionLabel(tx, bet.id, first.option) } : null;
  const settled = winner ? await payWinners(tx, bet, winner.option, winner.label, null) : await refundEveryone(tx, bet, 'jury_tie', null);
  if (!settled) throw alreadyResolved();
  return tellTheOthers(tx, settled, winner ? { outcome: 'jury_decided', winner: winner.label, bet: bet.title } : { outcome: 'jury_split', bet: bet.title });
}

/**
 * Everyone hears how a jury bet ended: its stakers from the settlement itself, its creator and
 * the jurors who voted from here, in the same transaction.
 */
/** How a jury bet ended, for those who had no stake on it. */
type HowItEnded = Extract<NotificationFact, { type: 'bet_settled' }>['params'];

async function tellTheOthers(tx: Tx, settled: Settled, how: HowItEnded): Promise<Settled> {
  const voters = await tx.select({ userId: betVotes.userId }).from(betVotes).where(eq(betVotes.betId, settled.betId));
  const told = new Set(settled.participantIds);
  const others = [...new Set([settled.bet.creatorId, ...voters.map((v) => v.userId)])].filter((id) => !told.has(id));
  const notified = await notifyAll(
    tx,
    others.map((userId) => ({ userId, type: 'bet_settled' as const, params: how, betId: settled.betId })),
  );
  return { ...settled, notified: [...settled.notified, ...notified] };
}

/**
 * The jury sweep, each few seconds on every instance: a proposal nobody disputed in time stands
 * and pays; a jury short of its quorum at its end voids the bet. Each bet is locked and checked
 * again, so instances sweeping at once settle it once. Returns how many bets it settled.
 */
export async function finishJuryWindows(app: FastifyInstance): Promise<number> {
  const due = rowsOf<{ id: number }>(
    await app.db.execute(sql`(select id from ${bets} where status = 'proposed' and challenge_ends_at <= now() order by challenge_ends_at limit 100)
      union all
      (select id from ${bets} where status = 'disputed' and jury_ends_at <= now() order by jury_ends_at limit 100)`),
  );
  let finished = 0;
  for (const { id } of due) {
    const settled = await finishWindow(app, Number(id)).catch((err: unknown) => {
      // One bet's failure leaves the others due to be finished now, and it to the next sweep.
      app.log.error({ err, betId: id }, 'finishing a jury bet failed');
      return null;
    });
    if (settled) {
      announce(app, settled);
      finished += 1;
    }
  }
  return finished;
}

/** When the next jury window ends (a proposal's challenge window or a jury's vote), or null. */
export async function nextJuryWindowEnd(app: FastifyInstance): Promise<Date | null> {
  const [row] = rowsOf<{ at: string | Date | null }>(
    await app.db.execute(sql`select least(
      (select challenge_ends_at from ${bets} where status = 'proposed' order by challenge_ends_at limit 1),
      (select jury_ends_at from ${bets} where status = 'disputed' order by jury_ends_at limit 1)) as at`),
  );
  return row?.at ? new Date(row.at) : null;
}

/** Settles one jury bet whose window has ended, or null when it has moved on already. */
function finishWindow(app: FastifyInstance, betId: number): Promise<Settled | null> {
  return inTransaction(app.db, async (tx) => {
    const locked = await lockBet(tx, betId);
    if (!locked) return null;
    const { bet } = locked;
    if (bet.status === 'proposed' && locked.challengeOver && bet.proposedOption !== null) {
      const label = await optionLabel(tx, bet.id, bet.proposedOption);
      const stood = await payWinners(tx, bet, bet.proposedOption, label, null);
      return stood && tellTheOthers(tx, stood, { outcome: 'undisputed', winner: label, bet: bet.title });
    }
    if (bet.status === 'disputed' && locked.juryOver) {
      // Too few jurors to seat a jury, and no admin decided: the proposal stands.
      if (bet.votesNeeded === 0 && bet.proposedOption !== null) {
        const label = await optionLabel(tx, bet.id, bet.proposedOption);
        const stood = await payWinners(tx, bet, bet.proposedOption, label, null);
        return stood && tellTheOthers(tx, stood, { outcome: 'admins_silent', winner: label, bet: bet.title });
      }
      const voided = await refundEveryone(tx, bet, 'jury_no_quorum', null);
      return voided && tellTheOthers(tx, voided, { outcome: 'no_quorum', bet: bet.title });
    }
    return null;
  });
}

/**
 * The disputed bets an admin watches (docs/product.md §4.6), newest dispute first, at most 50
 * (findDisputedBets): those a seated jury decides, and the admins' queue, those too few jurors
 * could be seated for.
 */
export async function openDisputes(db: Db, admin: UserRow): Promise<OpenDisputes> {
  const rows = await findDisputedBets(db, admin);
  return {
    disputes: rows.map(({ bundle, dispute, disputer }) => ({
      bet: presentBet(bundle),
      decidedBy: bundle.bet.votesNeeded > 0 ? ('jury' as const) : ('admins' as const),
      disputedBy: { id: dispute.userId, username: disputer },
      reason: dispute.reason,
      url: dispute.url,
      disputedAt: dispute.createdAt.toISOString(),
    })),
  };
}
