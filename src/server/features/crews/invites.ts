import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CREW_INVITE_DAYS, CREW_INVITES_PER_MEMBER_MAX, CREW_MEMBERS_MAX, type CreatedCrewInvite, type Crew, type CrewInvite, type CrewInvitePreview } from '../../../shared/schemas/crews.ts';
import type { Db } from '../../db/client.ts';
import { inTransaction, type Tx } from '../../db/transaction.ts';
import { AppError, conflict, notFound } from '../../errors.ts';
import { hashSecretToken, newSecretToken } from '../../security/secret-tokens.ts';
import { notify } from '../notifications/service.ts';
import { users, type UserRow } from '../users/service.ts';
import { moveCrewMoney } from '../wallet/service.ts';
import { crewInvites, crewMembers, crews } from './tables.ts';
import { DAY_MS, crewFor, currentSeason, isMember, memberCountOf, presentCrew, refuseTooManyCrews } from './access.ts';

/**
 * A crew's invite links (docs/product.md §6.7): made by a member, at most a few live at once, listed
 * and revoked; anyone holding one sees the crew's name and size, and joins with it.
 */

/** The answer a friend invite's bad link gets too (features/invites): one wording for every invite. */
const inviteNotFound = () => notFound('Invite not found or no longer valid', 'invite_not_found');

const CREW_INVITE_LOCK_CLASS = 4_242_041;

/** The link of a crew invite: its page, /crews/join/<token>. */
export const crewInviteUrl = (app: FastifyInstance, token: string) => `${app.config.publicUrl}/crews/join/${token}`;

/**
 * A member's invite link to the crew: the token shown once, its SHA-256 kept. A member holds at
 * most CREW_INVITES_PER_MEMBER_MAX live links to one crew (429 past that; revoking one makes room),
 * counted under their own lock so two at once cannot both pass.
 */
export async function createCrewInvite(app: FastifyInstance, member: UserRow, crewId: number): Promise<CreatedCrewInvite> {
  const token = newSecretToken();
  const expiresAt = new Date(Date.now() + CREW_INVITE_DAYS * DAY_MS);
  await inTransaction(app.db, async (tx) => {
    await crewFor(tx, member, crewId, { membersOnly: true });
    await tx.execute(sql`select pg_advisory_xact_lock(${CREW_INVITE_LOCK_CLASS}, ${member.id})`);
    const [live] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(crewInvites)
      .where(and(eq(crewInvites.crewId, crewId), eq(crewInvites.inviterId, member.id), gt(crewInvites.expiresAt, sql`now()`)));
    if (Number(live?.n ?? 0) >= CREW_INVITES_PER_MEMBER_MAX) {
      throw new AppError(429, 'too_many_invites', `You can have at most ${CREW_INVITES_PER_MEMBER_MAX} live invite links to this crew; revoke one first`);
    }
    await tx.insert(crewInvites).values({ crewId, inviterId: member.id, tokenHash: hashSecretToken(token), expiresAt });
  });
  return { token, url: crewInviteUrl(app, token), expiresAt: expiresAt.toISOString() };
}

/** The live invite links to the crew: the caller's own, or for its owner every member's; newest first. */
export async function listCrewInvites(app: FastifyInstance, member: UserRow, crewId: number): Promise<CrewInvite[]> {
  const crew = await crewFor(app.db, member, crewId, { membersOnly: true });
  const rows = await app.db
    .select({ invite: crewInvites, inviter: { id: users.id, username: users.username } })
    .from(crewInvites)
    .innerJoin(users, eq(users.id, crewInvites.inviterId))
    .where(
      and(
        eq(crewInvites.crewId, crewId),
        gt(crewInvites.expiresAt, sql`now()`),
        crew.ownerId === member.id ? undefined : eq(crewInvites.inviterId, member.id),
      ),
    )
    .orderBy(desc(crewInvites.id))
    .limit(CREW_INVITES_PER_MEMBER_MAX * CREW_MEMBERS_MAX);
  return rows.map(({ invite, inviter }) => ({
    id: invite.id,
    inviter,
    createdAt: invite.createdAt.toISOString(),
    expiresAt: invite.expiresAt.toISOString(),
  }));
}

