import { and, asc, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { formatCents } from '../../../shared/money.ts';
import {
  CREW_INVITE_DAYS,
  CREW_INVITES_PER_MEMBER_MAX,
  CREW_MEMBERS_MAX,
  CREWS_PER_PLAYER_MAX,
  type CreatedCrewInvite,
  type Crew,
  type CrewInvite,
  type CrewInvitePreview,
  type CrewMessage,
  type CrewSeason,
  type CrewStandings,
  type CrewSummary,
  type PastSeason,
  type StandingRow,
} from '../../../shared/schemas/crews.ts';
import { rowsOf, type Db, type RawQuery } from '../../db/client.ts';
import { inTransaction, type Tx } from '../../db/transaction.ts';
import { AppError, conflict, forbidden, notFound } from '../../errors.ts';
import { skeleton } from '../../../shared/text-skeleton.ts';
import { hashSecretToken, newSecretToken } from '../../security/secret-tokens.ts';
import { announce, bets, stakes, voidSeasonBets, type Settled } from '../bets/service.ts';
import { inviteNotFound } from '../invites/service.ts';
import { notify, notifyAll } from '../notifications/service.ts';
import { users, type UserRow } from '../users/service.ts';
import { crewBalances, crewLedgerEntries, moveCrewMoney } from '../wallet/service.ts';
import { crewInvites, crewMembers, crewMessages, crews, crewSeasons, type CrewRow, type CrewSeasonRow } from './tables.ts';

/**
 * Crews (docs/product.md §6.7): a friend group's own space. Its members, its invite links, its
 * seasons with their standings and archive, its chat. Its bets are bets (features/bets) made with
 * a `crewId`; its money per season moves through move_crew_money (features/wallet/money.sql).
 * Nothing about a crew reaches anyone outside it: every read here asks for membership first
 * (admins excepted, but for the chat, which is the members' alone), and a non-member is told the
 * crew does not exist.
 */

export { crews, crewMembers } from './tables.ts';

const crewNotFound = () => notFound('Crew not found', 'crew_not_found');
const DAY_MS = 24 * 60 * 60 * 1000;

function presentSeason(season: CrewSeasonRow): CrewSeason {
  return { number: season.number, startsAt: season.startsAt.toISOString(), endsAt: season.endsAt.toISOString() };
}

async function isMember(db: Db | Tx, crewId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: crewMembers.userId })
    .from(crewMembers)
    .where(and(eq(crewMembers.crewId, crewId), eq(crewMembers.userId, userId)));
  return row !== undefined;
}

/**
 * The crew, for one of its members (or an admin, who sees everything); anyone else 404, never
 * revealing that it exists. `lock` holds the crew row until the transaction ends: joins, removals
 * and season ends of one crew take turns. The crew's and a season's rows are locked FOR NO KEY
 * UPDATE, never FOR UPDATE: a stake's ledger row or a new bet names them by foreign key, which
 * takes a key-share lock that FOR UPDATE would block, and a season's end waiting on that bet
 * would deadlock with it.
 */
async function crewFor(db: Db | Tx, viewer: UserRow, crewId: number, options: { lock?: boolean; membersOnly?: boolean } = {}): Promise<CrewRow> {
  const query = db.select().from(crews).where(eq(crews.id, crewId));
  const [crew] = options.lock ? await query.for('no key update') : await query;
  if (!crew) throw crewNotFound();
  const adminMayRead = viewer.role === 'admin' && !options.membersOnly;
  if (!adminMayRead && !(await isMember(db, crewId, viewer.id))) throw crewNotFound();
  return crew;
}

/** The crew's current season; `lock`, held until the transaction ends (FOR NO KEY UPDATE, as crewFor's). */
async function currentSeason(db: Db | Tx, crewId: number, options: { lock?: boolean } = {}): Promise<CrewSeasonRow> {
  const query = db
    .select()
    .from(crewSeasons)
    .where(and(eq(crewSeasons.crewId, crewId), isNull(crewSeasons.endedAt)));
  const [season] = options.lock ? await query.for('no key update') : await query;
  if (!season) throw new Error(`crew ${crewId} has no current season`);
  return season;
}

