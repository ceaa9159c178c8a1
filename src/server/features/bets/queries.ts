import { and, desc, eq, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { oncePerDatabase, type Db } from '../../db/client.ts';
import { betDisputes, betJurors, betOptions, bets, type StakeRow, stakes } from './tables.ts';
import { type UserRow, users } from '../users/service.ts';
import type { Tx } from '../../db/transaction.ts';
import { MAX_PAGE_SIZE, type Bet } from '../../../shared/schemas/bets.ts';
import { betCacheOf } from './bet-cache.ts';
import {
  betJson,
  betListJson,
  optionJson,
  presentForViewer,
  presentSharedBet,
  stakeJson,
  toBundle,
  type BetBundle,
  type BundleJson,
  type SharedBet,
  type ViewedBet,
} from './present.ts';

export type { BetBundle } from './present.ts';

/** A user id as a value, or as a placeholder of a prepared query. */
type IdParam = number | Placeholder;

/**
 * The bet row's id, always with its table's name: in a select from `bets` alone the query builder
 * writes its columns bare, and a bare `id` inside the subqueries below would be their own table's.
 */
const outerBetId = sql`${bets}."id"`;

/**
 * The bet row of the query is one `viewer` may see (docs/product.md §5.1), by the one statement of
 * the rule, the view bet_viewers (visibility.sql). Others get 404 for it.
 */
export function visibleTo(viewer: { id: IdParam }): SQL {
  return sql`exists (select 1 from bet_viewers v where v.bet_id = ${outerBetId} and v.viewer_id = ${viewer.id})`;
}

export type BetFilter =
  | { kind: 'visible' }
  | { kind: 'friends' }
  | { kind: 'creator'; creatorId: number }
  | { kind: 'crew'; crewId: number }
  | { kind: 'mine' };

/** The viewer and the page as a prepared feed query sees them: placeholders, filled per call. */
const P = {
  viewerId: sql.placeholder('viewerId'),
  creatorId: sql.placeholder('creatorId'),
  crewId: sql.placeholder('crewId'),
  before: sql.placeholder('before'),
  limit: sql.placeholder('limit'),
};

/**
 * The bet row of the query is one the viewer of a prepared feed query may see, asked of
 * bet_viewers row by row. The same rule as visibleTo, written so that PostgreSQL cannot turn it
 * into a join: as an EXISTS it may join the whole view, which for an admin, who sees every bet, is
 * every pair of the view, slower with every player added; asked for
 * one row at a time, it is a few index lookups per bet on the page.
 */
const seenByViewer = sql`(select true from bet_viewers v where v.bet_id = ${outerBetId} and v.viewer_id = ${P.viewerId} limit 1)`;

/**
 * The ids of one page of a feed, newest first, each found from an index that is already in the
 * page's order, so that a page costs the same whatever the number of bets and players:
 * - a viewer's feeds: the newest `limit` bets of each creator whose bets the viewer sees
 *   (creators_seen: their own and their friends'; one short scan of `bets_creator_idx` each),
 *   plus, where the feed includes them, the bets they staked on, their crews' bets and the bets
 *   whose jury they sit on, merged newest first. These are
 *   the branches of bet_viewers (visibility.sql) taken from the viewer's side: a speed copy
 *   of the rule, which visibility.test.ts holds, page by page, to bet_viewers itself and to the
 *   plain reading (plain-feed.ts). Without it the feed walks every bet
 *   newest first testing each, which costs the whole table divided by the viewer's share of it.
 * - one creator's bets: that creator's part of `bets_creator_idx`, each bet asked of bet_viewers;
 * - an admin's feed of every bet: the bets' primary key backwards, each asked of bet_viewers (an
 *   admin sees them all, so the page is the first `limit` of them).
 * The last two walk at most MAX_PAGE_SIZE bets, a constant, and the page's own `limit` stops the
 * walk earlier: with a parameter there, PostgreSQL costs a reusable plan for a tenth of the whole
 * table and plans the query again at every request instead, which at 100,000 players costs more
 * than the query's run (docs/performance.md, "What keeps the bet reads flat").
 */
function pageIds(isAdmin: boolean, filter: BetFilter, paged: boolean): SQL {
  const below = paged ? sql`and id < ${P.before}` : sql``;
  if (filter.kind === 'crew') {
    return sql`select id from ${bets} where crew_id = ${P.crewId} and deleted_at is null ${below} and ${seenByViewer}
      order by id desc limit ${sql.raw(String(MAX_PAGE_SIZE))}`;
  }
  if (filter.kind === 'creator' || (isAdmin && filter.kind === 'visible')) {
    const creator = filter.kind === 'creator' ? sql`and creator_id = ${P.creatorId}` : sql``;
    return sql`select id from ${bets} where deleted_at is null ${creator} ${below} and ${seenByViewer}
      order by id desc limit ${sql.raw(String(MAX_PAGE_SIZE))}`;
  }
  const creators =
    filter.kind === 'mine'
      ? sql`select ${P.viewerId}::int as creator_id`
      : sql`select c.creator_id from creators_seen c where c.viewer_id = ${P.viewerId}`;
  // A friend's crew bets are their crew's (bet_circles): only the viewer's own crew bets come
  // from this branch, and the friends' feed is the bets among friends alone.
  const circle =
    filter.kind === 'friends' ? sql`and crew_id is null` : filter.kind === 'visible' ? sql`and (crew_id is null or creator_id = ${P.viewerId})` : sql``;
  const created = sql`select c.id from (${creators}) p cross join lateral (
      select id from ${bets} where creator_id = p.creator_id and deleted_at is null ${circle} ${below} order by id desc limit ${P.limit}) c`;
  const staked = sql`select b.id from ${stakes} s join ${bets} b on b.id = s.bet_id
      where s.user_id = ${P.viewerId} and b.deleted_at is null ${paged ? sql`and b.id < ${P.before}` : sql``}`;
  // The bets of the viewer's crews, each crew's newest from bets_crew_idx.
  const crews = sql`select c.id from crew_memberships m cross join lateral (
      select id from ${bets} where crew_id = m.crew_id and deleted_at is null ${below} order by id desc limit ${P.limit}) c
      where m.user_id = ${P.viewerId}`;
  // The bets whose dispute seated the viewer on the jury, friends with the creator or no longer.
  const juries = sql`select b.id from ${betJurors} j join ${bets} b on b.id = j.bet_id
      where j.user_id = ${P.viewerId} and b.deleted_at is null ${paged ? sql`and b.id < ${P.before}` : sql``}`;
  const ids =
    filter.kind === 'friends'
      ? created
      : filter.kind === 'visible'
        ? sql`${created} union ${staked} union ${crews} union ${juries}`
        : sql`${created} union ${staked}`;
  return sql`select id from (${ids}) ids order by id desc limit ${P.limit}`;
}

/** A bet's options in order, as one JSON array of rows, for the row of `bets` in the query. */
const optionsJson = sql<unknown[]>`(select coalesce(json_agg(${optionJson.sql('o')} order by o.idx), '[]'::json)
  from ${betOptions} o where o.bet_id = ${outerBetId})`;

/** The bet row's version for bet-cache.ts: the transaction that wrote it as it now is. */
const rowVersion = sql<string>`${bets}.xmin::text`;

/** The name of the referee of the row of `bets` in the query, or null. */
export const refereeUsername = sql<string | null>`(select r.username from ${users} r where r.id = ${bets}."referee_id")`;

/** The viewer's own stake in the row of `bets` in the query, as JSON, or null. */
const viewerStakeJson = (viewerId: IdParam) =>
  sql<unknown>`(select ${stakeJson.sql('vs')} from ${stakes} vs where vs.bet_id = ${outerBetId} and vs.user_id = ${viewerId})`;

/**
 * What every bet shape needs, in the same row as the bet: the bet itself, its creator's name, its
 * options and the viewer's own stake, each row as JSON (src/server/db/row-json.ts): one
 * JSON.parse per value instead of the query builder's per-column mapping. The database functions
 * stake_on_bets and bet_detail (stake.sql and bet-detail.sql, the latter with the most
 * recent participants) build the same shape.
 */
function bundleSelection(viewerId: IdParam) {
  return {
    bet: betJson.sql('"bets"'),
    creatorUsername: users.username,
    refereeUsername: refereeUsername,
    options: optionsJson,
    viewerStake: viewerStakeJson(viewerId),
  };
}

/**
 * What a feed page reads per bet: its id and row version (for bet-cache.ts), its creator's name
 * and the viewer's own stake, the parts of a bet's answer that its row version does not settle.
 */
function pageSelection(viewerId: IdParam) {
  return {
    id: bets.id,
    version: rowVersion,
    creatorUsername: users.username,
    refereeUsername: refereeUsername,
    viewerStake: viewerStakeJson(viewerId),
  };
}

function buildListQuery(db: Db, isAdmin: boolean, filter: BetFilter, paged: boolean) {
  const name = `bets_page_${isAdmin ? 'admin' : 'user'}_${filter.kind}_${paged ? 'paged' : 'first'}`;
  // The page's ids first, then their rows: less work for PostgreSQL than filtering the bets by
  // `id in (...)`.
  return db
    .select(pageSelection(P.viewerId))
    .from(sql`(${pageIds(isAdmin, filter, paged)}) as page`)
    .innerJoin(bets, sql`${bets.id} = page.id`)
    .innerJoin(users, eq(users.id, bets.creatorId))
    .orderBy(desc(bets.id))
    .limit(P.limit)
    .prepare(name);
}

/**
 * The bets a feed page found no cached version of: each row with its options, its version and
 * the viewer's stake, all from one snapshot, so that a bet's pools and the viewer's own stake
 * in it always agree.
 */
function buildSharedBetsQuery(db: Db) {
  return db
    .select({
      bet: betJson.sql('"bets"'),
      version: rowVersion,
      options: optionsJson,
      viewerStake: viewerStakeJson(P.viewerId),
    })
    .from(bets)
    .where(sql`${bets.id} = any(${sql.placeholder('ids')}::int[]) and ${bets.deletedAt} is null`)
    .prepare('bets_shared');
}

/**
 * Feeds are read far more than anything else, so each of their few shapes is built once per
 * database and kept as a prepared query: building a query this size costs more server time
 * than PostgreSQL spends running it (docs/decisions/007-stake-in-the-database.md).
 */
const listQueriesOf = oncePerDatabase((db) => ({
  pages: new Map<string, ReturnType<typeof buildListQuery>>(),
  shared: buildSharedBetsQuery(db),
}));

type PageRequest = { limit: number; before?: number | undefined };

/**
 * One page of a feed as `viewer` sees it, newest first. Each bet is presented once per version
 * of its row and kept (bet-cache.ts); the page itself reads only ids, versions, creators' names
 * and the viewer's stakes, plus the rows of bets not kept at their current version.
 */
async function readBetPage(db: Db, viewer: UserRow, filter: BetFilter, page: PageRequest): Promise<ViewedBet[]> {
  if (page.limit > MAX_PAGE_SIZE) throw new RangeError(`A page holds at most ${MAX_PAGE_SIZE} bets, not ${page.limit}.`);
  const isAdmin = viewer.role === 'admin';
  const paged = page.before !== undefined && page.before > 0;
  const key = `${isAdmin}:${filter.kind}:${paged}`;
  const queries = listQueriesOf(db);
  let query = queries.pages.get(key);
  if (!query) queries.pages.set(key, (query = buildListQuery(db, isAdmin, filter, paged)));
  const rows = await query.execute({
    viewerId: viewer.id,
    creatorId: filter.kind === 'creator' ? filter.creatorId : 0,
    crewId: filter.kind === 'crew' ? filter.crewId : 0,
    before: paged ? page.before : 0,
    limit: page.limit,
  });
  const cache = betCacheOf(db);
  // Each bet with the viewer's stake as read in the same statement as its pools.
  const found = new Map<number, { shared: SharedBet; viewerStake: unknown }>();
  const missing: number[] = [];
  for (const row of rows) {
    const kept = cache.get(row.id, row.version);
    if (kept) found.set(row.id, { shared: kept, viewerStake: row.viewerStake });
    else missing.push(row.id);
  }
  if (missing.length > 0) {
    for (const row of await queries.shared.execute({ ids: missing, viewerId: viewer.id })) {
      const bet = betJson.decode(row.bet);
      const presented = presentSharedBet(bet, row.options.map(optionJson.decode));
      // A row changed since the page was read is newer still: answer and keep what was read now.
      cache.set(bet.id, row.version, presented);
      found.set(bet.id, { shared: presented, viewerStake: row.viewerStake });
    }
  }
  // The page's order is the first read's. A bet deleted between the two reads has no row the
  // second time: it leaves the page.
  return rows.flatMap((row) => {
    const bet = found.get(row.id);
    if (!bet) return [];
    return [
      {
        shared: bet.shared,
        creatorUsername: row.creatorUsername,
        refereeUsername: row.refereeUsername,
        viewerStake: bet.viewerStake ? stakeJson.decode(bet.viewerStake) : null,
      },
    ];
  });
}

/** One page of a feed as `viewer` sees it, newest first, presented. */
export async function listBets(db: Db, viewer: UserRow, filter: BetFilter, page: PageRequest, now = new Date()): Promise<Bet[]> {
  const viewed = await readBetPage(db, viewer, filter, page);
  return viewed.map((bet) => presentForViewer(bet.shared, bet, bet.viewerStake, now));
}

/** The same page as the JSON text of its answer (betListJson), for the feed routes. */
export async function listBetsJson(db: Db, viewer: UserRow, filter: BetFilter, page: PageRequest, now = new Date()): Promise<string> {
  return betListJson(await readBetPage(db, viewer, filter, page), now);
}

/** One bet as `viewer` may see it, or null (the caller answers 404: never reveal it exists). */
export async function findVisibleBet(db: Db | Tx, viewer: UserRow, betId: number): Promise<BetBundle | null> {
  const [row] = await db
    .select(bundleSelection(viewer.id))
    .from(bets)
    .innerJoin(users, eq(users.id, bets.creatorId))
    .where(and(eq(bets.id, betId), visibleTo(viewer)));
  return row ? toBundle(row) : null;
}

const disputers = alias(users, 'disputers');

/** At most so many disputed bets are read at once (docs/product.md §4.6). */
const DISPUTES_READ = 50;

/**
 * The disputed jury bets an admin reads (docs/product.md §4.6), newest dispute first, each with
 * its dispute and who raised it. The newest DISPUTES_READ are chosen first, so that only they are
 * written as JSON: with 500 disputes open, writing every one before choosing took 12 ms at
 * 100,000 players (the scale part of `npm run bench`). Built once per database and kept as a
 * prepared query, as the feeds' are: built at every request, the query cost the server about
 * 1.5 ms of building and PostgreSQL 1.5 ms of planning (bind) before its 3 ms of running.
 */
const disputedBetsQueryOf = oncePerDatabase((db) => {
  const newest = db
    .select({ betId: betDisputes.betId, at: betDisputes.createdAt })
    .from(betDisputes)
    .innerJoin(bets, eq(bets.id, betDisputes.betId))
    .where(and(eq(bets.status, 'disputed'), isNull(bets.deletedAt)))
    .orderBy(desc(betDisputes.createdAt), desc(betDisputes.betId))
    .limit(DISPUTES_READ)
    .as('newest');
  return db
    .select({ ...bundleSelection(P.viewerId), dispute: betDisputes, disputer: disputers.username })
    .from(newest)
    .innerJoin(betDisputes, eq(betDisputes.betId, newest.betId))
    .innerJoin(bets, eq(bets.id, newest.betId))
    .innerJoin(users, eq(users.id, bets.creatorId))
    .innerJoin(disputers, eq(disputers.id, betDisputes.userId))
    .orderBy(desc(newest.at), desc(newest.betId))
    .prepare('disputed_bets');
});

export async function findDisputedBets(db: Db, admin: UserRow): Promise<{ bundle: BetBundle; dispute: typeof betDisputes.$inferSelect; disputer: string }[]> {
  const rows = await disputedBetsQueryOf(db).execute({ viewerId: admin.id });
  return rows.map(({ dispute, disputer, ...bundle }) => ({ bundle: toBundle(bundle), dispute, disputer }));
}

export interface BetDetailRows extends BetBundle {
  participants: { stake: StakeRow; username: string }[];
  /** Whether the viewer may stake on it now, by stake_refusal (stake.sql). */
  canStake: boolean;
  /** What a jury bet's own rules allow the viewer (jury.sql). */
  canDispute: boolean;
  canVote: boolean;
}

/**
 * One bet with its options and its most recent participants (PARTICIPANT_LIST_LIMIT, newest
 * first), as `viewer` may see it, in one round trip (the bet detail answers every resolve and
 * edit). Null when not visible. The shape is built by the database function bet_detail.
 */
export async function findBetDetail(db: Db, viewer: UserRow, betId: number): Promise<BetDetailRows | null> {
  const [row] = await db
    .select({ detail: sql<DetailJson>`bet_detail(${viewer.id}::int, ${bets.id})` })
    .from(bets)
    .where(and(eq(bets.id, betId), visibleTo(viewer)));
  return row ? decodeDetail(row.detail) : null;
}

/** What the database function bet_detail (bet-detail.sql) answers. */
type DetailJson = BundleJson & {
  participants: { stake: unknown; username: string }[];
  canStake: boolean;
  canDispute: boolean;
  canVote: boolean;
};

function decodeDetail(detail: DetailJson): BetDetailRows {
  return {
    ...toBundle(detail),
    participants: detail.participants.map((p) => ({ stake: stakeJson.decode(p.stake), username: p.username })),
    canStake: detail.canStake,
    canDispute: detail.canDispute,
    canVote: detail.canVote,
  };
}
