import { sql } from 'drizzle-orm';
import { formatDollars } from '../../../shared/money.ts';
import { dollars, returnAndProfit } from '../../../shared/money-words.ts';
import { wordsIn } from '../../i18n.ts';
import type { Activity } from '../../../shared/schemas/activities.ts';
import { rowsOf, type Db } from '../../db/client.ts';
import { activities, type ACTIVITY_TYPES } from './tables.ts';
import type { Tx } from '../../db/transaction.ts';

/**
 * The activity feed (docs/product.md §6.6). A line is stored as facts (who, what,
 * which bet, amount, option, other person) and worded when it is read, for its reader: the bet
 * as it reads now, "You" only in the reader's own lines, and a line about a bet only for a
 * reader who may see that bet now (the view bet_viewers,
 * docs/decisions/018-one-rule-for-who-sees-a-bet.md). So no stored text carries a bet's title
 * past a change of who may see it, a deletion or an edit.
 */

type ActivityType = (typeof ACTIVITY_TYPES)[number];

/**
 * What a line records, by type. `bet_placed` is written with the stake itself, by
 * stake_on_bets (features/bets/stake.sql), with the stake's amount and option.
 */
export type ActivityFact =
  | { type: 'bet_created'; userId: number; betId: number }
  /** The creator's line; the option that won. */
  | { type: 'bet_resolved'; userId: number; betId: number; optionIdx: number }
  | { type: 'bet_won'; userId: number; betId: number; amountCents: number; stakeCents: number; optionIdx: number }
  | { type: 'bet_lost' | 'bet_refunded'; userId: number; betId: number; amountCents: number }
  | { type: 'friend_request_sent' | 'friend_accepted'; userId: number; otherUserId: number };

/**
 * Lines of the feed, written in the transaction of what they tell: one statement for any number
 * of lines (a settlement writes one per stake), their columns passed as arrays.
 */
export async function recordActivity(tx: Tx, facts: ActivityFact | ActivityFact[]): Promise<void> {
  const list = Array.isArray(facts) ? facts : [facts];
  if (list.length === 0) return;
  const column = <T,>(pick: (fact: ActivityFact) => T) => sql.param(list.map(pick));
  await tx.execute(sql`insert into ${activities} (user_id, type, bet_id, amount_cents, stake_cents, option_idx, other_user_id)
    select f.user_id, f.type, f.bet_id, f.amount_cents, f.stake_cents, f.option_idx, f.other_user_id
    from unnest(${column((f) => f.userId)}::integer[], ${column((f) => f.type)}::text[],
      ${column((f) => ('betId' in f ? f.betId : null))}::integer[],
      ${column((f) => ('amountCents' in f ? f.amountCents : null))}::bigint[],
      ${column((f) => ('stakeCents' in f ? f.stakeCents : null))}::bigint[],
      ${column((f) => ('optionIdx' in f ? f.optionIdx : null))}::integer[],
      ${column((f) => ('otherUserId' in f ? f.otherUserId : null))}::integer[])
      with ordinality as f(user_id, type, bet_id, amount_cents, stake_cents, option_idx, other_user_id, i)
    order by f.i`);
}

/** A line of a read, with what its wording needs (row_to_json of the query below). */
interface FeedLine {
  id: number;
  type: ActivityType;
  created_at: string;
  user_id: number;
  username: string;
  bet_id: number | null;
  amount_cents: number | null;
  /** The stake a `bet_won` line's payout came from: a win reads as its return and its profit. */
  stake_cents: number | null;
  other_user_id: number | null;
  other_username: string | null;
  bet_title: string | null;
  option_label: string | null;
}

/**
 * The line as its reader reads it, in their language: a whole sentence, "You" for the reader,
 * everyone else by name. Each type's facts are written together (ActivityFact, stake_on_bets),
 * so those it names are there.
 */
function describeActivity(line: FeedLine, reader: ActivityReader): string {
  const t = wordsIn(reader.locale);
  const own = line.user_id === reader.id ? 'yes' : 'no';
  const who = line.username;
  const bet = line.bet_title!;
  const option = line.option_label!;
  const amount = line.amount_cents === null ? 0 : dollars(line.amount_cents);
  const other = line.other_username!;
  switch (line.type) {
    case 'bet_created':
      return t('activity.created', { own, who, bet });
    case 'bet_placed':
      return t('activity.placed', { own, who, amount, option, bet });
    case 'bet_won': {
      const winnings = line.stake_cents === null ? formatDollars(line.amount_cents!, reader.locale) : returnAndProfit(t, line.amount_cents!, Number(line.stake_cents));
      return t('activity.won', { own, who, winnings, bet, option });
    }
    case 'bet_lost':
      return t('activity.lost', { own, who, amount, bet });
    case 'bet_refunded':
      return t('activity.refunded', { own, who, amount, bet });
    case 'bet_resolved':
      return t('activity.resolved', { own, who, bet, option });
    case 'friend_request_sent':
      return line.other_user_id === reader.id ? t('activity.requestToYou', { who }) : t('activity.requestSent', { own, who, other });
    case 'friend_accepted':
      if (own === 'yes') return t('activity.nowFriendsWithYou', { other });
      return line.other_user_id === reader.id ? t('activity.nowFriendsWithYou', { other: who }) : t('activity.nowFriends', { who, other });
  }
}

