import { createHash, randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/client.ts';
import { BACKFILLS } from '../../src/server/backfills.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { SESSION_COOKIE, SESSION_TTL_MS, hashSessionId } from '../../src/server/features/auth/sessions.ts';
import type { BenchPostgres } from './postgres.ts';
import { startServer } from './server.ts';
import { percentile, progress, round } from './util.ts';

/**
 * Scale: does a request cost more as the user base grows? Two PostgreSQL databases of the same
 * shape, one ten times the other (players, bets, stakes; 25 friends each; an activity, a ledger
 * row and a notification per stake; a crew per ten players, with its seasons, bets, stakes and
 * chat), generated in SQL. Against each, one signed-in player and one admin call every GET route
 * of the API one request after another, and the medians and 99th percentiles of the two sizes are
 * set side by side.
 */

export interface ScaleSize {
  name: string;
  players: number;
  bets: number;
  stakes: number;
  /** Crews (docs/product.md §6.7): one per ten players, about twenty members each. */
  crews: number;
}

export const SCALE_SIZES: ScaleSize[] = [
  { name: '10k', players: 10_000, bets: 5_000, stakes: 100_000, crews: 1_000 },
  { name: '100k', players: 100_000, bets: 50_000, stakes: 1_000_000, crews: 10_000 },
];

/** Stakes per bet: each bet's stakers are the first of its creator's friends, so every stake is visible. */
const FRIEND_STEPS = [1, -1, 2, -2, 3, -3, 4, -4, 5, -5, 6, -6, 7, -7, 8, -8, 9, -9, 10, -10, 11, -11, 12, -12];

export interface RouteTiming {
  route: string;
  as: 'player' | 'admin';
  medianMs: number;
  p99Ms: number;
}

/** What the crews' part of the data came to, counted once it was made. */
export interface CrewData {
  crews: number;
  members: number;
  seasons: number;
  pastSeasons: number;
  bets: number;
  stakes: number;
  messages: number;
}

export interface ScaleRun {
  size: ScaleSize;
  generateSeconds: number;
  crewData: CrewData;
  routes: RouteTiming[];
  /** The viewer's all-time rank read the plain way and from the profit bands (decision record 017). */
  rank: { plainMs: number; bandsMs: number; rank: number };
}

export interface ScaleResult {
  requestsPerRoute: number;
  runs: ScaleRun[];
  /** Per route: the large size's median, and how many times the small one's it is. */
  growth: { route: string; as: string; smallMs: number; largeMs: number; ratio: number; smallP99Ms: number; largeP99Ms: number }[];
}

/**
 * The data, in SQL. Players are users 1..N; player i is friends with i+1 .. i+12 (and i+13 for
 * odd i), around the circle, so everyone has 24 or 26 friends, 25 on average. Bets are spread
 * over the last 90 days, the newest tenth still open, the rest resolved (one in seven voided);
 * each has stakes by the nearest of its creator's friends. Triggers are off while the rows go in
 * (as for a restore) and the read model is rebuilt from them at the end, as an operator would.
 */
export function generationSql(size: ScaleSize): string[] {
  const { players: n, bets: b, stakes: s } = size;
  const perBet = Math.max(1, Math.min(FRIEND_STEPS.length, Math.round(s / b)));
  const steps = `array[${FRIEND_STEPS.slice(0, perBet).join(',')}]`;
  return [
    `set session_replication_role = replica`,
    `insert into users (id, username, email, first_name, balance_cents, created_at)
       select i, 'p' || lpad(i::text, 6, '0'), 'p' || i || '@bench.betbro.invalid', 'Synthetic bench user', 100000,
         now() - interval '120 days' + i * interval '50 milliseconds'
       from generate_series(1, ${n}) i`,
    `select setval('users_id_seq', ${n})`,
    `insert into friendships (requester_id, addressee_id, status, created_at, responded_at)
       select i, ((i - 1 + k) % ${n}) + 1, 'accepted', now() - interval '100 days', now() - interval '100 days'
       from generate_series(1, ${n}) i, generate_series(1, 13) k where k <= 12 or i % 2 = 1`,
    `insert into bets (id, creator_id, title, description, category, status, expiration_type, created_at, updated_at)
       select j, ((j::bigint * 7919) % ${n}) + 1, 'Synthetic bet ' || j, 'A bet of the scale benchmark',
         (array['Sports','Entertainment','Politics','Personal','General'])[1 + j % 5],
         case when j > ${b} * 0.9 then 'active' when j % 7 = 0 then 'void' else 'resolved' end,
         'indefinite', now() - interval '90 days' + (j::float / ${b}) * interval '90 days',
         now() - interval '90 days' + (j::float / ${b}) * interval '90 days'
       from generate_series(1, ${b}) j`,
    `select setval('bets_id_seq', ${b})`,
    `insert into bet_options (bet_id, idx, label)
       select j, o, 'Option ' || (o + 1) from generate_series(1, ${b}) j, generate_series(0, 2) o where o < 2 + j % 2`,
    `insert into stakes (bet_id, user_id, option_idx, amount_cents, created_at)
       select bt.id, ((bt.creator_id - 1 + step + ${n}) % ${n}) + 1, (bt.id + k) % (2 + bt.id % 2),
         100 + ((bt.id * 31 + k * 17) % 4900), bt.created_at + k * interval '1 minute'
       from bets bt, unnest(${steps}) with ordinality as st(step, k)`,
    // Settle the closed bets: winners share the pot in proportion (floors; the cents left over stay
    // unpaid, which the benchmark does not need), a voided bet refunds everyone.
    `update bets bt set winning_option = case when bt.status = 'resolved' then bt.id % (2 + bt.id % 2) end,
       resolved_at = case when bt.status <> 'active' then bt.created_at + interval '1 day' end`,
    `with pools as (
       select s.bet_id, sum(s.amount_cents) as pot, sum(s.amount_cents) filter (where s.option_idx = bt.winning_option) as winners
       from stakes s join bets bt on bt.id = s.bet_id where bt.status <> 'active' group by s.bet_id)
     update stakes s set
       outcome = case when bt.status = 'void' or coalesce(p.winners, 0) = 0 then 'refunded'
         when s.option_idx = bt.winning_option then 'won' else 'lost' end,
       settled_cents = case when bt.status = 'void' or coalesce(p.winners, 0) = 0 then s.amount_cents
         when s.option_idx = bt.winning_option then s.amount_cents * p.pot / p.winners else 0 end
     from bets bt, pools p where bt.id = s.bet_id and p.bet_id = s.bet_id`,
    `update bet_options o set pool_cents = t.pool, stake_count = t.n
       from (select bet_id, option_idx, sum(amount_cents) as pool, count(*) as n from stakes group by 1, 2) t
       where o.bet_id = t.bet_id and o.idx = t.option_idx`,
    `update bets bt set total_pot_cents = t.pot, participant_count = t.n
       from (select bet_id, sum(amount_cents) as pot, count(*) as n from stakes group by 1) t where bt.id = t.bet_id`,
    // Every movement in the ledger, with its running balance, and the balances that follow.
    `insert into ledger_entries (user_id, bet_id, kind, amount_cents, balance_after_cents, created_at)
       select user_id, bet_id, kind, amount, sum(amount) over (partition by user_id order by at, seq, bet_id), at
       from (
         select id as user_id, null::int as bet_id, 'grant' as kind, 100000::bigint as amount, created_at as at, 0 as seq from users
         union all
         select user_id, bet_id, 'stake', -amount_cents, created_at, 1 from stakes
         union all
         select s.user_id, s.bet_id, case when s.outcome = 'refunded' then 'refund' else 'payout' end, s.settled_cents, bt.resolved_at, 2
           from stakes s join bets bt on bt.id = s.bet_id where s.settled_cents > 0
       ) movements`,
    `update users u set balance_cents = t.balance from (select user_id, sum(amount_cents) as balance from ledger_entries group by 1) t
       where u.id = t.user_id`,
    `insert into activities (user_id, type, bet_id, amount_cents, option_idx, created_at)
       select s.user_id, 'bet_placed', s.bet_id, s.amount_cents, s.option_idx, s.created_at from stakes s`,
    `insert into notifications (user_id, type, title, body, bet_id, from_user_id, created_at)
       select bt.creator_id, 'bet_staked', 'New stake on your bet', 'A friend staked on "' || bt.title || '"', s.bet_id, s.user_id, s.created_at
       from stakes s join bets bt on bt.id = s.bet_id`,
    // A tenth of the open bets are jury bets whose result a staker disputes (docs/product.md §4.6),
    // for the admin's list of open disputes.
    `update bets set resolution_mode = 'jury', status = 'disputed', proposed_option = 0, proposed_at = now() - interval '2 hours',
       challenge_ends_at = now() + interval '22 hours', jury_ends_at = now() + interval '3 days', votes_needed = 3
       where status = 'active' and id % 10 = 0`,
    `insert into bet_disputes (bet_id, user_id, reason, created_at)
       select s.bet_id, min(s.user_id), 'Synthetic dispute', now() - interval '1 hour'
       from stakes s join bets bt on bt.id = s.bet_id where bt.status = 'disputed' group by s.bet_id`,
    ...crewGenerationSql(size),
    `set session_replication_role = origin`,
    `select rebuild_figures()`,
  ];
}

/** A crew's bets per season, and the members who stake on each (never its creator). */
const CREW_BETS_PER_SEASON = 2;
const CREW_STAKERS_PER_BET = 6;

/** Cents as formatCents (src/shared/money.ts) writes them, in SQL: '-12.05'. */
const sqlCents = (cents: string) =>
  `(case when ${cents} < 0 then '-' else '' end || (abs(${cents}) / 100)::text || '.' || lpad((abs(${cents}) % 100)::text, 2, '0'))`;

/**
 * The crews (docs/product.md §6.7), after the bets among friends and with triggers still off. Crew
 * c is owned by player 10(c-1)+1; its members are the ten players from its owner on (friends of
 * one another) and ten players spread over the whole circle (player p joins crew 37p mod C + 1),
 * so every player is in two crews on average. A crew has 0 to 3 past seasons of 30 days (by its
 * number mod 4) and a current one begun 10 days ago. Each season has two bets made by a member
 * of the owner's ten, staked on by six other members: both settled in a past season, one settled
 * and one open in the current one, the settled ones resolved (one in seven voided) with the pot
 * paid out to the cent, its leftover cents to the first winning stake. The money moves as
 * move_crew_money would have moved it (features/wallet/money.sql): each member granted the
 * starting balance once per season, each stake debited, each payout and refund credited, in the
 * crew ledger with its running balance, and crew_balances their sums; so every crew season's
 * books balance. A past season's standings are frozen as ending it would have frozen them, with
 * its winner. Each crew has 20 to 80 chat messages and an invite link.
 */
export function crewGenerationSql(size: ScaleSize): string[] {
  const { players: n, bets: b, crews: c } = size;
  return [
    `insert into crews (id, name, owner_id, starting_balance_cents, season_days, created_at)
       select k, 'Crew ' || k, (k - 1) * 10 + 1, (array[100000, 50000, 25000, 100000])[1 + k % 4], 30, now() - interval '130 days'
       from generate_series(1, ${c}) k`,
    `select setval('crews_id_seq', ${c})`,
    `insert into crew_members (crew_id, user_id, joined_at)
       select ((p - 1) / ${n / c}) + 1, p, now() - interval '130 days' from generate_series(1, ${n}) p
       union all
       select ((p::bigint * 37) % ${c}) + 1, p, now() - interval '125 days' from generate_series(1, ${n}) p
       on conflict do nothing`,
    // Past seasons 1..k mod 4, then the current one.
    `insert into crew_seasons (crew_id, number, starts_at, ends_at, ended_at)
       select k, s, now() - interval '10 days' - (k % 4 + 1 - s) * interval '30 days',
         now() + interval '20 days' - (k % 4 + 1 - s) * interval '30 days',
         case when s <= k % 4 then now() + interval '20 days' - (k % 4 + 1 - s) * interval '30 days' end
       from generate_series(1, ${c}) k, generate_series(1, 4) s where s <= k % 4 + 1`,
    `insert into bets (id, creator_id, title, description, category, status, expiration_type, created_at, updated_at, crew_id, season_id)
       select ${b} + row_number() over (order by se.id, q), (se.crew_id - 1) * 10 + q, 'Crew bet ' || se.crew_id || '.' || se.number || '.' || q,
         'A crew bet of the scale benchmark', 'Personal', 'active', 'indefinite',
         se.starts_at + q * interval '2 days', se.starts_at + q * interval '2 days', se.crew_id, se.id
       from crew_seasons se, generate_series(1, ${CREW_BETS_PER_SEASON}) q`,
    `select setval('bets_id_seq', (select max(id) from bets))`,
    // Settled: every bet of a past season, the first of the current one; one in seven voided.
    `update bets bt set status = case when bt.id % 7 = 0 then 'void' else 'resolved' end,
         winning_option = case when bt.id % 7 <> 0 then bt.id % (2 + bt.id % 2) end,
         resolved_at = bt.created_at + interval '1 day'
       from crew_seasons se
       where bt.season_id = se.id and bt.id > ${b} and (se.ended_at is not null or (bt.id - ${b} - 1) % ${CREW_BETS_PER_SEASON} = 0)`,
    `insert into bet_options (bet_id, idx, label)
       select j, o, 'Option ' || (o + 1) from generate_series(${b + 1}, (select max(id) from bets)) j, generate_series(0, 2) o where o < 2 + j % 2`,
    `insert into stakes (bet_id, user_id, option_idx, amount_cents, created_at)
       select bt.id, m.user_id, (bt.id + m.rn) % (2 + bt.id % 2), 100 + ((bt.id * 31 + m.rn * 17) % 4900), bt.created_at + m.rn * interval '1 minute'
       from bets bt cross join lateral (
         select cm.user_id, row_number() over (order by (cm.user_id * 7 + bt.id * 13) % 101, cm.user_id) as rn
         from crew_members cm where cm.crew_id = bt.crew_id and cm.user_id <> bt.creator_id) m
       where bt.crew_id is not null and m.rn <= ${CREW_STAKERS_PER_BET}`,
    `with pools as (
       select s.bet_id, sum(s.amount_cents)::bigint as pot, (sum(s.amount_cents) filter (where s.option_idx = bt.winning_option))::bigint as winners
       from stakes s join bets bt on bt.id = s.bet_id where bt.crew_id is not null and bt.status <> 'active' group by s.bet_id),
     shares as (
       select s.id, s.bet_id, p.pot,
         case when bt.status = 'void' or coalesce(p.winners, 0) = 0 then 'refunded' when s.option_idx = bt.winning_option then 'won' else 'lost' end as outcome,
         case when bt.status = 'void' or coalesce(p.winners, 0) = 0 then s.amount_cents
           when s.option_idx = bt.winning_option then s.amount_cents * p.pot / p.winners else 0 end as base
       from stakes s join bets bt on bt.id = s.bet_id join pools p on p.bet_id = s.bet_id),
     exact as (
       select id, outcome, base + case when id = min(id) filter (where outcome = 'won') over (partition by bet_id)
         then pot - sum(base) over (partition by bet_id) else 0 end as settled
       from shares)
     update stakes s set outcome = e.outcome, settled_cents = e.settled from exact e where s.id = e.id`,
    `update bet_options o set pool_cents = t.pool, stake_count = t.n
       from (select s.bet_id, s.option_idx, sum(s.amount_cents) as pool, count(*) as n from stakes s where s.bet_id > ${b} group by 1, 2) t
       where o.bet_id = t.bet_id and o.idx = t.option_idx`,
    `update bets bt set total_pot_cents = t.pot, participant_count = t.n
       from (select bet_id, sum(amount_cents) as pot, count(*) as n from stakes where bet_id > ${b} group by 1) t where bt.id = t.bet_id`,
    // The crew ledger, in the order the movements happened, with its running balances; then the balances.
    `insert into crew_ledger_entries (season_id, user_id, bet_id, kind, amount_cents, balance_after_cents, created_at)
       select season_id, user_id, bet_id, kind, amount,
         sum(amount) over (partition by season_id, user_id order by at, seq, bet_id), at
       from (
         select se.id as season_id, m.user_id, null::int as bet_id, 'grant' as kind, cr.starting_balance_cents as amount, se.starts_at as at, 0 as seq
           from crew_seasons se join crews cr on cr.id = se.crew_id join crew_members m on m.crew_id = se.crew_id
         union all
         select bt.season_id, s.user_id, s.bet_id, 'stake', -s.amount_cents, s.created_at, 1
           from stakes s join bets bt on bt.id = s.bet_id where bt.crew_id is not null
         union all
         select bt.season_id, s.user_id, s.bet_id, case when s.outcome = 'refunded' then 'refund' else 'payout' end, s.settled_cents, bt.resolved_at, 2
           from stakes s join bets bt on bt.id = s.bet_id where bt.crew_id is not null and s.settled_cents > 0
       ) movements
       order by season_id, user_id, at, seq, bet_id`,
    `insert into crew_balances (season_id, user_id, balance_cents)
       select season_id, user_id, sum(amount_cents) from crew_ledger_entries group by 1, 2`,
    // A past season's standings as ending it froze them (crews/service.ts, standingRows and endSeason).
    `with rows as (
       select se.id as season_id, m.user_id, u.username, coalesce(cb.balance_cents, 0) as balance,
         coalesce(f.profit, 0)::bigint as profit, coalesce(f.bets, 0) as bets, coalesce(f.wins, 0) as wins
       from crew_seasons se join crew_members m on m.crew_id = se.crew_id join users u on u.id = m.user_id
       left join crew_balances cb on cb.season_id = se.id and cb.user_id = m.user_id
       left join (
         select bt.season_id, s.user_id, count(*) filter (where s.outcome is distinct from 'refunded') as bets,
           count(*) filter (where s.outcome = 'won') as wins,
           sum(s.settled_cents - s.amount_cents) filter (where s.outcome in ('won', 'lost')) as profit
         from stakes s join bets bt on bt.id = s.bet_id where bt.season_id is not null group by 1, 2
       ) f on f.season_id = se.id and f.user_id = m.user_id
       where se.ended_at is not null),
     ranked as (select *, rank() over (partition by season_id order by balance desc) as place from rows)
     update crew_seasons se set standings = r.standings, winner_id = r.winner
     from (
       select season_id,
         json_agg(json_build_object('rank', place, 'user', json_build_object('id', user_id, 'username', username),
           'balance', ${sqlCents('balance')}, 'profit', ${sqlCents('profit')}, 'bets', bets, 'wins', wins) order by balance desc, user_id)::text as standings,
         case when count(*) filter (where place = 1) = 1 then min(user_id) filter (where place = 1 and bets > 0) end as winner
       from ranked group by season_id
     ) r
     where se.id = r.season_id`,
    `insert into activities (user_id, type, bet_id, amount_cents, option_idx, created_at)
       select s.user_id, 'bet_placed', s.bet_id, s.amount_cents, s.option_idx, s.created_at from stakes s where s.bet_id > ${b}`,
    `insert into notifications (user_id, type, title, body, bet_id, from_user_id, created_at)
       select bt.creator_id, 'bet_staked', 'New stake on your bet', 'A crew member staked on "' || bt.title || '"', s.bet_id, s.user_id, s.created_at
       from stakes s join bets bt on bt.id = s.bet_id where s.bet_id > ${b}`,
    `insert into crew_messages (crew_id, sender_id, text, created_at)
       select k, (k - 1) * 10 + 1 + i % 10, 'Crew message ' || i, now() - interval '30 days' + i * interval '6 hours'
       from generate_series(1, ${c}) k, generate_series(1, 80) i where i <= 20 + k % 61
       order by k, i`,
    `insert into crew_invites (crew_id, inviter_id, token_hash, expires_at)
       select k, (k - 1) * 10 + 1, md5('bench crew invite ' || k) || md5('salt ' || k), now() + interval '7 days' from generate_series(1, ${c}) k`,
  ];
}

/**
 * The crews' books, checked as the ledger audit checks them (features/wallet/audit.ts) but only
 * for the crews (the rest of the generated data leaves the cents its floors drop unpaid, which the
 * audit would report): each balance the sum of its ledger, each ledger row carrying the running
 * balance, one grant of the starting balance per member and season, each season's money
 * conserved, each crew stake debited once, each settled crew bet paying out its pot exactly, and
 * no open bet in an ended season. Answers the violations found, at most a few per check.
 */
async function crewBookViolations(client: pg.Client): Promise<string[]> {
  const checks: [string, string][] = [
    [
      'crew balance is not the sum of its ledger',
      `select b.season_id, b.user_id from crew_balances b left join crew_ledger_entries l on l.season_id = b.season_id and l.user_id = b.user_id
       group by b.season_id, b.user_id, b.balance_cents having b.balance_cents <> coalesce(sum(l.amount_cents), 0) limit 3`,
    ],
    [
      'crew ledger row without its running balance',
      `select id from (select id, balance_after_cents, sum(amount_cents) over (partition by season_id, user_id order by id) as running
       from crew_ledger_entries) t where balance_after_cents <> running limit 3`,
    ],
    [
      'grants other than the starting balance once per member and season',
      `select l.season_id, l.user_id from crew_ledger_entries l join crew_seasons s on s.id = l.season_id join crews c on c.id = s.crew_id
       where l.kind = 'grant' group by l.season_id, l.user_id, c.starting_balance_cents
       having count(*) <> 1 or sum(l.amount_cents) <> c.starting_balance_cents limit 3`,
    ],
    [
      'crew season not conserving its money',
      `select s.id from crew_seasons s
       where coalesce((select sum(b.balance_cents) from crew_balances b where b.season_id = s.id), 0)
         + coalesce((select sum(t.total_pot_cents) from bets t where t.season_id = s.id and t.status not in ('resolved', 'void')), 0)
         <> coalesce((select sum(l.amount_cents) from crew_ledger_entries l where l.season_id = s.id and l.kind = 'grant'), 0) limit 3`,
    ],
    [
      'crew stake not debited exactly once',
      `select s.id from stakes s join bets b on b.id = s.bet_id
       left join crew_ledger_entries l on l.bet_id = s.bet_id and l.user_id = s.user_id and l.kind = 'stake' and l.season_id = b.season_id
       where b.crew_id is not null group by s.id having count(l.id) <> 1 or coalesce(sum(l.amount_cents), 0) <> -min(s.amount_cents) limit 3`,
    ],
    [
      'settled crew bet not paying out its pot exactly',
      `select b.id from bets b where b.crew_id is not null and b.status in ('resolved', 'void') and (
         b.total_pot_cents <> coalesce((select sum(l.amount_cents) from crew_ledger_entries l
           where l.bet_id = b.id and l.kind in ('payout', 'refund') and l.season_id = b.season_id), 0)
         or b.total_pot_cents <> coalesce((select sum(s.settled_cents) from stakes s where s.bet_id = b.id), 0)) limit 3`,
    ],
    [
      'open bet in an ended season',
      `select t.id from bets t join crew_seasons s on s.id = t.season_id where s.ended_at is not null and t.status not in ('resolved', 'void') limit 3`,
    ],
  ];
  const violations: string[] = [];
  for (const [name, query] of checks) {
    const { rows } = await client.query(query);
    for (const row of rows) violations.push(`${name}: ${JSON.stringify(row)}`);
  }
  return violations;
}

/** A signed-in session for `userId`: the Cookie header that carries it. */
async function sessionFor(client: pg.Client, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await client.query(`insert into sessions (id_hash, user_id, expires_at, user_agent) values ($1, $2, $3, 'betbro bench')`, [
    hashSessionId(token),
    userId,
    new Date(Date.now() + SESSION_TTL_MS).toISOString(),
  ]);
  return `${SESSION_COOKIE}=${token}`;
}

/** What the routes are called with: the viewer, their friend, a bet they see, a conversation. */
interface Subjects {
  viewer: number;
  friend: number;
  bet: number;
  conversation: number;
  playerCookie: string;
  adminCookie: string;
  /** An invite of the viewer's, by its token. */
  inviteToken: string;
  /** The viewer's crew with the most seasons, and an invite link to it, by its token. */
  crew: number;
  crewInviteToken: string;
}

async function prepareSubjects(url: string, size: ScaleSize): Promise<Subjects> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // A player in the middle of the circle: nothing about them is first or last.
    const viewer = Math.floor(size.players / 2) + 1;
    const friend = viewer + 1;
    const admin = viewer + 2;
    await client.query(`update users set role = 'admin' where id = $1`, [admin]);
    const bet = (await client.query<{ id: number }>(`select bet_id as id from stakes where user_id = $1 order by id desc limit 1`, [viewer])).rows[0]!.id;
    const conversation = (
      await client.query<{ id: number }>(`insert into conversations (user_low, user_high) values ($1, $2) returning id`, [viewer, friend])
    ).rows[0]!.id;
    await client.query(
      `insert into messages (conversation_id, sender_id, text) select $1, case when i % 2 = 0 then $2::int else $3::int end, 'Message ' || i
       from generate_series(1, 30) i`,
      [conversation, viewer, friend],
    );
    await client.query(`insert into bet_comments (bet_id, user_id, text) select $1, $2, 'Comment ' || i from generate_series(1, 10) i`, [bet, friend]);
    const inviteToken = randomBytes(32).toString('base64url');
    await client.query(`insert into invites (token_hash, inviter_id, expires_at) values ($1, $2, now() + interval '7 days')`, [
      createHash('sha256').update(inviteToken).digest('hex'),
      viewer,
    ]);
    const crew = (
      await client.query<{ id: number }>(
        `select m.crew_id as id from crew_members m join crew_seasons s on s.crew_id = m.crew_id where m.user_id = $1
         group by m.crew_id order by count(*) desc, m.crew_id limit 1`,
        [viewer],
      )
    ).rows[0]?.id;
    if (crew === undefined) throw new Error(`the viewer ${viewer} belongs to no crew`);
    const crewInviteToken = randomBytes(32).toString('base64url');
    await client.query(`insert into crew_invites (crew_id, inviter_id, token_hash, expires_at) values ($1, $2, $3, now() + interval '7 days')`, [
      crew,
      viewer,
      createHash('sha256').update(crewInviteToken).digest('hex'),
    ]);
    await client.query('vacuum analyze');
    return {
      viewer,
      friend,
      bet,
      conversation,
      playerCookie: await sessionFor(client, viewer),
      adminCookie: await sessionFor(client, admin),
      inviteToken,
      crew,
      crewInviteToken,
    };
  } finally {
    await client.end();
  }
}

