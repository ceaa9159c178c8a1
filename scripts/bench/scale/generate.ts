import { crewGenerationSql } from './generate-crews.ts';
import type { ScaleSize } from './sizes.ts';

/** Stakes per bet: each bet's stakers are the first of its creator's friends, so every stake is visible. */
const FRIEND_STEPS = [1, -1, 2, -2, 3, -3, 4, -4, 5, -5, 6, -6, 7, -7, 8, -8, 9, -9, 10, -10, 11, -11, 12, -12];

/**
 * The data, in SQL. Players are users 1..N; player i is friends with i+1 .. i+12 (and i+13 for
 * odd i), around the circle, so everyone has 24 or 26 friends, 25 on average. Bets are spread
 * over the last 90 days, the newest tenth still open (half of those closing on a date to come), the
 * rest resolved (one in seven voided); each has stakes by the nearest of its creator's friends.
 * Triggers are off while the rows go in (as for a restore) and the read model is rebuilt from
 * them at the end, as an operator would.
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
    // Half the bets still open close on a date in the next 30 days (the rest stay open until
    // decided), for the calendar feeds (docs/product.md §6.9).
    `update bets set expiration_type = 'date', expires_at = date_trunc('hour', now()) + (1 + id % 30) * interval '1 day' + (id % 24) * interval '1 hour'
       where status = 'active' and id % 2 = 0`,
    `update bets set expiration_value = to_char(expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') where expiration_type = 'date'`,
    ...crewGenerationSql(size),
    `set session_replication_role = origin`,
    `select rebuild_figures()`,
  ];
}
