import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';

/**
 * Who among the users connected to this instance may see a bet (DESIGN §7): its creator, the
 * creator's friends, its stakers and the admins. The same rule as visibleTo() in
 * src/server/features/bets/queries.ts and the database function stake_on_bets (migration 0012);
 * change them together.
 *
 * A bet's live events name the bet, not its audience: each instance finds the audience among
 * its own connected users (docs/decisions/013-fan-out-finds-the-audience.md). Listing everyone
 * who may see a bet on every stake had become the largest part of a stake's time in PostgreSQL.
 * So each instance keeps, for each connected user, what decides what they see (their friends,
 * the bets they staked on, whether they are an active admin), read once when their first socket
 * opens and kept current by the events it relays:
 *   - a stake's event names its staker, who from then on sees the bet;
 *   - friend_accepted, friend_removed and `changed` deliveries (a role or an account changed)
 *     make the instance read that user's facts again. What they take away (a friend, the admin
 *     role) is taken away at once, before the read: it fails closed.
 * A user's facts read while such an event arrives are read once more, so the last read always
 * starts after the last change it was told of has committed. Every connected user's facts are
 * read again whenever the bus may have lost deliveries, and every few minutes in any case.
 */

export interface AudienceFacts {
  /** An admin whose account is active. */
  isAdmin: boolean;
  friendIds: readonly number[];
  stakedBetIds: readonly number[];
}

/** Reads a user's facts; null when the user does not exist or their account is closed. */
export type LoadAudienceFacts = (userId: number) => Promise<AudienceFacts | null>;

export interface BetRef {
  id: number;
  creatorId: number;
}

interface Member {
  sockets: number;
  /** What the indexes below hold for this user; null until first read. */
  facts: { isAdmin: boolean; friendIds: Set<number>; stakedBetIds: Set<number> } | null;
  reading: Promise<void> | null;
  /** Something changed while the facts were being read: read them again. */
  stale: boolean;
}

export interface AudienceTroubles {
  /**
   * A read failed. The user's facts are dropped, so until they are read again the user hears of
   * nothing but their own bets; the live layer closes their sockets, and the client's reconnect
   * reads them anew.
   */
  readFailed(error: unknown, userId: number): void;
  /** The user's account is closed (deactivated): their facts are dropped, their sockets should go. */
  accountClosed(userId: number): void;
}

export class ConnectedAudiences {
  private readonly members = new Map<number, Member>();
  /** A user's connected friends, by that user: who hears about the bets they create. */
  private readonly friendsConnected = new Map<number, Set<number>>();
  /** A bet's connected stakers. */
  private readonly stakersConnected = new Map<number, Set<number>>();
  private readonly adminsConnected = new Set<number>();

  constructor(
    private readonly load: LoadAudienceFacts,
    private readonly troubles: AudienceTroubles,
  ) {}

  /** A socket of this user opened here; resolves once the user's facts are read. */
  join(userId: number): Promise<void> {
    let member = this.members.get(userId);
    if (!member) {
      member = { sockets: 0, facts: null, reading: null, stale: false };
      this.members.set(userId, member);
    }
    member.sockets += 1;
    if (member.facts) return Promise.resolve();
    return member.reading ?? this.read(userId, member);
  }

  /** A socket of this user closed here; with the last one, the user leaves every index. */
  leave(userId: number): void {
    const member = this.members.get(userId);
    if (!member) return;
    member.sockets -= 1;
    if (member.sockets > 0) return;
    this.members.delete(userId);
    this.index(userId, member.facts, null);
  }

  /** A stake committed: its staker sees the bet from now on. */
  staked(userId: number, betId: number): void {
    const member = this.members.get(userId);
    if (!member) return;
    if (member.reading) member.stale = true;
    if (!member.facts || member.facts.stakedBetIds.has(betId)) return;
    member.facts.stakedBetIds.add(betId);
    addTo(this.stakersConnected, betId, userId);
  }

  /** What decides this user's audiences changed (a new friend): read it again. */
  changed(userId: number): Promise<void> {
    const member = this.members.get(userId);
    if (!member) return Promise.resolve();
    return this.read(userId, member);
  }

  /**
   * The two stopped being friends: from this moment the user no longer hears about the other's
   * bets, before the facts are read again (which keeps what still holds, such as a stake).
   */
  unfriended(userId: number, formerFriendId: number): Promise<void> {
    const member = this.members.get(userId);
    if (!member) return Promise.resolve();
    if (member.facts?.friendIds.delete(formerFriendId)) removeFrom(this.friendsConnected, formerFriendId, userId);
    return this.read(userId, member);
  }

