import { and, asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import type { BetTimeline } from '../../../shared/schemas/bets.ts';
import { users, type UserRow } from '../users/service.ts';
import { visibleTo } from './queries.ts';
import { betDisputes, bets, betVotes } from './tables.ts';

const creators = alias(users, 'creators');
const resolvers = alias(users, 'resolvers');

/**
 * What happened to a bet, oldest first (docs/product.md §4.6), as `viewer` may see it (null:
 * the caller answers 404). The bet row keeps when it was made, proposed and settled, and by
 * whom; a jury bet's dispute and votes have their own rows. A vote's option is shown once the
 * bet has settled, so that no juror follows another.
 */
export async function betTimeline(db: Db, viewer: UserRow, betId: number): Promise<BetTimeline | null> {
  const [row] = await db
    .select({ bet: bets, creator: { id: creators.id, username: creators.username }, resolver: { id: resolvers.id, username: resolvers.username } })
    .from(bets)
    .innerJoin(creators, eq(creators.id, bets.creatorId))
    .leftJoin(resolvers, eq(resolvers.id, bets.resolvedBy))
    .where(and(eq(bets.id, betId), visibleTo(viewer)));
  if (!row) return null;
  const { bet, creator, resolver } = row;
  const events: BetTimeline['events'] = [{ at: bet.createdAt.toISOString(), kind: 'created', actor: creator }];
  if (bet.proposedAt && bet.proposedOption !== null) {
    events.push({
      at: bet.proposedAt.toISOString(),
      kind: 'proposed',
      actor: creator,
      option: bet.proposedOption,
      ...(bet.evidenceText ? { text: bet.evidenceText } : {}),
      ...(bet.evidenceUrl ? { url: bet.evidenceUrl } : {}),
    });
  }
  const settled = bet.status === 'resolved' || bet.status === 'void';
  if (bet.resolutionMode === 'jury') {
    const [dispute] = await db
      .select({ dispute: betDisputes, actor: { id: users.id, username: users.username } })
      .from(betDisputes)
      .innerJoin(users, eq(users.id, betDisputes.userId))
      .where(eq(betDisputes.betId, betId));
    if (dispute) {
      events.push({
        at: dispute.dispute.createdAt.toISOString(),
        kind: 'disputed',
        actor: dispute.actor,
        text: dispute.dispute.reason,
        ...(dispute.dispute.url ? { url: dispute.dispute.url } : {}),
      });
    }
    const votes = await db
      .select({ vote: betVotes, actor: { id: users.id, username: users.username } })
      .from(betVotes)
      .innerJoin(users, eq(users.id, betVotes.userId))
      .where(eq(betVotes.betId, betId))
      .orderBy(asc(betVotes.createdAt), asc(betVotes.userId));
    for (const { vote, actor } of votes) {
      events.push({ at: vote.createdAt.toISOString(), kind: 'voted', actor, ...(settled ? { option: vote.optionIdx } : {}) });
    }
  }
  const settledAt = bet.resolvedAt?.toISOString();
  if (settledAt && bet.status === 'resolved' && bet.winningOption !== null) {
    events.push({ at: settledAt, kind: 'resolved', actor: resolver, option: bet.winningOption });
  } else if (settledAt && bet.status === 'void') {
    events.push({ at: settledAt, kind: 'voided', actor: resolver, ...(bet.voidReason ? { text: bet.voidReason } : {}) });
  }
  // Each step came after the one before it; a stable sort keeps that order for equal times.
  return { events: events.sort((a, b) => Date.parse(a.at) - Date.parse(b.at)) };
}
