import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { hashSecretToken, newSecretToken } from '../../security/secret-tokens.ts';
import { notFound } from '../../errors.ts';
import { deadlinesOf, type BetDeadline } from '../bets/service.ts';
import { users, type UserRow } from '../users/service.ts';
import { calendarDocument, type CalendarEvent } from './ics.ts';
import { calendarFeeds } from './tables.ts';

/**
 * A player's private calendar feed (docs/product.md §6.9): the deadlines of the bets they created
 * or staked on, and their jury duties, at an address only they know. Calendar apps fetch it without
 * a session, so the address is the key: 256 random bits, kept as a hash, one at a time.
 */

export const feedNotFound = () => notFound('Calendar feed not found', 'calendar_not_found');

const feedUrl = (app: FastifyInstance, token: string) => `${app.config.publicUrl}/api/calendar/${token}.ics`;

/** A new address for the player's feed; the one before, if any, opens nothing from now on. */
export async function createCalendarFeed(app: FastifyInstance, user: UserRow): Promise<{ url: string }> {
  const token = newSecretToken();
  const tokenHash = hashSecretToken(token);
  await app.db
    .insert(calendarFeeds)
    .values({ userId: user.id, tokenHash })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash, createdAt: new Date() } });
  return { url: feedUrl(app, token) };
}

/** Whether the player has a feed, and since when (the address itself is shown once, when made). */
export async function calendarFeedStatus(app: FastifyInstance, user: UserRow): Promise<{ createdAt: string | null }> {
  const [row] = await app.db.select({ createdAt: calendarFeeds.createdAt }).from(calendarFeeds).where(eq(calendarFeeds.userId, user.id));
  return { createdAt: row?.createdAt.toISOString() ?? null };
}

/** Stops the feed: its address opens nothing. Stopping none is no error. */
export async function deleteCalendarFeed(app: FastifyInstance, user: UserRow): Promise<void> {
  await app.db.delete(calendarFeeds).where(eq(calendarFeeds.userId, user.id));
}

const SUMMARIES: Record<BetDeadline['kind'], string> = { closes: 'Bet closes', jury: 'Jury vote closes' };

function eventOf(app: FastifyInstance, deadline: BetDeadline): CalendarEvent {
  const url = `${app.config.publicUrl}/bets/${deadline.betId}`;
  return {
    // One event per bet, whatever its deadline: the same UID at every fetch.
    uid: `bet-${deadline.betId}@${new URL(app.config.publicUrl).host}`,
    at: deadline.at,
    summary: `${SUMMARIES[deadline.kind]}: ${deadline.title}`,
    description: deadline.kind === 'jury' ? `You sit on this bet's jury: vote before the end. ${url}` : `Staking closes on this bet. ${url}`,
    url,
  };
}

/** The feed at `token`'s address, as iCalendar text; 404 for an address retired, stopped or never made. */
export async function calendarFeedOf(app: FastifyInstance, token: string): Promise<string> {
  const [owner] = await app.db
    .select({ userId: calendarFeeds.userId })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(and(eq(calendarFeeds.tokenHash, hashSecretToken(token)), isNull(users.deactivatedAt)));
  if (!owner) throw feedNotFound();
  const deadlines = await deadlinesOf(app.db, owner.userId);
  return calendarDocument(
    deadlines.map((deadline) => eventOf(app, deadline)),
    new Date(),
  );
}