/**
 * Every GET route a signed-in player or an admin calls, with what it is called with. The list is
 * checked against the server's own OpenAPI document, so a new GET route cannot go unmeasured.
 */
function routesFor(s: Subjects): { route: string; path: string; as: 'player' | 'admin' }[] {
  const player = (route: string, path = route) => ({ route, path, as: 'player' as const });
  const admin = (route: string, path = route) => ({ route, path, as: 'admin' as const });
  return [
    player('/api/auth/user'),
    player('/api/bets'),
    player('/api/bets/friends'),
    player('/api/my-bets'),
    player('/api/bets/user/:id', `/api/bets/user/${s.friend}`),
    player('/api/bets/:id', `/api/bets/${s.bet}`),
    player('/api/bets/:id/comments', `/api/bets/${s.bet}/comments`),
    player('/api/bets/:id/history', `/api/bets/${s.bet}/history`),
    player('/api/bets/:id/timeline', `/api/bets/${s.bet}/timeline`),
    player('/api/invites'),
    player('/api/invites/:token', `/api/invites/${s.inviteToken}`),
    player('/api/push/public-key'),
    player('/api/auth/welcome'),
    player('/api/leaderboard?period=week', '/api/leaderboard?period=week'),
    player('/api/leaderboard?period=month', '/api/leaderboard?period=month'),
    player('/api/leaderboard?period=all', '/api/leaderboard?period=all'),
    player('/api/leaderboard?scope=friends', '/api/leaderboard?period=all&scope=friends'),
    player('/api/friends'),
    player('/api/friend-requests'),
    player('/api/users/search', '/api/users/search?q=p05'),
    player('/api/users/profile'),
    player('/api/users/:id/profile', `/api/users/${s.friend}/profile`),
    player('/api/users/preferences'),
    player('/api/statistics'),
    player('/api/insights'),
    player('/api/events'),
    player('/api/activities'),
    player('/api/notifications'),
    player('/api/notifications/unread-count'),
    player('/api/conversations'),
    player('/api/conversations/:id/messages', `/api/conversations/${s.conversation}/messages`),
    player('/api/wallet/ledger'),
    player('/api/account'),
    player('/api/account/export'),
    // Crews (docs/product.md §6.7), as one of the crew's members.
    player('/api/crews'),
    player('/api/crews/:id', `/api/crews/${s.crew}`),
    player('/api/crews/:id/standings', `/api/crews/${s.crew}/standings`),
    player('/api/crews/:id/seasons', `/api/crews/${s.crew}/seasons`),
    player('/api/crews/:id/messages', `/api/crews/${s.crew}/messages`),
    player('/api/bets?crewId=', `/api/bets?crewId=${s.crew}`),
    player('/api/crews/join/:token', `/api/crews/join/${s.crewInviteToken}`),
    admin('/api/bets (admin)', '/api/bets'),
    admin('/api/admin/users'),
    admin('/api/admin/users?sort=balance', '/api/admin/users?sort=balance'),
    admin('/api/admin/users?sort=bets', '/api/admin/users?sort=bets'),
    admin('/api/admin/users/:id', `/api/admin/users/${s.viewer}`),
    admin('/api/admin/audit-log'),
    admin('/api/admin/moderation'),
    admin('/api/admin/disputes'),
    admin('/api/reports'),
  ];
}

