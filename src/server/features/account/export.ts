import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { formatCents } from '../../../shared/money.ts';
import { accountExportSchema, type AccountExport } from '../../../shared/schemas/account.ts';
import { MAX_PAGE_SIZE, type Bet } from '../../../shared/schemas/bets.ts';
import { betComments, conversations, messages } from '../chat/service.ts';
import { betOptions, bets, listBets, stakes } from '../bets/service.ts';
import { crewDataOf } from '../crews/service.ts';
import { friendships } from '../friends/service.ts';
import { getPreferences } from '../profiles/service.ts';
import { users, type UserRow } from '../users/service.ts';
import { ledgerEntries, presentLedgerEntry } from '../wallet/service.ts';

/**
 * "Take your data" (docs/product.md §8.4): everything the player's account holds, in one JSON
 * document. Only what is theirs: their profile with their own email, their settings, the bets
 * they created, their stakes and ledger rows, who their friends are, their crews and crew ledger
 * rows, and what they wrote. Of
 * other players it names only ids and usernames, which the player sees anyway; never an email,
 * nor the messages others sent them.
 */
export async function exportAccount(app: FastifyInstance, user: UserRow, now = new Date()): Promise<AccountExport> {
  const [preferences, createdBets, ownStakes, ledger, friends, sent, comments, crewData] = await Promise.all([
    getPreferences(app, user.id),
    betsCreatedBy(app, user),
    app.db
      // A deleted bet is seen by nobody (docs/product.md §5.1): its stake stays, its words do not.
      .select({
        stake: stakes,
        betTitle: sql<string | null>`case when ${bets.deletedAt} is null then ${bets.title} end`,
        optionLabel: sql<string | null>`case when ${bets.deletedAt} is null then ${betOptions.label} end`,
      })
      .from(stakes)
      .innerJoin(bets, eq(bets.id, stakes.betId))
      .innerJoin(betOptions, and(eq(betOptions.betId, stakes.betId), eq(betOptions.idx, stakes.optionIdx)))
      .where(eq(stakes.userId, user.id))
      .orderBy(asc(stakes.id)),
    app.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, user.id)).orderBy(asc(ledgerEntries.id)),
    app.db
      .select({ id: users.id, username: users.username, since: sql<Date>`coalesce(${friendships.respondedAt}, ${friendships.createdAt})` })
      .from(friendships)
      .innerJoin(users, sql`${users.id} = case when ${friendships.requesterId} = ${user.id} then ${friendships.addresseeId} else ${friendships.requesterId} end`)
      .where(and(eq(friendships.status, 'accepted'), or(eq(friendships.requesterId, user.id), eq(friendships.addresseeId, user.id))))
      .orderBy(asc(sql`lower(${users.username})`), asc(users.id)),
    // Each message goes to the other member of its conversation.
    app.db
      .select({ message: messages, recipientId: users.id, recipientUsername: users.username })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .innerJoin(
        users,
        sql`${users.id} = case when ${conversations.userLow} = ${messages.senderId} then ${conversations.userHigh} else ${conversations.userLow} end`,
      )
      .where(eq(messages.senderId, user.id))
      .orderBy(asc(messages.id)),
    app.db.select().from(betComments).where(eq(betComments.userId, user.id)).orderBy(asc(betComments.id)),
    crewDataOf(app.db, user.id),
  ]);

  // Checked against the contract here: the route sends the document as text, not through its serializer.
  return accountExportSchema.parse({
    exportedAt: now.toISOString(),
    profile: {
      id: user.id,
      username: user.username,
      email: user.email,
      emailVerified: user.emailVerified,
      firstName: user.firstName,
      bio: user.bio,
      location: user.location,
      favoriteCategory: user.favoriteCategory,
      role: user.role,
      // As the ledger read here leaves it, so that the file's ledger sums to it.
      balance: formatCents(ledger.at(-1)?.balanceAfterCents ?? user.balanceCents),
      createdAt: user.createdAt.toISOString(),
    },
    preferences,
    bets: createdBets,
    stakes: ownStakes.map(({ stake, betTitle, optionLabel }) => ({
      id: stake.id,
      betId: stake.betId,
      betTitle,
      option: stake.optionIdx,
      optionLabel,
      amount: formatCents(stake.amountCents),
      outcome: stake.outcome,
      payout: stake.settledCents === null ? null : formatCents(stake.settledCents),
      createdAt: stake.createdAt.toISOString(),
    })),
    ledger: ledger.map(presentLedgerEntry),
    friends: friends.map((f) => ({ id: f.id, username: f.username, since: new Date(f.since).toISOString() })),
    messages: sent.map(({ message, recipientId, recipientUsername }) => ({
      id: message.id,
      conversationId: message.conversationId,
      recipient: { id: recipientId, username: recipientUsername },
      text: message.text,
      createdAt: message.createdAt.toISOString(),
    })),
    comments: comments.map((c) => ({ id: c.id, betId: c.betId, text: c.text, createdAt: c.createdAt.toISOString() })),
    ...crewData,
  });
}

/** Every bet the player created that is still shown, newest first, as the bet lists present them. */
async function betsCreatedBy(app: FastifyInstance, user: UserRow): Promise<Bet[]> {
  const all: Bet[] = [];
  let before: number | undefined;
  for (;;) {
    const page = await listBets(app.db, user, { kind: 'creator', creatorId: user.id }, { limit: MAX_PAGE_SIZE, before });
    all.push(...page);
    if (page.length < MAX_PAGE_SIZE) return all;
    before = page.at(-1)!.id;
  }
}

/** The download's name: `betbro-<username>-<yyyy-mm-dd>.json`, the date in UTC. */
export function exportFileName(username: string, now = new Date()): string {
  return `betbro-${username.replace(/[^A-Za-z0-9_-]/g, '_')}-${now.toISOString().slice(0, 10)}.json`;
}
