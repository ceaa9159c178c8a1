import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { hashSecretToken, newSecretToken } from '../../security/secret-tokens.ts';
import { invites, inviteUses } from './tables.ts';
import { type UserRow, users } from '../users/service.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, badRequest, forbidden, notFound } from '../../errors.ts';
import {
  ACTIVE_INVITES_MAX,
  INVITE_DAYS,
  INVITE_MAX_USES,
  type AcceptedInvite,
  type CreatedInvite,
  type Invite,
  type InvitePreview,
} from '../../../shared/schemas/invites.ts';
import { betSharedBy, findVisibleBet } from '../bets/service.ts';
import { befriendInTx } from '../friends/service.ts';
import { notify } from '../notifications/service.ts';

/**
 * Invite links (docs/product.md §6.2): a player's link that makes whoever accepts it their friend
 * at once, optionally leading to one of their bets. Tokens are 256 random bits, shown once; the
 * database keeps their SHA-256 only.
 */

/** An invite link that does not open, for whatever reason: the same answer for each (crews' links too). */
export const inviteNotFound = () => notFound('Invite not found or no longer valid', 'invite_not_found');
// Serialises one player's invite creations, so that two at once cannot pass the limit together.
const INVITE_LOCK_CLASS = 4_242_027;

/** Not revoked, not expired, not used up: what counts towards the limit and what can be accepted. */
const isActive = () =>
  and(isNull(invites.revokedAt), gt(invites.expiresAt, sql`now()`), lt(invites.uses, invites.maxUses));

/** The link of an invite: its page, /invite/<token>. */
export const inviteUrl = (app: FastifyInstance, token: string) => `${app.config.publicUrl}/invite/${token}`;