/** GET routes of the OpenAPI document that the list above does not call. */
async function unmeasuredRoutes(baseUrl: string, measured: string[]): Promise<string[]> {
  const doc = (await (await fetch(`${baseUrl}/api/docs`)).json()) as { paths: Record<string, Record<string, unknown>> };
  // The unsubscribe page is a mail's link, read by whoever follows it, not by a screen.
  const notCalledByPlayers = new Set(['/api/login', '/api/docs', '/api/mail/unsubscribe']);
  // Only the API: /healthz and /readyz are the load balancer's.
  const names = new Set(measured.map((r) => r.split('?')[0]!.replace(' (admin)', '')));
  return Object.entries(doc.paths)
    .filter(([, methods]) => 'get' in methods)
    .map(([path]) => path.replace(/\{(\w+)\}/g, ':$1'))
    .filter((path) => path.startsWith('/api/') && !notCalledByPlayers.has(path) && !names.has(path));
}

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

function get(baseUrl: string, path: string, cookie: string): Promise<{ status: number; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(`${baseUrl}${path}`, { agent, headers: { cookie } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function timeRoutes(baseUrl: string, subjects: Subjects, requests: number): Promise<RouteTiming[]> {
  const timings: RouteTiming[] = [];
  const routes = routesFor(subjects);
  const missing = await unmeasuredRoutes(baseUrl, routes.map((r) => r.route));
  if (missing.length > 0) throw new Error(`GET routes the scale benchmark does not call: ${missing.join(', ')}`);
  for (const route of routes) {
    const cookie = route.as === 'admin' ? subjects.adminCookie : subjects.playerCookie;
    const times: number[] = [];
    for (let i = 0; i < requests + 20; i += 1) {
      const { status, ms } = await get(baseUrl, route.path, cookie);
      if (status !== 200) throw new Error(`${route.path} answered ${status}`);
      // The first twenty warm the server (prepared statements, JIT) and PostgreSQL's caches.
      if (i >= 20) times.push(ms);
    }
    timings.push({ route: route.route, as: route.as, medianMs: round(percentile(times, 50), 2), p99Ms: round(percentile(times, 99), 2) });
  }
  return timings;
}

/**
 * The viewer's all-time rank, read 200 times each way in PostgreSQL itself: the plain count of
 * everyone above, and the statement the server uses (src/server/features/figures/service.ts,
 * ranksOf). Both must give the same rank.
 */
async function timeRank(url: string, viewer: number): Promise<ScaleRun['rank']> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const me = (
      await client.query<{ profit: string; bucket: number }>(
        `select profit_cents as profit, rank_bucket as bucket from player_figures where user_id = $1 and period = 'all'`,
        [viewer],
      )
    ).rows[0]!;
    const plain = `select 1 + count(*) as rank from player_figures where listed and period = 'all' and starts_on = '1970-01-01' and profit_cents > $1`;
    const bands = `select 1
      + coalesce((select sum(players) from figures_ladder where period = 'all' and starts_on = '1970-01-01' and rank_bucket > $2), 0)
      + case when $2::integer < 0
          then coalesce((select sum(players) from figures_players where period = 'all' and starts_on = '1970-01-01'), 0)
            - coalesce((select sum(players) from figures_ladder where period = 'all' and starts_on = '1970-01-01'), 0)
          else 0 end
      + case when $2::integer <> 0 then (select count(*) from player_figures where listed and period = 'all'
          and starts_on = '1970-01-01' and rank_bucket = $2 and profit_cents > $1) else 0 end as rank`;
    const time = async (name: string, text: string, params: unknown[]) => {
      const times: number[] = [];
      let rank = 0;
      for (let i = 0; i < 220; i += 1) {
        const started = performance.now();
        rank = Number((await client.query<{ rank: string }>({ text, values: params, name })).rows[0]!.rank);
        if (i >= 20) times.push(performance.now() - started);
      }
      return { ms: round(percentile(times, 50), 3), rank };
    };
    const plainRun = await time('plain', plain, [me.profit]);
    const bandsRun = await time('bands', bands, [me.profit, me.bucket]);
    if (plainRun.rank !== bandsRun.rank) throw new Error(`rank ${plainRun.rank} counted plainly, ${bandsRun.rank} from the bands`);
    return { plainMs: plainRun.ms, bandsMs: bandsRun.ms, rank: bandsRun.rank };
  } finally {
    await client.end();
  }
}

/** Counts the crews' data, and fails when the crews' books do not balance. */
async function checkCrewData(url: string): Promise<CrewData> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const violations = await crewBookViolations(client);
    if (violations.length > 0) throw new Error(`the generated crew books do not balance:\n  ${violations.join('\n  ')}`);
    const { rows } = await client.query<Record<keyof CrewData, string>>(`select
        (select count(*) from crews) as crews, (select count(*) from crew_members) as members,
        (select count(*) from crew_seasons) as seasons, (select count(*) from crew_seasons where ended_at is not null) as "pastSeasons",
        (select count(*) from bets where crew_id is not null) as bets,
        (select count(*) from stakes s join bets b on b.id = s.bet_id where b.crew_id is not null) as stakes,
        (select count(*) from crew_messages) as messages`);
    const row = rows[0]!;
    return {
      crews: Number(row.crews),
      members: Number(row.members),
      seasons: Number(row.seasons),
      pastSeasons: Number(row.pastSeasons),
      bets: Number(row.bets),
      stakes: Number(row.stakes),
      messages: Number(row.messages),
    };
  } finally {
    await client.end();
  }
}