  /**
   * The user's role or account changed: they stop hearing as an admin at once, and hear as one
   * again only if the facts read now say so.
   */
  accountChanged(userId: number): Promise<void> {
    const member = this.members.get(userId);
    if (!member) return Promise.resolve();
    if (member.facts?.isAdmin) {
      member.facts.isAdmin = false;
      this.adminsConnected.delete(userId);
    }
    return this.read(userId, member);
  }

  /**
   * Reads every connected user's facts again, one after another (so as not to take every
   * database connection at once): after the bus may have lost deliveries, and now and then in
   * case an event was missed some other way.
   */
  async refreshAll(): Promise<void> {
    for (const userId of [...this.members.keys()]) await this.changed(userId);
  }

  /** The connected users who may see the bet. */
  ofBet(bet: BetRef): Set<number> {
    const audience = new Set<number>(this.adminsConnected);
    if (this.members.has(bet.creatorId)) audience.add(bet.creatorId);
    for (const id of this.friendsConnected.get(bet.creatorId) ?? []) audience.add(id);
    for (const id of this.stakersConnected.get(bet.id) ?? []) audience.add(id);
    return audience;
  }

  /** How many connected users this instance holds facts for. */
  get size(): number {
    return this.members.size;
  }

  private read(userId: number, member: Member): Promise<void> {
    if (member.reading) {
      member.stale = true;
      return member.reading;
    }
    member.reading = (async () => {
      try {
        let facts: AudienceFacts | null;
        do {
          member.stale = false;
          facts = await this.load(userId);
        } while (member.stale);
        // Left while its facts were read: nothing to index.
        if (this.members.get(userId) !== member) return;
        if (!facts) {
          this.forget(userId, member);
          this.troubles.accountClosed(userId);
          return;
        }
        const next = { isAdmin: facts.isAdmin, friendIds: new Set(facts.friendIds), stakedBetIds: new Set(facts.stakedBetIds) };
        this.index(userId, member.facts, next);
        member.facts = next;
      } catch (error) {
        // Fail closed: facts that may be out of date let through nothing but the user's own bets.
        if (this.members.get(userId) === member) this.forget(userId, member);
        this.troubles.readFailed(error, userId);
      } finally {
        member.reading = null;
      }
    })();
    return member.reading;
  }

  /** Takes the user out of every index: they hear of nothing but their own bets. */
  private forget(userId: number, member: Member): void {
    this.index(userId, member.facts, null);
    member.facts = null;
  }

  /** Moves a user's entries in the indexes from what was known to what is now. */
  private index(userId: number, before: Member['facts'], after: Member['facts']): void {
    if (before?.isAdmin) this.adminsConnected.delete(userId);
    if (after?.isAdmin) this.adminsConnected.add(userId);
    for (const id of before?.friendIds ?? []) if (!after?.friendIds.has(id)) removeFrom(this.friendsConnected, id, userId);
    for (const id of after?.friendIds ?? []) addTo(this.friendsConnected, id, userId);
    for (const id of before?.stakedBetIds ?? []) if (!after?.stakedBetIds.has(id)) removeFrom(this.stakersConnected, id, userId);
    for (const id of after?.stakedBetIds ?? []) addTo(this.stakersConnected, id, userId);
  }
}

function addTo(index: Map<number, Set<number>>, key: number, userId: number): void {
  let set = index.get(key);
  if (!set) index.set(key, (set = new Set()));
  set.add(userId);
}

function removeFrom(index: Map<number, Set<number>>, key: number, userId: number): void {
  const set = index.get(key);
  if (!set) return;
  set.delete(userId);
  if (set.size === 0) index.delete(key);
}

/** A user's facts from the database, in one query. */
export function audienceFactsFrom(db: Db): LoadAudienceFacts {
  return async (userId) => {
    const [row] = rowsOf<{ isAdmin: boolean; friendIds: number[]; stakedBetIds: number[] }>(
      await db.execute(sql`select
          u.role = 'admin' as "isAdmin",
          coalesce((select json_agg(f.id) from (
            select f.addressee_id as id from friendships f where f.requester_id = u.id and f.status = 'accepted'
            union all
            select f.requester_id from friendships f where f.addressee_id = u.id and f.status = 'accepted') f), '[]') as "friendIds",
          coalesce((select json_agg(s.bet_id) from stakes s where s.user_id = u.id), '[]') as "stakedBetIds"
        from users u where u.id = ${userId} and u.deactivated_at is null`),
    );
    return row ?? null;
  };
}
