import { sql } from 'drizzle-orm';
import type { buildApp } from '../../src/server/app.ts';
import { rowsOf } from '../../src/server/db/client.ts';
import { auditLedger } from '../../src/server/features/wallet/audit.ts';
import { checkCrews } from './crew-checks.ts';
import type { OperationLog, StakeOp } from './operation-log.ts';
import type { ChaosCrew } from './world.ts';

export interface Verdict {
  /** Every violation found, those the clients saw while the workload ran first. */
  problems: string[];
  juryReport: string;
  crewReport: string[];
}

/**
 * The checks at the end, on the database the instances left: the ledger audit (the players' books
 * and every crew season's), the money in play as granted, every acknowledged stake there with its
 * amount and no refused one, no jury bet waiting past its window (`sweptBy`), no bet paid twice,
 * the crews' own checks, no dispute without a jury voiding its bet, and no vote from outside its
 * bet's seated jury.
 */
export async function checkRun(
  app: Awaited<ReturnType<typeof buildApp>>,
  { log, crews, startingMoney, sweptBy }: { log: OperationLog; crews: ChaosCrew[]; startingMoney: number; sweptBy: Date },
): Promise<Verdict> {
  const problems: string[] = [...log.seenProblems];
  const audit = await auditLedger(app.db);
  problems.push(...audit.violations);
  const money = audit.totals.balancesCents + audit.totals.openPoolsCents;
  if (money !== startingMoney || audit.totals.grantsCents !== startingMoney) {
    problems.push(`money changed: ${money} in play, ${audit.totals.grantsCents} granted, expected ${startingMoney}`);
  }
  const stakes = rowsOf<{ bet_id: number; user_id: number; amount_cents: number | string }>(
    await app.db.execute(sql`select bet_id, user_id, amount_cents from stakes`),
  );
  const placed = new Map(stakes.map((s) => [`${s.bet_id}:${s.user_id}`, Number(s.amount_cents)]));
  const byPair = new Map<string, StakeOp[]>();
  for (const op of log.stakeOps) byPair.set(`${op.betId}:${op.userId}`, [...(byPair.get(`${op.betId}:${op.userId}`) ?? []), op]);
  for (const [pair, ops] of byPair) {
    const acknowledged = ops.filter((o) => o.outcome === 'ok');
    if (acknowledged.length > 1) problems.push(`stake ${pair} was acknowledged ${acknowledged.length} times`);
    if (acknowledged.length === 1 && !placed.has(pair)) problems.push(`acknowledged stake ${pair} is missing`);
    if (acknowledged.length === 1 && placed.get(pair) !== Math.round(Number(acknowledged[0]!.amount) * 100)) {
      problems.push(`stake ${pair} holds ${placed.get(pair)} cents, acknowledged ${acknowledged[0]!.amount}`);
    }
    if (ops.every((o) => o.outcome === 'failed') && placed.has(pair)) problems.push(`refused stake ${pair} exists`);
  }
  for (const pair of placed.keys()) if (!byPair.has(pair)) problems.push(`stake ${pair} appeared from nowhere`);
  const waiting = rowsOf<{ id: number; status: string }>(
    await app.db.execute(sql`select id, status from bets
      where (status = 'proposed' and challenge_ends_at < ${sweptBy}) or (status = 'disputed' and jury_ends_at < ${sweptBy})`),
  );
  for (const bet of waiting) problems.push(`jury bet ${bet.id} is still ${bet.status} past its window`);
  const paidTwice = rowsOf<{ bet_id: number; user_id: number }>(
    await app.db.execute(sql`select bet_id, user_id from (
        select bet_id, user_id from ledger_entries where kind in ('payout', 'refund')
        union all select bet_id, user_id from crew_ledger_entries where kind in ('payout', 'refund')) paid
      group by bet_id, user_id having count(*) > 1`),
  );
  for (const row of paidTwice) problems.push(`bet ${row.bet_id} paid user ${row.user_id} twice`);
  const crewReport = await checkCrews(app, { log, crews }, problems);
  const [jury] = rowsOf<{ settled: number; stood: number; by_jury: number; voided: number; to_admins: number; free_voids: number }>(
    await app.db.execute(sql`select count(*) filter (where status in ('resolved', 'void'))::int as settled,
        count(*) filter (where status = 'resolved' and resolved_by is null and votes_needed = 0)::int as stood,
        count(*) filter (where status = 'resolved' and resolved_by is null and votes_needed > 0)::int as by_jury,
        count(*) filter (where status = 'void' and void_reason like 'jury%')::int as voided,
        count(*) filter (where jury_ends_at is not null and votes_needed = 0)::int as to_admins,
        count(*) filter (where status = 'void' and void_reason like 'jury%' and votes_needed = 0)::int as free_voids
      from bets where resolution_mode = 'jury'`),
  );
  // A dispute with too few jurors to seat goes to the admins, and never voids the bet (§4.6).
  if ((jury?.free_voids ?? 0) > 0) problems.push(`${jury?.free_voids} jury bets were voided by a dispute without a jury`);
  const [stray] = rowsOf<{ n: number }>(
    await app.db.execute(sql`select count(*)::int as n from bet_votes v
      where not exists (select 1 from bet_jurors j where j.bet_id = v.bet_id and j.user_id = v.user_id)`),
  );
  if ((stray?.n ?? 0) > 0) problems.push(`${stray?.n} votes came from outside their bet's seated jury`);
  const juryReport =
    `jury bets settled ${jury?.settled ?? 0}: proposals that stood ${jury?.stood ?? 0}, jury verdicts ${jury?.by_jury ?? 0}, ` +
    `voided by a jury ${jury?.voided ?? 0}; disputes left to the admins ${jury?.to_admins ?? 0}`;
  return { problems, juryReport, crewReport };
}