export async function benchScale(pgServer: BenchPostgres, options: { requests: number; sizes?: ScaleSize[] }): Promise<ScaleResult> {
  const runs: ScaleRun[] = [];
  for (const size of options.sizes ?? SCALE_SIZES) {
    const db = await pgServer.createDatabase(`scale_${size.name}`);
    progress(`scale ${size.name}: ${size.players} players, ${size.bets} bets, ${size.stakes} stakes`);
    const started = performance.now();
    const database = await openDatabase({ kind: 'postgres', url: db.url });
    try {
      await migrate(database, BACKFILLS);
      await database.withConnection(async (query) => {
        for (const statement of generationSql(size)) await query(statement);
      });
    } finally {
      await database.close();
    }
    const subjects = await prepareSubjects(db.url, size);
    const generateSeconds = round((performance.now() - started) / 1000, 1);
    progress(`scale ${size.name}: data made in ${generateSeconds} s`);
    const crewData = await checkCrewData(db.url);
    progress(
      `scale ${size.name}: ${crewData.crews} crews, ${crewData.members} members, ${crewData.seasons} seasons (${crewData.pastSeasons} past), ` +
        `${crewData.bets} crew bets, ${crewData.stakes} crew stakes, ${crewData.messages} crew messages; crew books balanced`,
    );
    const rank = await timeRank(db.url, subjects.viewer);
    const server = await startServer({ name: `scale-${size.name}`, databaseUrl: db.url });
    try {
      const routes = await timeRoutes(server.url, subjects, options.requests);
      runs.push({ size, generateSeconds, crewData, routes, rank });
    } finally {
      await server.stop();
      await pgServer.dropDatabase(db.name);
    }
  }
  const [small, large] = runs;
  const growth =
    small && large
      ? large.routes.map((l) => {
          const s = small.routes.find((r) => r.route === l.route)!;
          return {
            route: l.route,
            as: l.as,
            smallMs: s.medianMs,
            largeMs: l.medianMs,
            ratio: round(l.medianMs / s.medianMs, 2),
            smallP99Ms: s.p99Ms,
            largeP99Ms: l.p99Ms,
          };
        })
      : [];
  return { requestsPerRoute: options.requests, runs, growth };
}
