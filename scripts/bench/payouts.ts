import { performance } from 'node:perf_hooks';
import { auditLedger } from '../../src/server/features/wallet/service.ts';
import { analyze, createBets, createSyntheticUsers, makeFriends, openSetupApp, userRows, type BenchUser } from './data.ts';
import type { BenchPostgres } from './postgres.ts';
import { startServer, type ServerHandle } from './server.ts';
import type { Spread } from './startup.ts';
import { inBatches, percentile, progress, round } from './util.ts';

/**
 * Payouts: bets with STAKES_PER_BET stakes each, every one resolved by its creator through the
 * API (POST /api/bets/:id/resolve), one after another; the figure is the time from sending the
 * resolve to its answer, which holds the whole settlement: the payouts of about a third of the
 * stakers (each stakes on one of three options, the first wins), every stake's outcome, feed
 * line and notification, and the figures' triggers. The first bet warms the path up and is not
 * timed. The stakes are placed through the API too, before any bet is resolved.
 */

export const STAKES_PER_BET = 1_000;
const STAKE_CONNECTIONS = 32;

export interface PayoutRun {
  bets: number;
  stakesPerBet: number;
  /** Winners paid per bet. */
  payoutsPerBet: number;
  settleMs: Spread;
  /** Each timed bet's settle time, in order. */
  settleEachMs: number[];
  ledgerOk: boolean;
}

async function post(server: ServerHandle, user: BenchUser, path: string, body: unknown): Promise<void> {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { cookie: user.cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`POST ${path} answered ${response.status}: ${text.slice(0, 200)}`);
}

export async function benchPayouts(pgServer: BenchPostgres, timedBets: number, cpuProfileDir?: string): Promise<PayoutRun> {
  const { name, url } = await pgServer.createDatabase('payouts');
  const app = await openSetupApp({ kind: 'postgres', url });
  try {
    const betCount = timedBets + 1;
    progress(`payouts: ${betCount} bets (the first warms up), ${STAKES_PER_BET} stakers on each`);
    const creators = await createSyntheticUsers(app, 'pcr', betCount);
    const stakers = await createSyntheticUsers(app, 'pst', STAKES_PER_BET);
    await makeFriends(app, stakers.flatMap((staker) => creators.map((creator) => [staker.id, creator.id] as const)));
    const rows = await userRows(app, creators.map((c) => c.id));
    const betIds = await createBets(app, creators.map((c) => rows.get(c.id)!), 1, 'Synthetic payout-bench bet');
    await analyze(app);

    const server = await startServer({ name: 'payouts', databaseUrl: url, cpuProfileDir, databaseBusy: () => pgServer.busy(name) });
    try {
      const stakes = betIds.flatMap((betId) => stakers.map((staker, i) => ({ betId, staker, option: i % 3 })));
      await inBatches(stakes, STAKE_CONNECTIONS, ({ betId, staker, option }) =>
        post(server, staker, `/api/bets/${betId}/participate`, { option, amount: `${5 + (staker.id % 50)}.00` }),
      );
      progress(`payouts: ${stakes.length} stakes placed; resolving`);
      const settleEachMs: number[] = [];
      for (const [i, betId] of betIds.entries()) {
        const started = performance.now();
        await post(server, creators[i]!, `/api/bets/${betId}/resolve`, { winningOption: 0 });
        if (i > 0) settleEachMs.push(round(performance.now() - started));
      }
      await server.settle('/api/bets/:id/resolve');
      const result: PayoutRun = {
        bets: timedBets,
        stakesPerBet: STAKES_PER_BET,
        payoutsPerBet: Math.ceil(STAKES_PER_BET / 3),
        settleMs: { median: percentile(settleEachMs, 50), min: Math.min(...settleEachMs), max: Math.max(...settleEachMs) },
        settleEachMs,
        ledgerOk: (await auditLedger(app.db)).violations.length === 0,
      };
      progress(`payouts: settling a bet of ${STAKES_PER_BET} stakes took ${result.settleMs.median} ms (median of ${timedBets}; ${result.settleMs.min}-${result.settleMs.max})`);
      return result;
    } finally {
      await server.stop();
    }
  } finally {
    await app.close();
    await pgServer.dropDatabase(name);
  }
}
