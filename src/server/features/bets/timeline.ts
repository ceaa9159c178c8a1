import { and, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import type { BetTimeline } from '../../../shared/schemas/bets.ts';
import { users, type UserRow } from '../users/service.ts';
import { visibleTo } from './queries.ts';
import { bets } from './tables.ts';

const creators = alias(users, 'creators');
const resolvers = alias(users, 'resolvers');

/**
 * What happened to a bet, oldest first (docs/product.md §4.6), as `viewer` may see it (null:
 * the caller answers 404). Each event is read from what the bet row keeps: when it was made and
 * by whom, and when and by whom it was settled.
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
  const settledAt = bet.resolvedAt?.toISOString();
  if (settledAt && bet.status === 'resolved' && bet.winningOption !== null) {
    events.push({ at: settledAt, kind: 'resolved', actor: resolver, option: bet.winningOption });
  } else if (settledAt && bet.status === 'void') {
    events.push({ at: settledAt, kind: 'voided', actor: resolver, ...(bet.voidReason ? { text: bet.voidReason } : {}) });
  }
  return { events };
}