/**
 * Revokes an invite link to the crew, named by its token or by its id from the list: its maker
 * may, and the crew's owner may revoke anyone's. From then on the link is 404. Anyone else's link,
 * or none, is 404 too.
 */
export async function revokeCrewInvite(app: FastifyInstance, member: UserRow, crewId: number, tokenOrId: string): Promise<void> {
  const crew = await crewFor(app.db, member, crewId, { membersOnly: true });
  // Tokens are 43 characters of base64url; an id is a short number.
  const byId = /^\d{1,9}$/.test(tokenOrId);
  const removed = await app.db
    .delete(crewInvites)
    .where(
      and(
        eq(crewInvites.crewId, crewId),
        byId ? eq(crewInvites.id, Number(tokenOrId)) : eq(crewInvites.tokenHash, hashSecretToken(tokenOrId)),
        crew.ownerId === member.id ? undefined : eq(crewInvites.inviterId, member.id),
      ),
    )
    .returning({ id: crewInvites.id });
  if (removed.length === 0) throw inviteNotFound();
}

async function findInvite(db: Db | Tx, token: string) {
  const [row] = await db
    .select({ crew: crews, inviter: { id: users.id, username: users.username } })
    .from(crewInvites)
    .innerJoin(crews, eq(crews.id, crewInvites.crewId))
    .innerJoin(users, eq(users.id, crewInvites.inviterId))
    .where(
      and(
        eq(crewInvites.tokenHash, hashSecretToken(token)),
        gt(crewInvites.expiresAt, sql`now()`),
        isNull(users.deactivatedAt),
        // A link works only while its inviter is still in the crew.
        sql`exists (select 1 from ${crewMembers} m where m.crew_id = ${crewInvites.crewId} and m.user_id = ${crewInvites.inviterId})`,
      ),
    );
  return row ?? null;
}


/** What anyone holding the link sees: the crew's name and size, and who invites. */
export async function previewCrewInvite(app: FastifyInstance, token: string): Promise<CrewInvitePreview> {
  const found = await findInvite(app.db, token);
  if (!found) throw inviteNotFound();
  return { crew: { id: found.crew.id, name: found.crew.name, memberCount: await memberCountOf(app.db, found.crew.id) }, inviter: found.inviter };
}

/**
 * The caller joins the crew of the link, and is granted the starting balance in its current
 * season, unless they already had a balance there (they left and came back in the same season):
 * leaving never refills a balance. A member joining again changes nothing.
 */
export async function joinCrew(app: FastifyInstance, user: UserRow, token: string): Promise<Crew> {
  const { crew, notice } = await inTransaction(app.db, async (tx) => {
    const found = await findInvite(tx, token);
    if (!found) throw inviteNotFound();
    const [crew] = await tx.select().from(crews).where(eq(crews.id, found.crew.id)).for('no key update');
    if (!crew) throw inviteNotFound();
    if (await isMember(tx, crew.id, user.id)) return { crew, notice: null };
    if ((await memberCountOf(tx, crew.id)) >= CREW_MEMBERS_MAX) throw conflict(`A crew holds at most ${CREW_MEMBERS_MAX} members`, 'crew_full');
    await refuseTooManyCrews(tx, user.id);
    await tx.insert(crewMembers).values({ crewId: crew.id, userId: user.id });
    const season = await currentSeason(tx, crew.id);
    await moveCrewMoney(tx, 'grant', [{ seasonId: season.id, userId: user.id, amountCents: crew.startingBalanceCents }]);
    const notice =
      found.inviter.id === user.id
        ? null
        : await notify(tx, {
            userId: found.inviter.id,
            type: 'crew_joined',
            params: { member: user.username, crew: crew.name },
            fromUserId: user.id,
            crewId: crew.id,
          });
    return { crew, notice };
  });
  app.domainEvents.notified([notice]);
  return presentCrew(app.db, crew);
}