/**
 * One read of the reader's feed: the newest `size` lines below `before` that the reader may
 * see, from the lines of their circle (the view creators_seen: a user and their friends).
 * - Each author's newest `size` lines, then the newest of those: the cost follows the reader's
 *   circle, whatever the planner would guess from the table's size.
 * - A friendship is stored once for each friend; when the circle holds both, only the line of
 *   the friend with the lower id is told.
 * - Of those, the newest WINDOW_PER_LINE x `size` are asked of bet_viewers at once, whether the
 *   reader may see each bet a line is about (one question for the whole window, not one per line).
 * - An author with `size` lines read may have older ones left, and a full window may have cut
 *   lines off: the read holds every line of the circle only down to `completeFrom`, the highest of
 *   such authors' oldest read lines and the window's oldest; the lines below it wait for the next
 *   read. Null when nothing was left unread.
 */
async function readLines(
  db: Db,
  readerId: number,
  size: number,
  before: number | undefined,
): Promise<{ lines: FeedLine[]; completeFrom: number | null }> {
  const window = WINDOW_PER_LINE * size;
  const [read] = rowsOf<{ complete_from: number | string | null; lines: FeedLine[] }>(
    await db.execute(sql`with circle as (
        select array_agg(c.creator_id) as ids from creators_seen c where c.viewer_id = ${readerId}
      ), candidates as materialized (
        select x.* from circle cross join lateral unnest(circle.ids) as author(id)
        cross join lateral (
          select * from ${activities} a
          where a.user_id = author.id ${before === undefined ? sql`` : sql`and a.id < ${before}`}
            and not (a.type = 'friend_accepted' and a.other_user_id = any(circle.ids) and a.other_user_id < a.user_id)
          order by a.id desc limit ${size}
        ) x
      ), complete as (
        select max(oldest) as from_id from (
          select min(id) as oldest from candidates group by user_id having count(*) = ${size}
        ) full_authors
      ), newest as materialized (
        select * from candidates where id >= coalesce((select from_id from complete), 0) order by id desc limit ${window}
      ), kept as materialized (
        select n.* from newest n
        where n.bet_id is null or n.bet_id in (
          select v.bet_id from bet_viewers v
          where v.viewer_id = ${readerId} and v.bet_id = any(array(select distinct bet_id from newest where bet_id is not null)))
        order by n.id desc limit ${size}
      )
      select case when (select count(*) from newest) = ${window} then (select min(id) from newest) else k.from_id end as complete_from, (
        select coalesce(json_agg(l order by l.id desc), '[]'::json) from (
          select r.id, r.type, r.created_at, r.user_id, u.username, r.bet_id, r.amount_cents, r.other_user_id,
            r.stake_cents, other.username as other_username, b.title as bet_title, o.label as option_label
          from kept r
          join users u on u.id = r.user_id
          left join users other on other.id = r.other_user_id
          left join bets b on b.id = r.bet_id
          left join bet_options o on o.bet_id = r.bet_id and o.idx = r.option_idx
        ) l
      ) as lines
      from complete k`),
  );
  return { lines: read?.lines ?? [], completeFrom: read?.complete_from == null ? null : Number(read.complete_from) };
}

/**
 * At most so many reads for one page: past them (a reader whose friends' newest lines are
 * almost all about bets the reader may not see), the page ends short, and its `nextBefore` says
 * where the next one starts.
 */
const MAX_READS_PER_PAGE = 10;

/**
 * How many of the newest candidate lines one read asks bet_viewers about, per line of the page:
 * enough that a page is usually one read (on the scale bench's data about 40 % of a circle's
 * lines are about bets its reader may see), few enough that a circle of hundreds of friends
 * costs no more than a few hundred lookups. Asked for the window at once, a read of a page of 50
 * for the scale bench's viewer took 2.7 ms of PostgreSQL's time at 10,000 players and 3.9 ms at
 * 100,000, against 6.9 and 8.2 ms asked line by line until the page was full (EXPLAIN ANALYZE,
 * one execution each, 2026-11-29); the route's median at 100,000 players went from 11.7-12.1 ms
 * to 8.4-9.8 ms (200 requests, two runs each way, before reading the language beside the lines).
 */
const WINDOW_PER_LINE = 4;

/** Whose feed it is, and the language it is worded in. */
export interface ActivityReader {
  id: number;
  locale: string;
}

/**
 * A page of the reader's feed: the newest `limit` lines they may see below `before`, read until
 * the page is full or the feed ends. The reader's language may still be on its way (a read of
 * its own): the first read of lines does not wait for it.
 */
export async function activityPage(
  db: Db,
  readerId: number,
  localeOf: Promise<string>,
  page: { limit: number; before?: number | undefined },
) {
  const { limit } = page;
  const shown: Activity[] = [];
  let before = page.before;
  for (let read = 0; read < MAX_READS_PER_PAGE; read += 1) {
    const [{ lines, completeFrom }, locale] = await Promise.all([readLines(db, readerId, limit - shown.length, before), localeOf]);
    const reader = { id: readerId, locale };
    shown.push(...lines.map((line) => presentLine(line, reader)));
    if (shown.length === limit) return { activities: shown, nextBefore: shown.at(-1)!.id };
    if (completeFrom === null) return { activities: shown, nextBefore: null };
    before = completeFrom;
  }
  return { activities: shown, nextBefore: before ?? null };
}

function presentLine(line: FeedLine, reader: ActivityReader): Activity {
  return {
    id: line.id,
    type: line.type,
    description: describeActivity(line, reader),
    createdAt: new Date(line.created_at).toISOString(),
    userId: line.user_id,
    username: line.username,
    betId: line.bet_id,
  };
}
