import type { ScaleSize } from './sizes.ts';

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
 * and one open in the current one (closing the day before the season ends), the settled ones
 * resolved (one in seven voided) with the pot paid out to the cent, its leftover cents to the
 * first winning stake. The money moves as
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
    // The open bet of a current season closes the day before the season ends, as late as a crew bet may (§6.7).
    `update bets bt set expiration_type = 'date', expires_at = se.ends_at - interval '1 day',
         expiration_value = to_char((se.ends_at - interval '1 day') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
       from crew_seasons se where bt.season_id = se.id and bt.status = 'active'`,
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