async function presentCrew(db: Db | Tx, crew: CrewRow): Promise<Crew> {
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
async function openSeason(tx: Tx, crew: CrewRow, number: number): Promise<CrewSeasonRow> {
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
async function refuseTooManyCrews(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CREW_LOCK_CLASS}, ${userId})`);
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(crewMembers).where(eq(crewMembers.userId, userId));
  if (Number(row?.n ?? 0) >= CREWS_PER_PLAYER_MAX) {
    throw conflict(`You can belong to at most ${CREWS_PER_PLAYER_MAX} crews`, 'too_many_crews');
  }
}
const CREW_LOCK_CLASS = 4_242_040;

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

const CREW_INVITE_LOCK_CLASS = 4_242_041;

/**
 * A member's invite link to the crew: the token shown once, its SHA-256 kept. A member holds at
 * most CREW_INVITES_PER_MEMBER_MAX live links to one crew (429 past that; revoking one makes room),
 * counted under their own lock so two at once cannot both pass.
 */
/** The link of a crew invite: its page, /crews/join/<token>. */
export const crewInviteUrl = (app: FastifyInstance, token: string) => `${app.config.publicUrl}/crews/join/${token}`;

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

const memberCountOf = async (db: Db | Tx, crewId: number) =>
  Number((await db.select({ n: sql<number>`count(*)::int` }).from(crewMembers).where(eq(crewMembers.crewId, crewId)))[0]?.n ?? 0);

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
            title: 'Someone joined your crew',
            body: `${user.username} joined "${crew.name}"`,
            fromUserId: user.id,
            crewId: crew.id,
          });
    return { crew, notice };
  });
  app.domainEvents.notified([notice]);
  return presentCrew(app.db, crew);
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

/**
 * A season's standings: the crew's members ranked by their balance in it (rank as in §5: 1 + the
 * members with a higher balance), with their profit over its settled bets, their bets (open and
 * settled stakes, refunds left out) and their wins.
 */
async function standingRows(db: Db | Tx, crewId: number, seasonId: number): Promise<StandingRow[]> {
  const rows = rowsOf<{ id: number; username: string; balance: string | number; profit: string | number; bets: string | number; wins: string | number }>(
    await db.execute(sql`select u.id, u.username, coalesce(b.balance_cents, 0) as balance,
        coalesce(f.profit, 0) as profit, coalesce(f.bets, 0) as bets, coalesce(f.wins, 0) as wins
      from ${crewMembers} m
      join ${users} u on u.id = m.user_id
      left join ${crewBalances} b on b.season_id = ${seasonId} and b.user_id = m.user_id
      left join lateral (
        select count(*) filter (where s.outcome is distinct from 'refunded') as bets,
          count(*) filter (where s.outcome = 'won') as wins,
          sum(s.settled_cents - s.amount_cents) filter (where s.outcome in ('won', 'lost')) as profit
        from ${stakes} s join ${bets} t on t.id = s.bet_id
        where t.season_id = ${seasonId} and s.user_id = m.user_id
      ) f on true
      where m.crew_id = ${crewId}
      order by coalesce(b.balance_cents, 0) desc, u.id`),
  );
  const balances = rows.map((r) => Number(r.balance));
  return rows.map((r) => ({
    rank: 1 + balances.filter((b) => b > Number(r.balance)).length,
    user: { id: r.id, username: r.username },
    balance: formatCents(Number(r.balance)),
    profit: formatCents(Number(r.profit)),
    bets: Number(r.bets),
    wins: Number(r.wins),
  }));
}

export async function crewStandings(app: FastifyInstance, viewer: UserRow, crewId: number): Promise<CrewStandings> {
  await crewFor(app.db, viewer, crewId);
  const season = await currentSeason(app.db, crewId);
  return { season: presentSeason(season), rows: await standingRows(app.db, crewId, season.id) };
}

/** The crew's past seasons, newest first, each with its standings as they stood at its end. */
export async function pastSeasons(app: FastifyInstance, viewer: UserRow, crewId: number): Promise<PastSeason[]> {
  await crewFor(app.db, viewer, crewId);
  const rows = await app.db
    .select()
    .from(crewSeasons)
    .where(and(eq(crewSeasons.crewId, crewId), sql`${crewSeasons.endedAt} is not null`))
    .orderBy(desc(crewSeasons.number));
  return rows.map((season) => {
    const standings = JSON.parse(season.standings ?? '[]') as StandingRow[];
    const winner = standings.find((row) => row.user.id === season.winnerId)?.user ?? null;
    return { ...presentSeason(season), endsAt: (season.endedAt ?? season.endsAt).toISOString(), winner, rows: standings };
  });
}

/**
 * Ends the crew's current season `season`, locked by the caller, and opens the next
 * (docs/product.md §6.7): its open bets voided and refunded, its standings frozen with the winner
 * (the one member alone at the top, who placed a stake; none on a tie), the members told, and a
 * new season in which every member starts again at the starting balance.
 */
async function endSeason(tx: Tx, crew: CrewRow, season: CrewSeasonRow) {
  const settled = await voidSeasonBets(tx, season.id);
  const rows = await standingRows(tx, crew.id, season.id);
  const top = rows.filter((row) => row.rank === 1);
  const winner = top.length === 1 && top[0]!.bets > 0 ? top[0]!.user : null;
  await tx
    .update(crewSeasons)
    .set({ endedAt: sql`now()`, standings: JSON.stringify(rows), winnerId: winner?.id ?? null })
    .where(eq(crewSeasons.id, season.id));
  const next = await openSeason(tx, crew, season.number + 1);
  const notified = await notifyAll(
    tx,
    rows.map((row) => ({
      userId: row.user.id,
      type: 'crew_season_ended' as const,
      // The crew's name quoted: it is a player's text, and the title becomes a mail's subject.
      title: `Season ${season.number} of "${crew.name}" ended`,
      body: winner ? `${winner.username} won the season. Season ${next.number} starts now.` : `Season ${next.number} starts now.`,
      crewId: crew.id,
    })),
  );
  return { settled, notified, next };
}

function announceEnd(app: FastifyInstance, ended: { settled: Settled[]; notified: { userId: number; id: number }[] }) {
  for (const settled of ended.settled) announce(app, settled);
  app.domainEvents.notified(ended.notified);
}

/** The owner ends the current season now and starts the next. */
export async function startNextSeason(app: FastifyInstance, owner: UserRow, crewId: number): Promise<CrewSeason> {
  const ended = await inTransaction(app.db, async (tx) => {
    const crew = await crewFor(tx, owner, crewId, { lock: true, membersOnly: true });
    if (crew.ownerId !== owner.id) throw forbidden('Only the owner can start a new season', 'not_owner');
    return endSeason(tx, crew, await currentSeason(tx, crewId, { lock: true }));
  });
  announceEnd(app, ended);
  return presentSeason(ended.next);
}

/**
 * Ends every season whose end time has come, each in its own transaction, on every instance at
 * once safely: the crew row is locked and the season asked again, so a season ends once.
 */
export async function finishCrewSeasons(app: FastifyInstance): Promise<number> {
  const due = await app.db
    .select({ id: crewSeasons.id, crewId: crewSeasons.crewId })
    .from(crewSeasons)
    .where(and(isNull(crewSeasons.endedAt), lt(crewSeasons.endsAt, sql`now()`)))
    .orderBy(asc(crewSeasons.endsAt))
    .limit(100);
  let finished = 0;
  for (const { id, crewId } of due) {
    try {
      const ended = await inTransaction(app.db, async (tx) => {
        const [crew] = await tx.select().from(crews).where(eq(crews.id, crewId)).for('no key update');
        const [season] = await tx
          .select()
          .from(crewSeasons)
          .where(and(eq(crewSeasons.id, id), isNull(crewSeasons.endedAt), lt(crewSeasons.endsAt, sql`now()`)))
          .for('no key update');
        return crew && season ? endSeason(tx, crew, season) : null;
      });
      if (ended) {
        announceEnd(app, ended);
        finished += 1;
      }
    } catch (err) {
      app.log.error({ err, seasonId: id }, 'ending a crew season failed');
    }
  }
  return finished;
}

const CREW_MESSAGE_PAGE = 50;

function presentMessage(message: typeof crewMessages.$inferSelect, senderUsername: string): CrewMessage {
  return {
    id: message.id,
    crewId: message.crewId,
    senderId: message.senderId,
    senderUsername,
    text: message.text,
    createdAt: message.createdAt.toISOString(),
  };
}

async function presentMessages(db: Db, where: ReturnType<typeof and>, limit: number): Promise<CrewMessage[]> {
  const rows = await db
    .select({ message: crewMessages, username: users.username })
    .from(crewMessages)
    .innerJoin(users, eq(users.id, crewMessages.senderId))
    .where(where)
    .orderBy(desc(crewMessages.id))
    .limit(limit);
  return rows.map(({ message, username }) => presentMessage(message, username));
}

/** The crew's chat, newest first, a page at a time, for its members only. */
export async function crewMessagePage(app: FastifyInstance, viewer: UserRow, crewId: number, before: number | undefined) {
  // The chat is the members' alone: an admin outside the crew is told it does not exist (§6.7).
  await crewFor(app.db, viewer, crewId, { membersOnly: true });
  const messages = await presentMessages(
    app.db,
    and(eq(crewMessages.crewId, crewId), before === undefined ? undefined : lt(crewMessages.id, before)),
    CREW_MESSAGE_PAGE + 1,
  );
  const more = messages.length > CREW_MESSAGE_PAGE;
  const page = messages.slice(0, CREW_MESSAGE_PAGE);
  return { messages: page, nextBefore: more ? page[page.length - 1]!.id : null };
}

/** A member writes to the crew's chat; every member hears it live. */
export async function sendCrewMessage(app: FastifyInstance, member: UserRow, crewId: number, text: string): Promise<CrewMessage> {
  await crewFor(app.db, member, crewId, { membersOnly: true });
  const [row] = await app.db.insert(crewMessages).values({ crewId, senderId: member.id, text }).returning();
  if (!row) throw new Error('message insert returned nothing');
  app.domainEvents.emit({ type: 'crew_message', crewId, messageId: row.id });
  return presentMessage(row, member.username);
}

/** A crew message as its live event carries it, with the members who hear it: those of the crew now. */
export async function crewMessageDelivery(app: FastifyInstance, messageId: number): Promise<{ userIds: number[]; message: CrewMessage } | null> {
  const [message] = await presentMessages(app.db, eq(crewMessages.id, messageId), 1);
  if (!message) return null;
  const members = await app.db.select({ userId: crewMembers.userId }).from(crewMembers).where(eq(crewMembers.crewId, message.crewId));
  return { userIds: members.map((m) => m.userId), message };
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