export async function createInvite(app: FastifyInstance, inviter: UserRow, betId: number | undefined): Promise<CreatedInvite> {
  if (betId !== undefined) {
    const bundle = await findVisibleBet(app.db, inviter, betId);
    if (!bundle) throw notFound('Bet not found', 'bet_not_found');
    // The newcomer becomes the inviter's friend, and so sees the inviter's bets only.
    if (bundle.bet.creatorId !== inviter.id) throw forbidden('Only the creator of a bet can share it with an invite', 'not_bet_creator');
    // A crew bet is for its crew's members, who join by the crew's own links: a friend invite
    // would show its words to whoever holds the link, and let nobody stake on it.
    if (bundle.bet.crewId !== null) throw forbidden("A crew bet is shared with the crew's own invite links", 'crew_bet');
  }
  const token = newSecretToken();
  const expiresAt = new Date(Date.now() + INVITE_DAYS * 24 * 60 * 60 * 1000);
  await inTransaction(app.db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${INVITE_LOCK_CLASS}, ${inviter.id})`);
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(invites)
      .where(and(eq(invites.inviterId, inviter.id), isActive()));
    if (Number(row?.n ?? 0) >= ACTIVE_INVITES_MAX) {
      throw new AppError(429, 'too_many_invites', `You can have at most ${ACTIVE_INVITES_MAX} active invites; revoke one first`);
    }
    await tx.insert(invites).values({
      tokenHash: hashSecretToken(token),
      inviterId: inviter.id,
      betId: betId ?? null,
      maxUses: INVITE_MAX_USES,
      expiresAt,
    });
  });
  return { token, url: inviteUrl(app, token), expiresAt: expiresAt.toISOString() };
}

export async function listInvites(app: FastifyInstance, inviter: UserRow): Promise<Invite[]> {
  const rows = await app.db
    .select()
    .from(invites)
    .where(and(eq(invites.inviterId, inviter.id), isActive()))
    .orderBy(desc(invites.id))
    .limit(ACTIVE_INVITES_MAX);
  return rows.map((r) => ({
    id: r.id,
    betId: r.betId,
    uses: r.uses,
    maxUses: r.maxUses,
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
  }));
}

/** Who invites, and the bet they share: for anyone holding the link, signed in or not. */
export async function previewInvite(app: FastifyInstance, token: string): Promise<InvitePreview> {
  const [row] = await app.db
    .select({ inviterId: users.id, username: users.username, expiresAt: invites.expiresAt, betId: invites.betId })
    .from(invites)
    .innerJoin(users, eq(users.id, invites.inviterId))
    .where(and(eq(invites.tokenHash, hashSecretToken(token)), isActive(), isNull(users.deactivatedAt)));
  if (!row) throw inviteNotFound();
  return {
    inviter: { id: row.inviterId, username: row.username },
    expiresAt: row.expiresAt.toISOString(),
    betId: row.betId,
    bet: row.betId === null ? null : await betSharedBy(app.db, row.inviterId, row.betId),
  };
}

/**
 * The caller and the inviter become friends (a pending request between them is accepted). Each
 * person uses an invite once: accepting again answers the same and changes nothing.
 */
export async function acceptInvite(app: FastifyInstance, invitee: UserRow, token: string): Promise<AcceptedInvite> {
  const outcome = await inTransaction(app.db, async (tx) => {
    const [found] = await tx
      .select({ invite: invites, inviter: { id: users.id, username: users.username, deactivatedAt: users.deactivatedAt } })
      .from(invites)
      .innerJoin(users, eq(users.id, invites.inviterId))
      .where(and(eq(invites.tokenHash, hashSecretToken(token)), isNull(invites.revokedAt), gt(invites.expiresAt, sql`now()`)))
      .for('update', { of: invites });
    if (!found || found.inviter.deactivatedAt) throw inviteNotFound();
    const { invite, inviter } = found;
    if (inviter.id === invitee.id) throw badRequest('You cannot accept your own invite', 'own_invite');
    const answer = { friend: { id: inviter.id, username: inviter.username }, betId: invite.betId };

    const [used] = await tx
      .select({ userId: inviteUses.userId })
      .from(inviteUses)
      .where(and(eq(inviteUses.inviteId, invite.id), eq(inviteUses.userId, invitee.id)));
    if (used) return { answer, befriended: false, notice: null };
    if (invite.uses >= invite.maxUses) throw notFound('This invite has been used up', 'invite_used_up');

    const befriended = await befriendInTx(tx, inviter, invitee);
    await tx.insert(inviteUses).values({ inviteId: invite.id, userId: invitee.id });
    await tx.update(invites).set({ uses: sql`${invites.uses} + 1` }).where(eq(invites.id, invite.id));
    const notice = await notify(tx, {
      userId: inviter.id,
      type: 'invite_accepted',
      params: { by: invitee.username, befriended },
      fromUserId: invitee.id,
      betId: invite.betId,
    });
    return { answer, befriended, notice };
  });
  if (outcome.befriended) {
    app.domainEvents.emit({ type: 'friend_accepted', requesterId: outcome.answer.friend.id, addresseeId: invitee.id });
  }
  app.domainEvents.notified([outcome.notice]);
  return outcome.answer;
}

/**
 * The inviter revokes an invite, named by its token or by its id (the list's, since the token is
 * not kept). Anyone else's invite, or none, is 404. Revoking twice is harmless.
 */
export async function revokeInvite(app: FastifyInstance, inviter: UserRow, tokenOrId: string): Promise<void> {
  // Tokens are 43 characters of base64url; an id is a short number.
  const byId = /^\d{1,9}$/.test(tokenOrId);
  const [row] = await app.db
    .update(invites)
    .set({ revokedAt: sql`coalesce(${invites.revokedAt}, now())` })
    .where(
      and(
        eq(invites.inviterId, inviter.id),
        byId ? eq(invites.id, Number(tokenOrId)) : eq(invites.tokenHash, hashSecretToken(tokenOrId)),
      ),
    )
    .returning({ id: invites.id });
  if (!row) throw inviteNotFound();
}
