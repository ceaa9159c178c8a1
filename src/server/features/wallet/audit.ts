import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';

/**
 * Checks every money rule of docs/product.md §2 on the whole database, for the players' own money
 * and for each crew season's (§6.7), and that everything derived
 * from money (the player figures, their rank counts,
 * the platform totals) equals its recomputation from the rows. Each violation is one
 * human-readable line; an empty list means the books balance.
 */

export interface AuditTotals {
  users: number;
  balancesCents: number;
  openPoolsCents: number;
  grantsCents: number;
  adjustmentsCents: number;
  ledgerRows: number;
}

export interface AuditResult {
  violations: string[];
  totals: AuditTotals;
}

/**
 * Every movement that names a bet, from both ledgers: the players' own (season null) and the crew
 * seasons' (docs/product.md §6.7). A bet's movements are in the ledger of its money: a crew bet's
 * in its season's, any other's in the players'; `l.season_id is not distinct from b.season_id`
 * says so in each check below.
 */
const BET_MOVEMENTS = `(select id, bet_id, user_id, kind, amount_cents, null::integer as season_id from ledger_entries where bet_id is not null
  union all select id, bet_id, user_id, kind, amount_cents, season_id from crew_ledger_entries where bet_id is not null)`;

const CHECKS: { name: string; query: string; describe: (row: Record<string, unknown>) => string }[] = [
  {
    name: 'balance equals the sum of the ledger',
    query: `select u.id, u.balance_cents, coalesce(sum(l.amount_cents), 0) as ledger_sum
      from users u left join ledger_entries l on l.user_id = u.id
      group by u.id having u.balance_cents <> coalesce(sum(l.amount_cents), 0)`,
    describe: (r) => `user ${r.id}: balance ${r.balance_cents} but ledger sums to ${r.ledger_sum}`,
  },
  {
    name: 'no negative balance',
    query: 'select id, balance_cents from users where balance_cents < 0',
    describe: (r) => `user ${r.id}: negative balance ${r.balance_cents}`,
  },
  {
    name: 'each ledger row carries the running balance',
    query: `select id, user_id, balance_after_cents, running from (
        select id, user_id, balance_after_cents,
          sum(amount_cents) over (partition by user_id order by id) as running
        from ledger_entries) t
      where balance_after_cents <> running`,
    describe: (r) => `ledger row ${r.id} (user ${r.user_id}): balance_after ${r.balance_after_cents}, running sum ${r.running}`,
  },
  {
    name: 'option pools equal their stakes',
    query: `select o.bet_id, o.idx, o.pool_cents, o.stake_count, coalesce(sum(s.amount_cents), 0) as staked, count(s.id) as stakes
      from bet_options o left join stakes s on s.bet_id = o.bet_id and s.option_idx = o.idx
      group by o.bet_id, o.idx
      having o.pool_cents <> coalesce(sum(s.amount_cents), 0) or o.stake_count <> count(s.id)`,
    describe: (r) =>
      `bet ${r.bet_id} option ${r.idx}: pool ${r.pool_cents} (${r.stake_count} stakes) but stakes sum to ${r.staked} (${r.stakes})`,
  },
  {
    name: 'bet pot equals its option pools',
    query: `select b.id, b.total_pot_cents, b.participant_count, coalesce(sum(o.pool_cents), 0) as pools,
        (select count(*) from stakes s where s.bet_id = b.id) as stakes
      from bets b left join bet_options o on o.bet_id = b.id
      group by b.id
      having b.total_pot_cents <> coalesce(sum(o.pool_cents), 0)
        or b.participant_count <> (select count(*) from stakes s where s.bet_id = b.id)`,
    describe: (r) =>
      `bet ${r.id}: pot ${r.total_pot_cents} with ${r.participant_count} participants, but pools sum to ${r.pools} over ${r.stakes} stakes`,
  },
  {
    name: 'every stake was debited exactly once',
    query: `select s.id, s.bet_id, s.user_id, s.amount_cents, coalesce(sum(l.amount_cents), 0) as debited, count(l.id) as rows
      from stakes s join bets b on b.id = s.bet_id
      left join ${BET_MOVEMENTS} l on l.bet_id = s.bet_id and l.user_id = s.user_id and l.kind = 'stake'
        and l.season_id is not distinct from b.season_id
      group by s.id
      having count(l.id) <> 1 or coalesce(sum(l.amount_cents), 0) <> -s.amount_cents`,
    describe: (r) => `stake ${r.id} (bet ${r.bet_id}, user ${r.user_id}): ${r.rows} stake rows debiting ${r.debited} for ${r.amount_cents}`,
  },
  {
    name: 'no stake row without a stake',
    query: `select l.id, l.bet_id, l.user_id from ${BET_MOVEMENTS} l
      where l.kind = 'stake' and not exists (select 1 from stakes s join bets b on b.id = s.bet_id
        where s.bet_id = l.bet_id and s.user_id = l.user_id and b.season_id is not distinct from l.season_id)`,
    describe: (r) => `ledger row ${r.id}: stake debit on bet ${r.bet_id} for user ${r.user_id} without a stake`,
  },
  {
    name: 'settled bets paid out their pot exactly, once',
    query: `select b.id, b.status, b.total_pot_cents,
        coalesce((select sum(l.amount_cents) from ${BET_MOVEMENTS} l
          where l.bet_id = b.id and l.kind in ('payout', 'refund') and l.season_id is not distinct from b.season_id), 0) as paid,
        coalesce((select sum(s.settled_cents) from stakes s where s.bet_id = b.id), 0) as settled
      from bets b
      where b.status in ('resolved', 'void') and (
        b.total_pot_cents <> coalesce((select sum(l.amount_cents) from ${BET_MOVEMENTS} l
          where l.bet_id = b.id and l.kind in ('payout', 'refund') and l.season_id is not distinct from b.season_id), 0)
        or b.total_pot_cents <> coalesce((select sum(s.settled_cents) from stakes s where s.bet_id = b.id), 0))`,
    describe: (r) => `bet ${r.id} (${r.status}): pot ${r.total_pot_cents}, paid ${r.paid}, settled on stakes ${r.settled}`,
  },
  {
    name: 'open bets paid nothing yet',
    query: `select b.id, count(l.id) as rows from bets b join ${BET_MOVEMENTS} l on l.bet_id = b.id and l.kind in ('payout', 'refund')
      where b.status not in ('resolved', 'void') group by b.id`,
    describe: (r) => `bet ${r.id} is still open but has ${r.rows} payout/refund rows`,
  },
  {
    name: 'player figures equal their recomputation from the stakes',
    query: `select coalesce(f.user_id, r.user_id) as user_id, coalesce(f.period, r.period) as period,
        coalesce(f.starts_on, r.starts_on)::text as starts_on,
        row(f.bets, f.settled_bets, f.wins, f.wagered_cents, f.profit_cents, f.listed)::text as kept,
        row(r.bets, r.settled_bets, r.wins, r.wagered_cents, r.profit_cents, r.listed)::text as recomputed
      from player_figures f
      full join player_figures_from_stakes r on r.user_id = f.user_id and r.period = f.period and r.starts_on = f.starts_on
      where row(f.bets, f.settled_bets, f.wins, f.wagered_cents, f.profit_cents, f.listed)
        is distinct from row(r.bets, r.settled_bets, r.wins, r.wagered_cents, r.profit_cents, r.listed)`,
    describe: (r) =>
      `user ${r.user_id}, ${r.period} from ${r.starts_on}: kept (bets, settled, wins, wagered, profit, listed) ${r.kept}, recomputed ${r.recomputed}`,
  },
  {
    name: 'the rank counts match the listed players',
    query: `select coalesce(k.period, c.period) as period, coalesce(k.starts_on, c.starts_on)::text as starts_on,
        coalesce(k.rank_bucket, c.rank_bucket) as rank_bucket, coalesce(k.players, 0) as kept, coalesce(c.players, 0) as counted
      from (select period, starts_on, rank_bucket, sum(players) as players from figures_ladder group by 1, 2, 3
            union all
            select period, starts_on, null, sum(players) from figures_players group by 1, 2) k
      full join (select period, starts_on, rank_bucket, count(*) as players from player_figures
                 where listed and rank_bucket <> 0 group by 1, 2, 3
                 union all
                 select period, starts_on, null, count(*) from player_figures where listed group by 1, 2) c
        on c.period = k.period and c.starts_on = k.starts_on and c.rank_bucket is not distinct from k.rank_bucket
      where coalesce(k.players, 0) <> coalesce(c.players, 0)`,
    describe: (r) =>
      `${r.period} from ${r.starts_on}, ${r.rank_bucket === null ? 'all ranked players' : `profit band ${r.rank_bucket}`}: kept ${r.kept}, counted ${r.counted}`,
  },
  {
    name: 'platform totals equal their recomputation',
    query: `select row(t.stakes, t.volume_cents, t.bets, t.active_bets, t.active_value_cents, t.users, t.deactivated_users)::text as kept,
        row(r.stakes, r.volume_cents, r.bets, r.active_bets, r.active_value_cents, r.users, r.deactivated_users)::text as recomputed
      from (select coalesce(sum(stakes), 0) as stakes, coalesce(sum(volume_cents), 0) as volume_cents, coalesce(sum(bets), 0) as bets,
              coalesce(sum(active_bets), 0) as active_bets, coalesce(sum(active_value_cents), 0) as active_value_cents,
              coalesce(sum(users), 0) as users, coalesce(sum(deactivated_users), 0) as deactivated_users from platform_totals) t,
        platform_totals_from_rows r
      where row(t.stakes, t.volume_cents, t.bets, t.active_bets, t.active_value_cents, t.users, t.deactivated_users)
        is distinct from row(r.stakes::numeric, r.volume_cents::numeric, r.bets::numeric, r.active_bets::numeric,
          r.active_value_cents::numeric, r.users::numeric, r.deactivated_users::numeric)`,
    describe: (r) => `(stakes, volume, bets, open bets, open value, users, deactivated) kept ${r.kept}, recomputed ${r.recomputed}`,
  },
  {
    name: 'platform days equal their recomputation',
    query: `select coalesce(k.day, r.day)::text as day,
        row(k.volume_cents, k.new_users, k.bets_created, k.bets_resolved)::text as kept,
        row(r.volume_cents, r.new_users, r.bets_created, r.bets_resolved)::text as recomputed
      from (select day, sum(volume_cents) as volume_cents, sum(new_users) as new_users, sum(bets_created) as bets_created,
              sum(bets_resolved) as bets_resolved from platform_days group by day
            having sum(volume_cents) <> 0 or sum(new_users) <> 0 or sum(bets_created) <> 0 or sum(bets_resolved) <> 0) k
      full join platform_days_from_rows r on r.day = k.day
      where row(k.volume_cents, k.new_users, k.bets_created, k.bets_resolved)
        is distinct from row(r.volume_cents::numeric, r.new_users::numeric, r.bets_created::numeric, r.bets_resolved::numeric)`,
    describe: (r) => `${r.day}: (volume, sign-ups, bets created, resolved) kept ${r.kept}, recomputed ${r.recomputed}`,
  },
  {
    name: 'balance equals grants and adjustments plus all-time profit minus open stakes',
    query: `select u.id, u.balance_cents,
        coalesce((select sum(l.amount_cents) from ledger_entries l where l.user_id = u.id and l.kind in ('grant', 'adjustment')), 0)
        + coalesce((select f.profit_cents from player_figures f where f.user_id = u.id and f.period = 'all'), 0)
        - coalesce((select sum(s.amount_cents) from stakes s join bets b on b.id = s.bet_id
            where s.user_id = u.id and s.outcome is null and b.season_id is null), 0) as expected
      from users u
      where u.balance_cents <>
        coalesce((select sum(l.amount_cents) from ledger_entries l where l.user_id = u.id and l.kind in ('grant', 'adjustment')), 0)
        + coalesce((select f.profit_cents from player_figures f where f.user_id = u.id and f.period = 'all'), 0)
        - coalesce((select sum(s.amount_cents) from stakes s join bets b on b.id = s.bet_id
            where s.user_id = u.id and s.outcome is null and b.season_id is null), 0)`,
    describe: (r) => `user ${r.id}: balance ${r.balance_cents}, but grants + adjustments + profit - open stakes is ${r.expected}`,
  },
  {
    name: 'every settled stake has its outcome, and only settled ones',
    query: `select s.id, s.bet_id, s.outcome, s.settled_cents from stakes s
      where (s.settled_cents is null) <> (s.outcome is null)`,
    describe: (r) => `stake ${r.id} (bet ${r.bet_id}): outcome ${r.outcome}, settled ${r.settled_cents}`,
  },
  {
    name: 'at most one payout or refund per user and bet',
    query: `select bet_id, user_id, count(*) as rows from ${BET_MOVEMENTS} l
      where kind in ('payout', 'refund') group by bet_id, user_id having count(*) > 1`,
    describe: (r) => `bet ${r.bet_id}: user ${r.user_id} was paid ${r.rows} times`,
  },
  // A crew season's money (docs/product.md §6.7), checked as the players' own.
  {
    name: 'crew balance equals the sum of its ledger',
    query: `select b.season_id, b.user_id, b.balance_cents, coalesce(sum(l.amount_cents), 0) as ledger_sum
      from crew_balances b left join crew_ledger_entries l on l.season_id = b.season_id and l.user_id = b.user_id
      group by b.season_id, b.user_id having b.balance_cents <> coalesce(sum(l.amount_cents), 0)`,
    describe: (r) => `season ${r.season_id}, user ${r.user_id}: crew balance ${r.balance_cents} but its ledger sums to ${r.ledger_sum}`,
  },
  {
    name: 'each crew ledger row carries the running balance',
    query: `select id, season_id, user_id, balance_after_cents, running from (
        select id, season_id, user_id, balance_after_cents,
          sum(amount_cents) over (partition by season_id, user_id order by id) as running
        from crew_ledger_entries) t
      where balance_after_cents <> running`,
    describe: (r) => `crew ledger row ${r.id} (season ${r.season_id}, user ${r.user_id}): balance_after ${r.balance_after_cents}, running sum ${r.running}`,
  },
  {
    name: "a crew season's grants are its starting balance, once per member",
    query: `select l.season_id, l.user_id, count(*) as grants, sum(l.amount_cents) as granted, c.starting_balance_cents
      from crew_ledger_entries l join crew_seasons s on s.id = l.season_id join crews c on c.id = s.crew_id
      where l.kind = 'grant'
      group by l.season_id, l.user_id, c.starting_balance_cents
      having count(*) <> 1 or sum(l.amount_cents) <> c.starting_balance_cents`,
    describe: (r) => `season ${r.season_id}, user ${r.user_id}: ${r.grants} grants of ${r.granted} in all, starting balance ${r.starting_balance_cents}`,
  },
  {
    name: 'every crew season conserves its money',
    query: `select s.id, s.crew_id, s.number,
        coalesce((select sum(b.balance_cents) from crew_balances b where b.season_id = s.id), 0) as balances,
        coalesce((select sum(t.total_pot_cents) from bets t where t.season_id = s.id and t.status not in ('resolved', 'void')), 0) as open_pools,
        coalesce((select sum(l.amount_cents) from crew_ledger_entries l where l.season_id = s.id and l.kind = 'grant'), 0) as grants
      from crew_seasons s
      where coalesce((select sum(b.balance_cents) from crew_balances b where b.season_id = s.id), 0)
        + coalesce((select sum(t.total_pot_cents) from bets t where t.season_id = s.id and t.status not in ('resolved', 'void')), 0)
        <> coalesce((select sum(l.amount_cents) from crew_ledger_entries l where l.season_id = s.id and l.kind = 'grant'), 0)`,
    describe: (r) =>
      `crew ${r.crew_id} season ${r.number}: balances ${r.balances} + open pools ${r.open_pools} <> starting balances granted ${r.grants}`,
  },
  {
    name: 'an ended crew season holds no open bet',
    query: `select t.id, t.season_id from bets t join crew_seasons s on s.id = t.season_id
      where s.ended_at is not null and t.status not in ('resolved', 'void')`,
    describe: (r) => `bet ${r.id} is still open in ended season ${r.season_id}`,
  },
];

export async function auditLedger(db: Db): Promise<AuditResult> {
  const violations: string[] = [];
  for (const check of CHECKS) {
    const rows = rowsOf<Record<string, unknown>>(await db.execute(sql.raw(check.query)));
    for (const row of rows.slice(0, 20)) violations.push(`${check.name}: ${check.describe(row)}`);
    if (rows.length > 20) violations.push(`${check.name}: ... and ${rows.length - 20} more`);
  }
  const [totals] = rowsOf<Record<string, string | number>>(
    await db.execute(sql`select
      (select count(*) from users) as users,
      (select coalesce(sum(balance_cents), 0) from users) as balances,
      (select coalesce(sum(total_pot_cents), 0) from bets where status not in ('resolved', 'void') and season_id is null) as open_pools,
      (select coalesce(sum(amount_cents), 0) from ledger_entries where kind = 'grant') as grants,
      (select coalesce(sum(amount_cents), 0) from ledger_entries where kind = 'adjustment') as adjustments,
      (select count(*) from ledger_entries) as ledger_rows`),
  );
  const result: AuditTotals = {
    users: Number(totals?.users ?? 0),
    balancesCents: Number(totals?.balances ?? 0),
    openPoolsCents: Number(totals?.open_pools ?? 0),
    grantsCents: Number(totals?.grants ?? 0),
    adjustmentsCents: Number(totals?.adjustments ?? 0),
    ledgerRows: Number(totals?.ledger_rows ?? 0),
  };
  // Money is created only by grants and adjustments, and destroyed by nothing
  // (docs/product.md §2.6).
  if (result.balancesCents + result.openPoolsCents !== result.grantsCents + result.adjustmentsCents) {
    violations.push(
      `money is not conserved: balances ${result.balancesCents} + open pools ${result.openPoolsCents} ` +
        `<> grants ${result.grantsCents} + adjustments ${result.adjustmentsCents}`,
    );
  }
  return { violations, totals: result };
}
